// LaTeX problem statements (problem_statement/problem.en.tex in ICPC/Kattis
// packages) to readable plain text. Not a TeX engine: a forgiving reading of
// the small subset statements use (sections, emphasis, lists, inline math,
// tables, verbatim), keeping the words and dropping the layout.
/* eslint-disable no-control-regex -- U+0001 to U+0004 are this module's own markers (BR, PAR, the verbatim fences), stripped from the input before it converts */
import { normalizeNewlines, normalizeText } from "./text";

export type LatexText = {
  text: string;
  /** From \problemname{…} or \begin{problem}{…}, when present. */
  title: string | null;
  /** \includegraphics / \illustration dropped. */
  images: number;
};

// Markers used while converting, resolved at the end: a line break (runs of them make one), a paragraph break,
// and placeholders that keep verbatim code untouched.
const BR = "\u0001";
const PAR = "\u0002";
const CODE = "\u0003";
const VERB = "\u0004";
const INDENT = "\u00A0"; // list indentation, which must survive space collapsing

const SYMBOLS: Record<string, string> = {
  le: "≤", leq: "≤", ge: "≥", geq: "≥", neq: "≠", ne: "≠", lt: "<", gt: ">", approx: "≈", equiv: "≡", sim: "~",
  cdot: "·", times: "×", div: "÷", pm: "±", mp: "∓", ast: "*", star: "*", circ: "∘", bullet: "•",
  ldots: "…", dots: "…", cdots: "…", dotsc: "…", dotsb: "…", vdots: "⋮", ddots: "⋱",
  infty: "∞", partial: "∂", nabla: "∇", forall: "∀", exists: "∃", neg: "¬", lnot: "¬",
  in: "∈", notin: "∉", ni: "∋", subset: "⊂", subseteq: "⊆", supset: "⊃", supseteq: "⊇",
  cup: "∪", cap: "∩", setminus: "∖", emptyset: "∅", varnothing: "∅", land: "∧", wedge: "∧", lor: "∨", vee: "∨",
  oplus: "⊕", otimes: "⊗", mid: "|", vert: "|", lvert: "|", rvert: "|", Vert: "‖", parallel: "∥", perp: "⊥",
  to: "→", rightarrow: "→", leftarrow: "←", leftrightarrow: "↔", Rightarrow: "⇒", Leftarrow: "⇐",
  Leftrightarrow: "⇔", iff: "⇔", implies: "⇒", mapsto: "↦", uparrow: "↑", downarrow: "↓",
  lfloor: "⌊", rfloor: "⌋", lceil: "⌈", rceil: "⌉", langle: "⟨", rangle: "⟩", lbrace: "{", rbrace: "}",
  sum: "∑", prod: "∏", int: "∫", sqrt: "√", deg: "°", prime: "′", angle: "∠", triangle: "△",
  alpha: "α", beta: "β", gamma: "γ", delta: "δ", epsilon: "ε", varepsilon: "ε", zeta: "ζ", eta: "η",
  theta: "θ", vartheta: "θ", iota: "ι", kappa: "κ", lambda: "λ", mu: "μ", nu: "ν", xi: "ξ", pi: "π",
  varpi: "ϖ", rho: "ρ", varrho: "ϱ", sigma: "σ", varsigma: "ς", tau: "τ", upsilon: "υ", phi: "φ",
  varphi: "φ", chi: "χ", psi: "ψ", omega: "ω", Gamma: "Γ", Delta: "Δ", Theta: "Θ", Lambda: "Λ", Xi: "Ξ",
  Pi: "Π", Sigma: "Σ", Upsilon: "Υ", Phi: "Φ", Psi: "Ψ", Omega: "Ω",
  log: "log", ln: "ln", lg: "lg", exp: "exp", sin: "sin", cos: "cos", tan: "tan", max: "max", min: "min",
  gcd: "gcd", lcm: "lcm", det: "det", lim: "lim", sup: "sup", inf: "inf", arg: "arg",
  bmod: " mod ", mod: " mod ", quad: " ", qquad: " ", enspace: " ", thinspace: " ", space: " ",
  LaTeX: "LaTeX", TeX: "TeX", textasciitilde: "~", textbackslash: "\\", textasciicircum: "^",
  textless: "<", textgreater: ">", textbar: "|", textunderscore: "_", copyright: "©", S: "§", P: "¶",
  ss: "ß", ae: "æ", oe: "œ", o: "ø", aa: "å", AE: "Æ", OE: "Œ", O: "Ø", AA: "Å", l: "ł", L: "Ł", i: "ı",
  par: PAR, newline: BR, linebreak: BR, break: BR,
};

// Commands that carry layout or metadata only: dropped with this many {arguments}.
const DROP_WITH_ARGS: Record<string, number> = {
  label: 1, vspace: 1, hspace: 1, vskip: 0, hskip: 0, usepackage: 1, documentclass: 1, setlength: 2,
  addtolength: 2, input: 1, include: 1, pagestyle: 1, thispagestyle: 1, newcommand: 2, renewcommand: 2,
  providecommand: 2, caption: 1, cite: 1, color: 1, definecolor: 3, exmp: 2, exmpfile: 2, sampletable: 0,
  nextsample: 0, noindent: 0, centering: 0, raggedright: 0, raggedleft: 0, medskip: 0, bigskip: 0,
  smallskip: 0, newpage: 0, clearpage: 0, pagebreak: 0, hline: 0, cline: 1, toprule: 0, midrule: 0,
  bottomrule: 0, maketitle: 0, displaystyle: 0, textstyle: 0, scriptstyle: 0, limits: 0, nolimits: 0,
  left: 0, right: 0, big: 0, Big: 0, bigg: 0, Bigg: 0, bigl: 0, bigr: 0, Bigl: 0, Bigr: 0, biggl: 0,
  biggr: 0, small: 0, large: 0, Large: 0, LARGE: 0, huge: 0, Huge: 0, tiny: 0, footnotesize: 0,
  scriptsize: 0, normalsize: 0, bf: 0, it: 0, tt: 0, em: 0, rm: 0, sf: 0, sc: 0, bfseries: 0,
  itshape: 0, ttfamily: 0, protect: 0, relax: 0, phantom: 1, vphantom: 1, hphantom: 1, index: 1,
};

// Commands whose one argument is simply text.
const KEEP_ARG = new Set([
  "emph", "textbf", "textit", "texttt", "textsl", "textsc", "textsf", "textrm", "textup", "textmd",
  "textnormal", "underline", "uline", "text", "textsuperscript", "mbox", "hbox", "fbox", "makebox",
  "mathrm", "mathbf", "mathit", "mathsf", "mathtt", "mathcal", "mathbb", "mathfrak", "mathscr",
  "operatorname", "boldsymbol", "bm", "ensuremath", "url", "nolinkurl", "overline", "widehat", "hat",
  "bar", "vec", "tilde", "dot", "ddot", "mathbin", "mathrel", "mathop",
]);

const SECTIONS = new Set(["section", "subsection", "subsubsection", "paragraph", "subparagraph", "chapter"]);
const LISTS = new Set(["itemize", "enumerate", "description", "compactitem", "compactenum"]);
const TABLES = new Set(["tabular", "tabularx", "tabular*", "array", "longtable"]);
const MATH_ENVS = new Set([
  "equation", "equation*", "align", "align*", "displaymath", "gather", "gather*", "multline", "multline*",
  "eqnarray", "eqnarray*", "math",
]);

/** Read `{…}` at i (after optional spaces); [content, index after] or null. */
function readGroup(s: string, i: number): [string, number] | null {
  let j = i;
  while (j < s.length && (s[j] === " " || s[j] === "\t" || s[j] === "\n")) j++;
  if (s[j] !== "{") return null;
  let depth = 0;
  for (let k = j; k < s.length; k++) {
    const c = s[k];
    if (c === "\\") {
      k++;
      continue;
    }
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return [s.slice(j + 1, k), k + 1];
  }
  return [s.slice(j + 1), s.length]; // unbalanced: take the rest rather than lose it
}

/** Read an optional `[…]` at i; [content, index after] or [null, i]. */
function readOptional(s: string, i: number): [string | null, number] {
  let j = i;
  while (j < s.length && (s[j] === " " || s[j] === "\t")) j++;
  if (s[j] !== "[") return [null, i];
  let depth = 0;
  for (let k = j; k < s.length; k++) {
    const c = s[k];
    if (c === "\\") {
      k++;
      continue;
    }
    if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === "]" && depth <= 0) return [s.slice(j + 1, k), k + 1];
  }
  return [null, i];
}

/** Drop `% comments` (an escaped \% stays); a line that was only a comment disappears entirely. */
function stripComments(s: string): string {
  const out: string[] = [];
  for (const line of s.split("\n")) {
    let cut = -1;
    for (let k = 0; k < line.length; k++) {
      if (line[k] === "\\") k++;
      else if (line[k] === "%") {
        cut = k;
        break;
      }
    }
    if (cut < 0) out.push(line);
    else if (line.slice(0, cut).trim() !== "") out.push(line.slice(0, cut));
  }
  return out.join("\n");
}

/** Parenthesise a multi-character math operand: 2^{n+1} → 2^(n+1), 10^{5} → 10^5. */
function operand(text: string): string {
  const t = text.trim();
  return Array.from(t).length <= 1 || /^[\p{L}\p{N}]+$/u.test(t) ? t : `(${t})`;
}

export function latexToText(source: string): LatexText {
  const codes: string[] = [];
  let title: string | null = null;
  let images = 0;
  const lists: { ordered: boolean; n: number }[] = [];
  let tables = 0;

  // The markers above mean something only when this code writes them: in the input they are dropped (the control
  // characters) or a space (U+00A0, as TeX reads it), so a statement cannot forge a break, an indent or a code block.
  const input = normalizeNewlines(source).replace(/[\u0001-\u0004]/g, "").replace(/\u00A0/g, " ");
  // Verbatim first: nothing inside it is TeX, not even % comments.
  let src = input.replace(
    /\\begin\{(verbatim\*?|lstlisting|minted|Verbatim)\}(\[[^\]\n]*\])?(\{[^}\n]*\})?\n?([\s\S]*?)\\end\{\1\}/g,
    (_, env: string, _opt, arg: string | undefined, body: string) => {
      const lang = env === "minted" && arg ? arg.slice(1, -1) : "";
      codes.push("```" + lang + "\n" + body.replace(/\n$/, "") + "\n```");
      return `${PAR}${CODE}${codes.length - 1}${CODE}${PAR}`;
    },
  );
  src = src.replace(/\\verb\*?([^A-Za-z\s])(.*?)\1/g, (_, _d, body: string) => {
    codes.push(body);
    return `${VERB}${codes.length - 1}${VERB}`;
  });
  src = stripComments(src);

  const convert = (s: string, math: boolean): string => {
    let out = "";
    let i = 0;
    while (i < s.length) {
      const c = s[i];
      if (c === "\\") {
        const next = s[i + 1] ?? "";
        if (next === "\\") {
          // \\ (optionally \\* or \\[2mm]): a line break.
          i += 2;
          if (s[i] === "*") i++;
          i = readOptional(s, i)[1];
          out += BR;
          continue;
        }
        if (next === "(" || next === "[") {
          const close = next === "(" ? "\\)" : "\\]";
          const end = s.indexOf(close, i + 2);
          const body = s.slice(i + 2, end < 0 ? s.length : end);
          out += next === "[" ? BR + convert(body, true) + BR : convert(body, true);
          i = end < 0 ? s.length : end + 2;
          continue;
        }
        if (!/[A-Za-z]/.test(next)) {
          i += 2;
          if ("%$&#_{}".includes(next)) out += next;
          else if (next === " " || next === "," || next === ";" || next === ":" || next === "\n") out += " ";
          else if (next === "|") out += "‖";
          // \' \` \" \^ \~ \= \. accents (and \!): the letter that follows is kept.
          continue;
        }
        let j = i + 1;
        while (j < s.length && /[A-Za-z]/.test(s[j])) j++;
        let name = s.slice(i + 1, j);
        if (s[j] === "*") {
          name += "*";
          j++;
        }
        i = j;
        const base = name.replace(/\*$/, "");
        const group = () => {
          const g = readGroup(s, i);
          if (!g) return "";
          i = g[1];
          return g[0];
        };
        const optional = () => {
          const [o, k] = readOptional(s, i);
          i = k;
          return o;
        };

        if (base === "begin") {
          const env = group().trim();
          if (env === "problem") {
            // \begin{problem}{Title}{input file}{output file}{time limit}: only the title is text.
            const t = convert(group(), false).replace(/[\u0001-\u0004]/g, " ");
            if (title === null) title = t.replace(/\s+/g, " ").trim() || null;
            while (s[i] === "{") group();
          } else if (LISTS.has(env)) {
            lists.push({ ordered: env === "enumerate" || env === "compactenum", n: 0 });
            optional();
            out += BR;
          } else if (TABLES.has(env)) {
            optional();
            if (env === "tabularx" || env === "tabular*") group();
            group();
            tables++;
            out += BR;
          } else if (MATH_ENVS.has(env)) {
            const end = s.indexOf(`\\end{${env}}`, i);
            const body = s.slice(i, end < 0 ? s.length : end);
            i = end < 0 ? s.length : end + `\\end{${env}}`.length;
            out += BR + convert(body.replace(/\\label\{[^}]*\}/g, "").replace(/&/g, " "), true) + BR;
          } else {
            optional();
            if (env === "minipage") group();
            if (env === "wrapfigure") {
              group();
              group();
            }
            out += BR;
          }
          continue;
        }
        if (base === "end") {
          const env = group().trim();
          if (LISTS.has(env)) lists.pop();
          else if (TABLES.has(env)) tables = Math.max(0, tables - 1);
          out += env === "problem" ? "" : BR;
          continue;
        }
        if (base === "item") {
          const label = optional();
          const list = lists[lists.length - 1];
          const indent = INDENT.repeat(2 * Math.max(0, lists.length - 1));
          const bullet = label !== null ? `- ${convert(label, math)}` : list?.ordered ? `${++list.n}.` : "-";
          out += `${BR}${indent}${bullet} `;
          continue;
        }
        if (SECTIONS.has(base)) {
          optional();
          out += PAR + convert(group(), false) + PAR;
          continue;
        }
        if (base === "problemname") {
          const t = convert(group(), false).replace(/[\u0001-\u0004]/g, " ").replace(/\s+/g, " ").trim();
          if (title === null && t) title = t;
          continue;
        }
        if (base === "includegraphics" || base === "illustration") {
          optional();
          for (let k = base === "illustration" ? 3 : 1; k > 0; k--) group();
          images++;
          continue;
        }
        if (base === "frac" || base === "dfrac" || base === "tfrac") {
          const a = convert(group(), true);
          const b = convert(group(), true);
          out += `${operand(a)}/${operand(b)}`;
          continue;
        }
        if (base === "binom") {
          const a = convert(group(), true);
          const b = convert(group(), true);
          out += `C(${a.trim()}, ${b.trim()})`;
          continue;
        }
        if (base === "sqrt") {
          const root = optional();
          const body = convert(group(), true);
          out += `${root ? `${root}` : ""}√${operand(body)}`;
          continue;
        }
        if (base === "pmod") {
          out += ` (mod ${convert(group(), true).trim()})`;
          continue;
        }
        if (base === "href") {
          const url = group();
          const label = convert(group(), math);
          out += label.trim() ? `${label} (${url})` : url;
          continue;
        }
        if (base === "footnote") {
          out += ` (${convert(group(), math).trim()})`;
          continue;
        }
        if (base === "textcolor" || base === "colorbox") {
          group();
          out += convert(group(), math);
          continue;
        }
        if (KEEP_ARG.has(base)) {
          optional();
          out += convert(group(), math || base.startsWith("math") || base === "operatorname");
          continue;
        }
        if (Object.hasOwn(DROP_WITH_ARGS, base)) {
          optional();
          for (let k = DROP_WITH_ARGS[base]; k > 0; k--) group();
          // \left. and \right. name an invisible delimiter.
          if ((base === "left" || base === "right") && s[i] === ".") i++;
          continue;
        }
        if (Object.hasOwn(SYMBOLS, base)) {
          out += SYMBOLS[base];
          continue;
        }
        // Unknown command: keep the text of its argument, if it has one.
        if (s[i] === "{") out += convert(group(), math);
        continue;
      }

      if (c === "$") {
        const display = s[i + 1] === "$";
        const open = display ? 2 : 1;
        let end = i + open;
        while (end < s.length && !(s[end] === "$" && s[end - 1] !== "\\")) end++;
        const body = s.slice(i + open, end);
        out += display ? BR + convert(body, true) + BR : convert(body, true);
        i = end + open;
        continue;
      }
      if (c === "{" || c === "}") {
        i++;
        continue;
      }
      if (c === "~") {
        out += " ";
        i++;
        continue;
      }
      if (c === "&") {
        out += tables > 0 ? " | " : " ";
        i++;
        continue;
      }
      if (math && (c === "^" || c === "_")) {
        i++;
        const g = readGroup(s, i);
        if (g && s[i] === "{") {
          out += c + operand(convert(g[0], true));
          i = g[1];
        } else if (s[i] === "\\") {
          // ^\prime, _\infty: the command alone is the operand.
          let j = i + 1;
          while (j < s.length && /[A-Za-z]/.test(s[j])) j++;
          out += c + convert(s.slice(i, j), true);
          i = j;
        } else if (i < s.length) {
          out += c + s[i];
          i++;
        }
        continue;
      }
      if (c === "\n") {
        // A blank line ends a paragraph; a single newline is a space.
        let j = i + 1;
        while (j < s.length && (s[j] === " " || s[j] === "\t")) j++;
        if (s[j] === "\n") {
          while (j < s.length && /\s/.test(s[j])) j++;
          out += PAR;
          i = j;
        } else {
          out += " ";
          i++;
        }
        continue;
      }
      if (!math) {
        if (s.startsWith("---", i)) {
          out += "—";
          i += 3;
          continue;
        }
        if (s.startsWith("--", i)) {
          out += "–";
          i += 2;
          continue;
        }
        if (s.startsWith("``", i) || s.startsWith("''", i)) {
          out += '"';
          i += 2;
          continue;
        }
      }
      out += c;
      i++;
    }
    return out;
  };

  let text = convert(src, false)
    .replace(/[ \t]+/g, " ")
    // Runs of breaks: any paragraph break wins; otherwise one or two line breaks.
    .replace(/ ?[\u0001\u0002][ \u0001\u0002]*/g, (run) => (run.includes(PAR) ? "\n\n" : "\n"))
    .split("\n")
    // Only ASCII spaces: the list indentation (U+00A0) must stay.
    .map((line) => line.replace(/^[ \t]+|[ \t]+$/g, ""))
    .join("\n")
    .replace(/\u00A0/g, " ");
  text = text.replace(new RegExp(`${CODE}(\\d+)${CODE}`, "g"), (_, k: string) => codes[Number(k)]);
  text = text.replace(new RegExp(`${VERB}(\\d+)${VERB}`, "g"), (_, k: string) => codes[Number(k)]);
  return { text: normalizeText(text), title, images };
}
