// HTML (as found in Moodle question texts) to safe plain text with light
// markdown, and back for the Moodle writer. Read by htmlparser2's streaming
// tokenizer (Workers have no DOM), character references decoded by `entities`
// (all of HTML's names). Nothing of the input's markup survives: the result is
// text, to be escaped by whoever renders it, as any other text.
import { decodeHTML, decodeHTMLAttribute } from "entities/decode";
import { escapeText, escapeUTF8 } from "entities/escape";
import { Tokenizer, type TokenizerCallbacks } from "htmlparser2";
import { normalizeText } from "./text";

export type HtmlText = {
  text: string;
  /** Images dropped, all sources. */
  images: number;
  /** Of which were Moodle's own files (@@PLUGINFILE@@): those never travel in this import. */
  pluginImages: number;
};

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

const isOurTag = (name: string) => BLOCK.has(name) || INLINE.has(name) || DROP_CONTENT.has(name) || /[:-]/.test(name);
/** A "<" with the tag name it may open (not "<!" or "<?": comments, CDATA, doctypes). */
const TAG_LIKE = /<(?![!?])\/?([A-Za-z][A-Za-z0-9]*(?:[:-][A-Za-z0-9]+)*)?/g;

// ---------------------------------------------------------------- HTML → text

/**
 * Convert HTML to plain text with light markdown:
 * p/div/br → line breaks, li → "- " (ol → "1. "), pre → ``` fences, code → `…`,
 * b/strong → **…**, i/em → *…*, h1–h6 → **…** on their own line, sup → ^,
 * td/th → " | ", character references decoded, script/style/title/template
 * dropped with their content, comments and CDATA sections dropped, images
 * dropped and counted, every other tag dropped (its text kept).
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
      let t = decodeHTML(raw);
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
      write(decodeHTML(part));
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

  /** One tag of ours, opening or closing: what it does to the text. */
  const tag = (name: string, closing: boolean, attrs: Record<string, string>) => {
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
        if ((attrs.src ?? "").includes("@@PLUGINFILE@@")) pluginImages++;
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
          const lang = /(?:^|\s)(?:language|lang)-([^\s`]+)/.exec(attrs.class ?? ""); // what textToHtml writes
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
  };

  // "<" that opens none of our tags is text: escaped before the tokenizer sees it, so it reads no tag there.
  const src = html.replace(TAG_LIKE, (whole: string, name: string | undefined, at: number) =>
    name && isOurTag(name.toLowerCase()) && /[\s/>]/.test(html[at + whole.length] ?? "") ? whole : `&lt;${whole.slice(1)}`,
  );
  // The tokenizer reports positions in `src`; `read` is where the source read so far ends.
  let read = 0;
  let dropDepth = 0; // inside <script>, <style>, <title> or <template>
  let open: { name: string; attrs: Record<string, string> } | null = null;
  let attr = { name: "", value: "" };
  const text = (raw: string) => {
    if (dropDepth === 0) writeText(raw);
  };
  const openTagEnd = (end: number) => {
    if (!open) return;
    const { name, attrs } = open;
    open = null;
    read = end + 1;
    flush();
    if (DROP_CONTENT.has(name)) dropDepth++;
    else if (dropDepth === 0) tag(name, false, attrs);
  };
  const callbacks: TokenizerCallbacks = {
    ontext(start, end) {
      // Text at the end after an unended closing tag ("a</b x") comes with start -1: that tag is not text.
      start = Math.max(start, read);
      if (end > start) text(src.slice(start, end));
      read = Math.max(read, end);
    },
    onopentagname(start, end) {
      open = { name: src.slice(start, end).toLowerCase(), attrs: {} };
    },
    onattribname(start, end) {
      attr = { name: src.slice(start, end).toLowerCase(), value: "" };
    },
    onattribdata(start, end) {
      attr.value += src.slice(start, end);
    },
    onattribend() {
      if (open && !Object.hasOwn(open.attrs, attr.name)) open.attrs[attr.name] = decodeHTMLAttribute(attr.value);
    },
    onopentagend: openTagEnd,
    onselfclosingtag: openTagEnd, // HTML ignores the "/" of <b/>: it opens
    onclosetag(start, end) {
      const name = src.slice(start, end).toLowerCase();
      const close = src.indexOf(">", end);
      read = close < 0 ? src.length : close + 1;
      flush();
      if (DROP_CONTENT.has(name)) dropDepth = Math.max(0, dropDepth - 1);
      else if (dropDepth === 0) tag(name, true, {});
    },
    // Comments, CDATA sections (bogus comments in HTML), doctypes and "<?…>": none of it is text.
    oncomment(_start, end) {
      read = end + 1;
    },
    oncdata(_start, end) {
      read = end + 1;
    },
    ondeclaration(_start, end) {
      read = end + 1;
    },
    onprocessinginstruction(_start, end) {
      read = end + 1;
    },
    // With decodeEntities off the tokenizer reports no references; writeText decodes them after collapsing spaces.
    ontextentity() {},
    onattribentity() {},
    onend() {
      // A tag never ended by ">" runs to the end of the text (the tokenizer drops it): it is text, as it reads.
      if (read < src.length) text(src.slice(read));
    },
  };
  const tokenizer = new Tokenizer({ decodeEntities: false }, callbacks);
  tokenizer.write(src);
  tokenizer.end();
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

/** One line of prose: spaces that HTML would collapse are written so they survive. */
function proseLineToHtml(line: string): string {
  const escaped = escapeText(line).replace(/\t/g, "&#9;");
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
      // escapeUTF8 escapes every character that could end or confuse the attribute (" ' & < >), not only the spec's minimum.
      const lang = fence[1] ? `<code class="language-${escapeUTF8(fence[1])}">` : "";
      // The newline after <pre> is ignored by HTML (and by htmlToText), so add one to keep a leading blank line.
      html.push(`<pre>${lang}\n${escapeText(code.join("\n"))}${lang ? "</code>" : ""}</pre>`);
      continue;
    }
    if (line.trim() === "") flush();
    else paragraph.push(line);
  }
  flush();
  return html.join("\n");
}
