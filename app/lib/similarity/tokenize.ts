// Structure, not names (issue 23, decision 026): a lexer per language turns a
// program into tokens that survive the usual disguises. Identifiers become I
// (a few library names stay: renaming a variable never renames printf),
// literals become N or S, comments and layout vanish, loops are one LOOP,
// comparisons one CMP, `+= 1` is INC, modifiers (const, final, static, public)
// and integer widths are dropped or merged. Statement ends are kept apart, for
// the order-free part of the comparison.
export type Language = "c" | "cpp" | "python" | "java";
export const LANGUAGES: readonly Language[] = ["c", "cpp", "python", "java"];

/** One normalized token and where it stands in the source (1-based line, 0-based column, end exclusive). */
/** `value`: a literal's text (S and N), for the engine's literal features. */
export type Token = { kind: string; line: number; col: number; endLine: number; endCol: number; value?: string };

export type Tokenized = {
  tokens: Token[];
  /** Token indices where a statement ends (after `;`, `{`, `}`, a Python line). */
  statementEnds: number[];
};

const C_KEYWORDS = "break case continue default do else for goto if return sizeof struct switch typedef union while enum void".split(" ");
const CPP_KEYWORDS = [...C_KEYWORDS, ..."class namespace new delete template typename this try catch throw using operator nullptr true false auto".split(" ")];
const JAVA_KEYWORDS = "break case catch class continue default do else extends finally for if implements import instanceof interface new package return super switch this throw throws try void while null true false var enum".split(" ");
const PY_KEYWORDS = "and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield None True False".split(" ");

/** Dropped: modifiers that disguise nothing (L3 adds const/final, moves static). */
const DROPPED = new Set("const final static public private protected volatile register inline extern constexpr mutable signed".split(" "));
/** Merged into TYPE: integer and floating widths (L3 widens int to long). */
const NUMERIC_TYPES = new Set("int long short unsigned float double char bool boolean byte size_t Integer Long Double Float Character Boolean".split(" "));
/** Library names kept as they are: a copy renames the student's names, never these. */
const LIBRARY: Record<Language, Set<string>> = {
  c: new Set("printf scanf puts gets getchar putchar fgets strlen strcmp strcpy malloc free calloc sqrt pow abs qsort memset stdin stdout".split(" ")),
  cpp: new Set("cin cout cerr endl getline vector string map set pair sort swap min max push_back size begin end make_pair sqrt pow abs printf scanf".split(" ")),
  java: new Set("System out in println print printf Scanner nextInt nextLine next hasNext hasNextInt String Math Arrays List ArrayList Map HashMap length size add get put split trim parseInt charAt substring equals toString main args BufferedReader readLine".split(" ")),
  python: new Set("print input int str float len range list dict set map sorted sum min max abs split strip join append enumerate zip open sys stdin read readline readlines __name__ __main__".split(" ")),
};
const LOOPS = new Set(["for", "while", "do"]);
const CMP = new Set(["<", ">", "<=", ">="]);
const OP_ASSIGN = new Set(["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=", ">>>=", "//=", "**="]);
/** Punctuation that only shapes layout: braces and separators mark statements, they are no tokens. */
const STATEMENT_END = new Set([";", "{", "}"]);
const SKIPPED = new Set([",", "(", ")", "[", "]", ":"]);

const OPERATORS = [
  ">>>=", "<<=", ">>=", ">>>", "**=", "//=", "...", "->", "::", "++", "--", "&&", "||", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", "%=",
  "&=", "|=", "^=", "<<", ">>", "**", "//", ":=",
];

function keywordsOf(language: Language) {
  return new Set(language === "c" ? C_KEYWORDS : language === "cpp" ? CPP_KEYWORDS : language === "java" ? JAVA_KEYWORDS : PY_KEYWORDS);
}

const isIdentStart = (c: string) => /[A-Za-z_$]/.test(c) || c > "\u007f";
const isIdent = (c: string) => /[\w$]/.test(c) || c > "\u007f";

/**
 * Whether a library name at [from, to) is used as one: a member (`x.size`,
 * `System.out`), a call (`max(`, `len(`), a namespace (`std::`), or a class
 * name (capitalised: `String`, `Math`, `Scanner`). A variable or parameter a student
 * named `max`, `in` or `args` is the student's own name, and a copy renames it;
 * so is a function or class the program `declared` (`int max(`), except as a
 * member (`Math.max`).
 */
function libraryUse(code: string, from: number, to: number, declared: boolean) {
  let before = from - 1;
  while (before >= 0 && /\s/.test(code[before]!)) before--;
  if (code[before] === "." || (code[before] === ">" && code[before - 1] === "-") || (code[before] === ":" && code[before - 1] === ":")) return true;
  if (declared) return false;
  if (/[A-Z]/.test(code[from]!)) return true;
  let after = to;
  while (after < code.length && /[ \t]/.test(code[after]!)) after++;
  return code[after] === "(" || (code[after] === ":" && code[after + 1] === ":");
}

/** Words before a name and its `(` that make it a call, not a declaration. */
const BEFORE_A_CALL = new Set("return new else case throw yield await sizeof delete in is not and or do".split(" "));

/**
 * The names the program declares itself: its functions and methods (`int
 * max(`, `def sum(`) and its types (`class List`). They are the student's own,
 * so a copy renames them, even when a library has the same name.
 */
function declaredNames(code: string, language: Language): Set<string> {
  const out = new Set<string>();
  const types = language === "python" ? /\b(?:class|def)\s+([A-Za-z_]\w*)/g : /\b(?:class|interface|enum|struct|record|union)\s+([A-Za-z_$][\w$]*)/g;
  for (const m of code.matchAll(types)) out.add(m[1]!);
  if (language !== "python") {
    // A name after a type word and before `(`: `int max(`, `static String get(`.
    for (const m of code.matchAll(/\b([A-Za-z_$][\w$]*)[ \t]*[*&]*[ \t]+[*&]*([A-Za-z_$][\w$]*)[ \t]*\(/g)) {
      if (!BEFORE_A_CALL.has(m[1]!)) out.add(m[2]!);
    }
  }
  return out;
}

/** Tokenizes a program; never throws (an unterminated string or comment runs to the end). */
export function tokenize(source: string, language: Language): Tokenized {
  const code = source.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const keywords = keywordsOf(language);
  const declared = declaredNames(code, language);
  const library = LIBRARY[language];
  const tokens: Token[] = [];
  const statementEnds: number[] = [];
  const python = language === "python";
  let i = 0;
  let line = 1;
  let col = 0;
  let depth = 0; // open brackets: a Python line inside them goes on
  let lineHasToken = false;
  /** The name of the identifier just emitted (for `x = x + y`), else null. */
  let lastWord: string | null = null;

  const advance = (to: number) => {
    for (; i < to && i < code.length; i++) {
      if (code[i] === "\n") {
        line++;
        col = 0;
      } else col++;
    }
  };
  const endStatement = () => {
    if (tokens.length && statementEnds[statementEnds.length - 1] !== tokens.length) statementEnds.push(tokens.length);
  };
  const emit = (kind: string, start: { line: number; col: number }) => {
    tokens.push({ kind, line: start.line, col: start.col, endLine: line, endCol: col });
    lineHasToken = true;
  };

  while (i < code.length) {
    const c = code[i]!;
    const start = { line, col };
    if (c === "\n") {
      if (python && depth === 0 && lineHasToken && code[i - 1] !== "\\") endStatement();
      lineHasToken = false;
      advance(i + 1);
      continue;
    }
    if (/\s/.test(c)) {
      advance(i + 1);
      continue;
    }
    // Comments.
    if (!python && c === "/" && code[i + 1] === "/") {
      const end = code.indexOf("\n", i);
      advance(end === -1 ? code.length : end);
      continue;
    }
    if (!python && c === "/" && code[i + 1] === "*") {
      const end = code.indexOf("*/", i + 2);
      advance(end === -1 ? code.length : end + 2);
      continue;
    }
    if (python && c === "#") {
      const end = code.indexOf("\n", i);
      advance(end === -1 ? code.length : end);
      continue;
    }
    // Preprocessor lines (with their continuations): one token naming the directive.
    if ((language === "c" || language === "cpp") && c === "#" && !lineHasToken) {
      const name = /^#\s*(\w*)/.exec(code.slice(i, i + 40))?.[1] ?? "";
      let end = i;
      for (;;) {
        const nl = code.indexOf("\n", end);
        if (nl === -1) {
          end = code.length;
          break;
        }
        if (code[nl - 1] === "\\") end = nl + 1;
        else {
          end = nl;
          break;
        }
      }
      advance(end);
      emit(`#${name}`, start);
      endStatement();
      continue;
    }
    // Strings and characters.
    const literal = stringEnd(code, i, language);
    if (literal !== null) {
      const text = code.slice(i, literal.end);
      advance(literal.end);
      emit(literal.kind, start);
      tokens[tokens.length - 1]!.value = text;
      continue;
    }
    // Numbers.
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(code[i + 1] ?? ""))) {
      const m = /^(0[xX][\da-fA-F_']+|0[bB][01_']+|(\d[\d_']*)?\.?\d[\d_']*([eE][+-]?\d+)?)[a-zA-Z]*/.exec(code.slice(i, i + 80));
      advance(i + (m ? m[0].length : 1));
      // `+= 1` and `-= 1` are ++ and -- (L5).
      const prev = tokens[tokens.length - 1];
      if (prev?.kind === "OPASSIGN1" && m?.[0] === "1") {
        prev.kind = "INC";
        prev.endLine = line;
        prev.endCol = col;
        continue;
      }
      if (prev?.kind === "OPASSIGN1") prev.kind = "OPASSIGN";
      emit("N", start);
      if (m) tokens[tokens.length - 1]!.value = m[0];
      continue;
    }
    // Identifiers and keywords.
    if (isIdentStart(c)) {
      let end = i + 1;
      while (end < code.length && isIdent(code[end]!)) end++;
      const word = code.slice(i, end);
      advance(end);
      if (DROPPED.has(word)) continue;
      // `std::` says nothing a `using namespace std` would not.
      if (word === "std" && code.startsWith("::", i)) {
        advance(i + 2);
        continue;
      }
      if (word === "not") continue;
      if (word === "and" || word === "or") emit("LOGIC", start);
      else if (NUMERIC_TYPES.has(word)) emit("TYPE", start);
      else if (LOOPS.has(word)) emit("LOOP", start);
      else if (word === "elif") {
        emit("else", start);
        emit("if", start);
      } else if (keywords.has(word)) emit(word, start);
      else if (library.has(word) && libraryUse(code, i - word.length, end, declared.has(word))) emit(word, start);
      else {
        emit("I", start);
        lastWord = word;
        continue;
      }
      continue;
    }
    // Operators and punctuation.
    const op = OPERATORS.find((o) => code.startsWith(o, i)) ?? c;
    advance(i + op.length);
    if ("([{".includes(op)) depth++;
    if (")]}".includes(op)) depth = Math.max(0, depth - 1);
    if (STATEMENT_END.has(op)) {
      endStatement();
      continue;
    }
    if (SKIPPED.has(op)) continue;
    const prev = tokens[tokens.length - 1];
    if (prev?.kind === "OPASSIGN1") prev.kind = "OPASSIGN";
    if (op === "!") continue;
    if (op === "&&" || op === "||") emit("LOGIC", start);
    else if (op === "==" || op === "!=") emit("EQ", start);
    else if (CMP.has(op)) emit("CMP", start);
    else if (op === "++" || op === "--") emit("INC", start);
    else if (op === "+=" || op === "-=") emit("OPASSIGN1", start);
    else if (OP_ASSIGN.has(op)) emit("OPASSIGN", start);
    else if (op === "=" && prev?.kind === "I" && lastWord) {
      // `x = x + y` is `x += y`, and `x = x + 1` is `x++` (L5 rewrites one as the other).
      const m = /^\s*([A-Za-z_$][\w$]*)\s*([-+*/%])(?![-+=])\s*/.exec(code.slice(i, i + 120));
      if (m && m[1] === lastWord) {
        const one = (m[2] === "+" || m[2] === "-") && /^1(?![\w.])/.test(code.slice(i + m[0].length, i + m[0].length + 3));
        advance(i + m[0].length + (one ? 1 : 0));
        emit(one ? "INC" : "OPASSIGN", start);
      } else emit(op, start);
    } else emit(op, start);
    lastWord = null;
  }
  for (const t of tokens) if (t.kind === "OPASSIGN1") t.kind = "OPASSIGN";
  endStatement();
  return { tokens, statementEnds };
}

/** The end of a string or character literal starting at `i`, or null when none starts there. */
function stringEnd(code: string, i: number, language: Language): { end: number; kind: "S" } | null {
  const rest = code.slice(i, i + 8);
  if (language === "python") {
    const m = /^([rRbBuUfF]{0,2})('''|"""|'|")/.exec(rest);
    if (!m || (m[1] && !/^(r|b|u|f|rb|br|fr|rf)$/i.test(m[1]))) return null;
    if (m[1] && i > 0 && isIdent(code[i - 1]!)) return null;
    const quote = m[2]!;
    const raw = /r/i.test(m[1]!);
    let j = i + m[0].length;
    while (j < code.length) {
      if (!raw && code[j] === "\\") j += 2;
      else if (raw && code[j] === "\\" && code[j + 1] === quote[0]) j += 2;
      else if (code.startsWith(quote, j)) return { end: j + quote.length, kind: "S" };
      else if (quote.length === 1 && code[j] === "\n") return { end: j, kind: "S" };
      else j++;
    }
    return { end: code.length, kind: "S" };
  }
  if (language === "cpp") {
    const raw = /^(u8|u|U|L)?R"([^()\\\s]{0,16})\(/.exec(rest + code.slice(i + 8, i + 30));
    if (raw && !(i > 0 && isIdent(code[i - 1]!))) {
      const close = `)${raw[2]}"`;
      const end = code.indexOf(close, i + raw[0].length);
      return { end: end === -1 ? code.length : end + close.length, kind: "S" };
    }
  }
  if (language === "java" && code.startsWith('"""', i)) {
    let j = i + 3;
    while (j < code.length) {
      if (code[j] === "\\") j += 2;
      else if (code.startsWith('"""', j)) return { end: j + 3, kind: "S" };
      else j++;
    }
    return { end: code.length, kind: "S" };
  }
  const m = /^(u8|u|U|L)?(["'])/.exec(rest);
  if (!m || (m[1] && i > 0 && isIdent(code[i - 1]!))) return null;
  const quote = m[2]!;
  let j = i + m[0].length;
  while (j < code.length) {
    if (code[j] === "\\") j += 2;
    else if (code[j] === quote) return { end: j + 1, kind: "S" };
    else if (code[j] === "\n") return { end: j, kind: "S" };
    else j++;
  }
  return { end: code.length, kind: "S" };
}
