// HTML (as found in Moodle question texts) to safe plain text with light
// markdown, and back for the Moodle writer. A small hand-written tokenizer: the
// code also runs in Workers, where there is no DOM, and we only need a
// forgiving reading of editor output (TinyMCE/Atto), not a full HTML parser.
// Nothing of the input's markup survives: the result is text, to be escaped
// by whoever renders it, as any other text.
import { normalizeText } from "./text";

export type HtmlText = {
  text: string;
  /** Images dropped, all sources. */
  images: number;
  /** Of which were Moodle's own files (@@PLUGINFILE@@): those never travel in this import. */
  pluginImages: number;
};

// ---------------------------------------------------------------- entities

// The named entities editors actually produce; unknown names are left as written.
const NAMED: Record<string, string> = {
  amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00A0",
  copy: "©", reg: "®", trade: "™", hellip: "…", mdash: "—", ndash: "–",
  lsquo: "‘", rsquo: "’", sbquo: "‚", ldquo: "“", rdquo: "”", bdquo: "„", laquo: "«", raquo: "»",
  times: "×", divide: "÷", plusmn: "±", minus: "−", le: "≤", ge: "≥", ne: "≠", asymp: "≈", equiv: "≡",
  infin: "∞", sum: "∑", prod: "∏", radic: "√", deg: "°", micro: "µ", middot: "·", bull: "•",
  larr: "←", rarr: "→", uarr: "↑", darr: "↓", harr: "↔", lArr: "⇐", rArr: "⇒", hArr: "⇔",
  and: "∧", or: "∨", not: "¬", isin: "∈", notin: "∉", sub: "⊂", sup: "⊃", sube: "⊆", supe: "⊇",
  cap: "∩", cup: "∪", empty: "∅", forall: "∀", exist: "∃", part: "∂", nabla: "∇", lceil: "⌈", rceil: "⌉",
  lfloor: "⌊", rfloor: "⌋", lang: "⟨", rang: "⟩", prime: "′", Prime: "″", permil: "‰",
  sup1: "¹", sup2: "²", sup3: "³", frac12: "½", frac14: "¼", frac34: "¾",
  euro: "€", pound: "£", cent: "¢", yen: "¥", sect: "§", para: "¶", iexcl: "¡", iquest: "¿",
  shy: "", zwnj: "\u200C", zwj: "\u200D", ensp: "\u2002", emsp: "\u2003", thinsp: "\u2009",
  alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", zeta: "ζ", eta: "η", theta: "θ",
  iota: "ι", kappa: "κ", lambda: "λ", mu: "μ", nu: "ν", xi: "ξ", omicron: "ο", pi: "π", rho: "ρ",
  sigma: "σ", sigmaf: "ς", tau: "τ", upsilon: "υ", phi: "φ", chi: "χ", psi: "ψ", omega: "ω",
  Alpha: "Α", Beta: "Β", Gamma: "Γ", Delta: "Δ", Theta: "Θ", Lambda: "Λ", Xi: "Ξ", Pi: "Π",
  Sigma: "Σ", Phi: "Φ", Psi: "Ψ", Omega: "Ω",
  agrave: "à", aacute: "á", acirc: "â", atilde: "ã", auml: "ä", aring: "å", aelig: "æ", ccedil: "ç",
  egrave: "è", eacute: "é", ecirc: "ê", euml: "ë", igrave: "ì", iacute: "í", icirc: "î", iuml: "ï",
  ntilde: "ñ", ograve: "ò", oacute: "ó", ocirc: "ô", otilde: "õ", ouml: "ö", oslash: "ø",
  ugrave: "ù", uacute: "ú", ucirc: "û", uuml: "ü", yacute: "ý", yuml: "ÿ", szlig: "ß",
  Agrave: "À", Aacute: "Á", Acirc: "Â", Atilde: "Ã", Auml: "Ä", Aring: "Å", AElig: "Æ", Ccedil: "Ç",
  Egrave: "È", Eacute: "É", Ecirc: "Ê", Euml: "Ë", Igrave: "Ì", Iacute: "Í", Icirc: "Î", Iuml: "Ï",
  Ntilde: "Ñ", Ograve: "Ò", Oacute: "Ó", Ocirc: "Ô", Otilde: "Õ", Ouml: "Ö", Oslash: "Ø",
  Ugrave: "Ù", Uacute: "Ú", Ucirc: "Û", Uuml: "Ü", Yacute: "Ý",
};

/** Decode HTML character references; `&nbsp;` stays U+00A0 here so callers can protect it. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});?/g, (whole, body: string) => {
    if (body[0] === "#") {
      const code = body[1] === "x" || body[1] === "X" ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      // NUL, surrogates and out-of-range values are not characters: keep what was written.
      if (!Number.isFinite(code) || code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole;
      return String.fromCodePoint(code);
    }
    // Only a terminated name is an entity in text we care about ("&copy" without ";" stays).
    if (!whole.endsWith(";")) return whole;
    return Object.hasOwn(NAMED, body) ? NAMED[body] : whole;
  });
}

// ---------------------------------------------------------------- tags

// Only names in these lists (or namespaced ones like Word's <o:p>) are read as tags,
// so that text such as "if a<b then" or "#include <stdio.h>" written without
// escaping in a hand-made file stays text.
const BLOCK = new Set([
  "p", "div", "section", "article", "header", "footer", "main", "nav", "aside", "address", "blockquote",
  "center", "figure", "figcaption", "form", "fieldset", "legend", "details", "summary", "dl", "dt", "dd",
  "table", "caption", "thead", "tbody", "tfoot", "ul", "ol", "body", "html",
]);
const INLINE = new Set([
  "span", "a", "font", "u", "s", "strike", "del", "ins", "small", "big", "mark", "abbr", "cite", "q",
  "label", "tt", "kbd", "samp", "var", "dfn", "time", "data", "bdi", "bdo", "ruby", "rt", "rp", "nobr",
  "input", "button", "select", "option", "optgroup", "textarea", "iframe", "video", "audio", "source",
  "track", "object", "embed", "param", "svg", "math", "canvas", "picture", "colgroup", "col", "area",
  "map", "meta", "link", "base", "wbr", "noscript", "head", "img", "br", "hr", "pre", "code",
  "b", "strong", "i", "em", "sup", "sub", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6",
]);
/** Deeper lists are indented as this deep (no editor nests further; a hostile file would multiply its size). */
const MAX_LIST_INDENT = 8;

// Their content is not text for a reader at all.
const DROP_CONTENT = new Set(["script", "style", "title", "template"]);

type Tag = { name: string; closing: boolean; attrs: Record<string, string>; end: number };

/** What {@link readTag} answers for a tag whose attributes run to the end of the text without a ">". */
const UNTERMINATED = "unterminated";

/** Read a tag starting at `html[i] === "<"`, or null when it is not one of ours. */
function readTag(html: string, i: number): Tag | null | typeof UNTERMINATED {
  const m = /^<(\/?)([A-Za-z][A-Za-z0-9]*(?:[:-][A-Za-z0-9]+)*)(?=[\s/>])/.exec(html.slice(i, i + 80));
  if (!m) return null;
  const name = m[2].toLowerCase();
  if (!BLOCK.has(name) && !INLINE.has(name) && !DROP_CONTENT.has(name) && !/[:-]/.test(name)) return null;
  // Attributes: name, name=value, name="value", name='value'; ">" inside quotes does not end the tag.
  const attrs: Record<string, string> = {};
  const attrRe = /\s*([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?|\s*\//y;
  let j = i + m[0].length;
  for (;;) {
    if (j >= html.length) return UNTERMINATED; // "<b" running to the end of the text: not a tag
    if (html[j] === ">") break;
    attrRe.lastIndex = j;
    const a = attrRe.exec(html);
    if (!a || a[0].length === 0) {
      j++;
      continue;
    }
    if (a[1]) attrs[a[1].toLowerCase()] = decodeEntities(a[2] ?? a[3] ?? a[4] ?? "");
    j = attrRe.lastIndex;
  }
  return { name, closing: m[1] === "/", attrs, end: j + 1 };
}

// ---------------------------------------------------------------- HTML → text

/**
 * Convert HTML to plain text with light markdown:
 * p/div/br → line breaks, li → "- " (ol → "1. "), pre → ``` fences, code → `…`,
 * b/strong → **…**, i/em → *…*, h1–h6 → **…** on their own line, sup → ^,
 * td/th → " | ", entities decoded, script/style dropped with their content,
 * images dropped and counted, every other tag dropped (its text kept).
 */
export function htmlToText(html: string): HtmlText {
  let out = "";
  let images = 0;
  let pluginImages = 0;
  let pendingSpace = false; // collapsed whitespace waiting for the next word
  let preDepth = 0;
  let preStart = -1; // where the fence's language goes, while nothing was written in the <pre> yet
  let skipNewlineAfterPre = false; // HTML ignores a newline right after <pre>
  const lists: { ordered: boolean; n: number }[] = [];
  const markers: { name: string; at: number; mark: string }[] = [];
  let cellInRow = 0;

  // Finished text moves to `done` so that `out` stays short: reading characters at the
  // end of a long, often-appended string makes V8 copy it each time (quadratic on big inputs).
  const done: string[] = [];
  const flush = () => {
    if (out.length < 16_384) return;
    // An emphasis mark opened long ago and still open is given up (its "**" removed), so it cannot pin the buffer.
    // Markers are in the order of their marks, so the old ones come first: all are cut out in one pass
    // (one at a time, with the others moved each time, was quadratic in open marks: "<b>" × 20,000).
    let old = 0;
    while (old < markers.length && out.length - markers[old].at > 8_192) old++;
    if (old > 0) {
      const kept: string[] = [];
      let from = 0;
      for (const m of markers.splice(0, old)) {
        kept.push(out.slice(from, m.at));
        from = m.at + m.mark.length;
      }
      kept.push(out.slice(from));
      const removed = out.length - kept.reduce((n, part) => n + part.length, 0);
      out = kept.join("");
      for (const m of markers) m.at -= removed;
    }
    let cut = out.length - 256;
    if (preStart >= 0) cut = Math.min(cut, preStart);
    for (const m of markers) cut = Math.min(cut, m.at);
    if (cut <= 0) return;
    done.push(out.slice(0, cut));
    out = out.slice(cut);
    if (preStart >= 0) preStart -= cut;
    for (const m of markers) m.at -= cut;
  };

  const atLineStart = () => out === "" || out.endsWith("\n");
  const trimLineEnd = () => {
    // From the end by hand: a regex anchored at $ would rescan the whole text each time.
    let end = out.length;
    while (end > 0 && (out[end - 1] === " " || out[end - 1] === "\t")) end--;
    if (end < out.length) out = out.slice(0, end);
  };
  const ensureNewlines = (n: number) => {
    pendingSpace = false;
    if (out === "") return;
    trimLineEnd();
    let have = 0; // counted up to n only: "<br>" × 20,000 then "<p>" × 20,000 recounted them all each time
    while (have < n && have < out.length && out[out.length - 1 - have] === "\n") have++;
    if (have < n) out += "\n".repeat(n - have);
  };
  const write = (s: string) => {
    if (s === "") return;
    flush(); // long runs of words without tags, too
    const last = markers[markers.length - 1];
    if (pendingSpace && last && last.at + last.mark.length === out.length) {
      // "<b> word" reads "**word**": the space goes before the mark, not inside it.
      if (last.at > 0 && !/[\s\u00A0]/.test(out[last.at - 1])) {
        out = `${out.slice(0, last.at)} ${out.slice(last.at)}`;
        last.at++;
      }
    } else if (pendingSpace && !atLineStart() && !out.endsWith(" ")) out += " ";
    pendingSpace = false;
    out += s;
  };
  const writeText = (raw: string) => {
    if (raw === "") return;
    if (preDepth > 0) {
      let t = decodeEntities(raw);
      if (skipNewlineAfterPre && t.startsWith("\n")) t = t.slice(1);
      skipNewlineAfterPre = false;
      if (t !== "") preStart = -1;
      out += t;
      return;
    }
    // Collapse the source's whitespace first, then decode: an encoded space (&nbsp;, &#32;) is meant.
    const parts = raw.split(/[ \t\n\r\f]+/);
    parts.forEach((part, k) => {
      if (k > 0) pendingSpace = true;
      write(decodeEntities(part));
    });
  };
  const openMarker = (name: string, mark: string) => {
    if (preDepth > 0) return;
    if (pendingSpace && !atLineStart() && !out.endsWith(" ")) out += " ";
    pendingSpace = false;
    markers.push({ name, at: out.length, mark });
    out += mark;
  };
  const closeMarker = (name: string) => {
    if (preDepth > 0) return;
    for (let k = markers.length - 1; k >= 0; k--) {
      if (markers[k].name !== name) continue;
      const m = markers[k];
      markers.splice(k, 1);
      // "<b></b>" or "<b> </b>": nothing to emphasise, drop the opening mark. Read from the end, which
      // stops at the first letter: slicing all the text since the mark was quadratic for deep nesting.
      let blank = true;
      for (let k = out.length - 1; blank && k >= m.at + m.mark.length; k--) blank = /\s/.test(out[k]);
      if (blank) out = out.slice(0, m.at) + out.slice(m.at + m.mark.length);
      else out += m.mark;
      return;
    }
  };

  let i = 0;
  let textStart = 0;
  // Once a tag runs to the end of the text without a ">", so would every later one: the rest of
  // the text has no ">" outside what that tag read as quoted values, and only garbage quotes
  // differently from another start. So the rest is text, and each later "<" is not read again to
  // the end ("<b x<b x…" took quadratic time: 80 KB in about a minute).
  let tagsEnded = false;
  while (i < html.length) {
    if (html[i] !== "<") {
      i++;
      continue;
    }
    flush();
    // Comments, CDATA, doctype and processing instructions.
    let skipTo = -1;
    if (html.startsWith("<!--", i)) skipTo = html.indexOf("-->", i + 4) + 3;
    else if (html.startsWith("<![CDATA[", i)) {
      writeText(html.slice(textStart, i));
      const end = html.indexOf("]]>", i + 9);
      writeText((end < 0 ? html.slice(i + 9) : html.slice(i + 9, end)).replace(/&/g, "&amp;"));
      i = textStart = end < 0 ? html.length : end + 3;
      continue;
    } else if (html.startsWith("<!", i) || html.startsWith("<?", i)) skipTo = html.indexOf(">", i) + 1;
    if (skipTo !== -1) {
      writeText(html.slice(textStart, i));
      i = textStart = skipTo <= 2 ? html.length : skipTo;
      continue;
    }
    const tag = tagsEnded ? null : readTag(html, i);
    if (tag === UNTERMINATED) tagsEnded = true;
    if (!tag || tag === UNTERMINATED) {
      i++; // a "<" that opens no tag of ours is text
      continue;
    }
    writeText(html.slice(textStart, i));
    i = textStart = tag.end;
    const { name, closing } = tag;

    if (DROP_CONTENT.has(name)) {
      if (!closing) {
        const closeRe = new RegExp(`</${name}`, "gi");
        closeRe.lastIndex = i;
        const close = closeRe.exec(html)?.index ?? -1;
        const after = close < 0 ? html.length : html.indexOf(">", close) + 1 || html.length;
        i = textStart = after;
      }
      continue;
    }

    switch (name) {
      case "br":
        if (preDepth > 0) out += "\n";
        else {
          trimLineEnd();
          out += "\n";
          pendingSpace = false;
        }
        break;
      case "img": {
        images++;
        if ((tag.attrs.src ?? "").includes("@@PLUGINFILE@@")) pluginImages++;
        break;
      }
      case "pre":
        if (!closing) {
          if (preDepth === 0) {
            ensureNewlines(2);
            out += "```";
            preStart = out.length;
            out += "\n";
            skipNewlineAfterPre = true;
          }
          preDepth++;
        } else if (preDepth > 0) {
          preDepth--;
          if (preDepth === 0) {
            if (!out.endsWith("\n")) out += "\n";
            out += "```";
            preStart = -1;
            ensureNewlines(2);
          }
        }
        break;
      case "code":
        if (preDepth > 0) {
          // <pre><code class="language-python"> names the fence's language.
          const lang = /(?:^|\s)(?:language|lang)-([A-Za-z0-9+#_-]+)/.exec(tag.attrs.class ?? "");
          if (!closing && lang && preStart >= 0) {
            out = out.slice(0, preStart) + lang[1] + out.slice(preStart);
            preStart = -1;
          }
        } else if (closing) closeMarker("code");
        else openMarker("code", "`");
        break;
      case "b":
      case "strong":
        if (closing) closeMarker("b");
        else openMarker("b", "**");
        break;
      case "i":
      case "em":
        if (closing) closeMarker("i");
        else openMarker("i", "*");
        break;
      case "sup":
        if (!closing && preDepth === 0) write("^");
        break;
      case "sub":
        if (!closing && preDepth === 0) write("_");
        break;
      case "h1":
      case "h2":
      case "h3":
      case "h4":
      case "h5":
      case "h6":
        if (preDepth > 0) break;
        if (!closing) {
          ensureNewlines(2);
          openMarker("h", "**");
        } else {
          closeMarker("h");
          ensureNewlines(2);
        }
        break;
      case "ul":
      case "ol":
        if (preDepth > 0) break;
        if (!closing) lists.push({ ordered: name === "ol", n: 0 });
        else lists.pop();
        ensureNewlines(lists.length > 0 || !closing ? 1 : 2);
        break;
      case "li":
        if (preDepth > 0) break;
        if (!closing) {
          ensureNewlines(1);
          const list = lists[lists.length - 1];
          // Indented by at most MAX_LIST_INDENT levels: 20,000 nested <ul> would otherwise write 40,000 spaces per item.
          const indent = "  ".repeat(Math.min(MAX_LIST_INDENT, Math.max(0, lists.length - 1)));
          if (list?.ordered) out += `${indent}${++list.n}. `;
          else out += `${indent}- `;
        } else ensureNewlines(1);
        break;
      case "tr":
        if (preDepth > 0) break;
        cellInRow = 0;
        ensureNewlines(1);
        break;
      case "td":
      case "th":
        if (preDepth > 0 || closing) break;
        if (cellInRow++ > 0) {
          trimLineEnd();
          out += " | ";
          pendingSpace = false;
        }
        break;
      case "hr":
        if (preDepth > 0) break;
        ensureNewlines(2);
        out += "---";
        ensureNewlines(2);
        break;
      case "p":
        if (preDepth === 0) ensureNewlines(2);
        break;
      default:
        if (BLOCK.has(name) && preDepth === 0) ensureNewlines(1);
      // Everything else (span, a, font, Word's o:p…) is dropped, its text kept.
    }
  }
  writeText(html.slice(textStart));
  // Marks never closed ("<b>" to the end, or "a<b and c>d") would leave a stray "**": remove them.
  for (const m of [...markers].sort((a, b) => b.at - a.at)) out = out.slice(0, m.at) + out.slice(m.at + m.mark.length);
  while (preDepth > 0) {
    // An unclosed <pre>: close the fence so the rest of the text is not swallowed.
    preDepth--;
    if (preDepth === 0) out += (out.endsWith("\n") ? "" : "\n") + "```";
  }
  // Protected spaces were kept through collapsing; now they are ordinary spaces.
  return { text: normalizeText((done.join("") + out).replace(/\u00A0/g, " ")), images, pluginImages };
}

// ---------------------------------------------------------------- text → HTML (writers)

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** One line of prose: spaces that HTML would collapse are written so they survive. */
function proseLineToHtml(line: string): string {
  const escaped = escapeHtml(line).replace(/\t/g, "&#9;");
  return escaped
    .replace(/^ +/, (s) => "&nbsp;".repeat(s.length))
    .replace(/ {2,}/g, (s) => "&nbsp;".repeat(s.length - 1) + " ");
}

/**
 * The inverse of {@link htmlToText} for texts in the canonical form: paragraphs
 * become <p>, single line breaks <br>, ``` fences <pre>. Everything else is
 * escaped, so markdown-looking characters come back as written.
 */
export function textToHtml(text: string): string {
  const lines = normalizeText(text).split("\n");
  const html: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) html.push(`<p>${paragraph.map(proseLineToHtml).join("<br>\n")}</p>`);
    paragraph = [];
  };
  for (let k = 0; k < lines.length; k++) {
    const line = lines[k];
    const fence = /^\s*```\s*([^\s`]*)\s*$/.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      k++;
      while (k < lines.length && !/^\s*```\s*$/.test(lines[k])) code.push(lines[k++]);
      const lang = fence[1] ? `<code class="language-${escapeHtml(fence[1])}">` : "";
      // The newline after <pre> is ignored by HTML (and by htmlToText), so add one to keep a leading blank line.
      html.push(`<pre>${lang}\n${escapeHtml(code.join("\n"))}${lang ? "</code>" : ""}</pre>`);
      continue;
    }
    if (line.trim() === "") flush();
    else paragraph.push(line);
  }
  flush();
  return html.join("\n");
}
