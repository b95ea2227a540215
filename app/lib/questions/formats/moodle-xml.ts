// Moodle XML question bank export (<quiz><question type="…">…</question></quiz>),
// including the CodeRunner plugin's "coderunner" questions, read into the
// neutral model; and the same format written back from bank questions.
// Uses fast-xml-parser (pure JavaScript, fine in browsers and Workers).
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { htmlToText, textToHtml } from "./html-text";
import {
  boundedLimit,
  FormatError,
  IMPORTED_CATEGORY,
  type ExportCoding,
  type ExportMcq,
  type ExportQuestion,
  type ImportedQuestion,
  type ImportedTestCase,
  type Language,
  type ParseResult,
  type Skipped,
} from "./model";
import {
  categoryFromPath,
  categoryPathSegment,
  defaultTitle,
  lineIndex,
  normalizeNewlines,
  normalizeTestData,
  normalizeText,
  plural,
  pushUnique,
  singleLine,
} from "./text";

const MIN_OPTIONS = 2;
const MAX_OPTIONS = 4;
const FUNCTION_STYLE =
  "function-style test code (the tests call the student's function); this bank runs whole programs on stdin";

// ---------------------------------------------------------------- reading XML

// The parsed tree is untyped: every lookup below tolerates missing or odd nodes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fast-xml-parser's tree has no type, and each lookup checks what it finds
type XmlNode = any;

/** Elements that may repeat; always arrays so one and many read the same way. */
const REPEATED = new Set(["question", "answer", "testcase", "tag", "file"]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Values stay strings ("007" is test data, not a number) and keep their spaces.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // CDATA merges into the text, undecoded, which is what it means.
  cdataPropName: false,
  // XML entities plus HTML ones written by hand-made files (&nbsp; outside CDATA).
  htmlEntities: true,
  isArray: (name) => REPEATED.has(name),
  // For "question 3 (line 120)".
  captureMetaData: true,
});
const META = XMLParser.getMetaDataSymbol() as unknown as symbol;

/** The text of `<x><text>…</text></x>` or of `<x>…</x>`; "" for anything missing. */
function textOf(node: XmlNode): string {
  if (node === undefined || node === null) return "";
  if (typeof node === "string") return node;
  if (typeof node === "number" || typeof node === "boolean") return String(node);
  if (Array.isArray(node)) return node.length > 0 ? textOf(node[0]) : "";
  if (typeof node === "object") {
    if ("text" in node) return textOf(node.text);
    if ("#text" in node) return textOf(node["#text"]);
  }
  return "";
}

/** A leaf value such as <single>true</single>, trimmed. */
function leaf(node: XmlNode): string {
  return textOf(node).trim();
}

function list(node: XmlNode): XmlNode[] {
  if (node === undefined || node === null || node === "") return [];
  return Array.isArray(node) ? node : [node];
}

function attr(node: XmlNode, name: string): string {
  return node && typeof node === "object" && !Array.isArray(node) ? String(node[`@_${name}`] ?? "") : "";
}

/**
 * A bare "&" (e.g. "A & B" in a hand-edited file) makes the whole file
 * invalid XML; escape it, outside CDATA sections and comments, where it is fine.
 * An unclosed section or comment runs to the end of the file (which the
 * validator then refuses): looking for its end from every "<!--" of a file
 * that has none was quadratic (160 KB of "<!--": seconds).
 */
function escapeBareAmpersands(xml: string): string {
  return xml.replace(
    /(<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<!--[\s\S]*?(?:-->|$))|&(?!#[0-9]+;|#x[0-9a-fA-F]+;|[A-Za-z][A-Za-z0-9._-]*;)/g,
    (m, keep) => (keep ? m : "&amp;"),
  );
}

// ---------------------------------------------------------------- text fields

type TextStats = { images: number; pluginImages: number };

/** A question text or answer, by its Moodle format, as safe plain text / light markdown. */
function richText(node: XmlNode, stats: TextStats): string {
  const raw = textOf(node);
  const format = attr(node, "format") || "html";
  if (format === "plain_text" || format === "markdown") return normalizeText(raw.trimStart());
  // moodle_auto_format: line breaks are meant, HTML is allowed.
  const html = format === "moodle_auto_format" ? raw.replace(/\n/g, "<br>\n") : raw;
  const converted = htmlToText(html);
  stats.images += converted.images;
  stats.pluginImages += converted.pluginImages;
  return converted.text;
}

function imageWarnings(title: string, stats: TextStats): string[] {
  const out: string[] = [];
  if (stats.pluginImages > 0)
    out.push(`question '${title}': ${plural(stats.pluginImages, "image")} dropped (@@PLUGINFILE@@ files are not imported)`);
  const linked = stats.images - stats.pluginImages;
  if (linked > 0) out.push(`question '${title}': ${plural(linked, "linked image")} dropped (images are not imported)`);
  return out;
}

// ---------------------------------------------------------------- CodeRunner

const CODERUNNER_TYPES: Record<string, Language> = {
  c_program: "c",
  cpp_program: "cpp",
  python3: "python",
  python3_w_input: "python",
  java_program: "java",
};
const PROGRAM_PREFIXES: Record<string, Language> = { c: "c", cpp: "cpp", java: "java", python3: "python" };
// Built-in types whose tests call a function or method instead of running a program.
const FUNCTION_TYPES = /^(c_function|cpp_function|java_method|java_class|python3_function)$/;

/** Map a coderunnertype to a language, or say why it cannot be imported. */
function codeRunnerLanguage(type: string): { language: Language } | { reason: string } {
  const t = type.trim().toLowerCase();
  if (Object.hasOwn(CODERUNNER_TYPES, t)) return { language: CODERUNNER_TYPES[t] };
  // "X_program" for a language we run (c, cpp, java, python3).
  const program = /^(.+)_program$/.exec(t);
  if (program && Object.hasOwn(PROGRAM_PREFIXES, program[1])) return { language: PROGRAM_PREFIXES[program[1]] };
  if (FUNCTION_TYPES.test(t)) return { reason: `CodeRunner type ${type}: ${FUNCTION_STYLE}` };
  // A site's own prototype derived from a supported one, e.g. "python3_scratchpad", "c_program_gcc13".
  for (const base of Object.keys(CODERUNNER_TYPES))
    if (t.startsWith(`${base}_`)) return { language: CODERUNNER_TYPES[base] };
  return { reason: `CodeRunner type ${type || "(none)"}: language not supported (C, C++, Python, Java)` };
}

type Outcome = { question: ImportedQuestion } | { reason: string };

function readCodeRunner(q: XmlNode, base: Base, warnings: string[]): Outcome {
  const prototype = leaf(q.prototypetype);
  if (prototype !== "" && prototype !== "0")
    return { reason: "a CodeRunner prototype (a template for other questions), not a question" };
  const lang = codeRunnerLanguage(leaf(q.coderunnertype));
  if ("reason" in lang) return lang;

  const cases = list(q.testcases?.testcase);
  if (cases.some((tc) => textOf(tc.testcode).trim() !== "")) return { reason: FUNCTION_STYLE };
  if (cases.length === 0) return { reason: "has no test cases" };

  const notes: string[] = [];
  const testCases: ImportedTestCase[] = cases.map((tc, k) => {
    const n = k + 1;
    const display = leaf(tc.display).toUpperCase() || "SHOW";
    if (display !== "SHOW") notes.push(`case ${n} was ${display} in CodeRunner`);
    if (attr(tc, "hiderestiffail") === "1") notes.push(`hiderestiffail on case ${n}`);
    const testtype = attr(tc, "testtype");
    if (testtype === "1") notes.push(`case ${n} was a precheck-only test in CodeRunner`);
    if (textOf(tc.extra).trim() !== "") notes.push(`case ${n} had "extra" template data (not imported)`);
    const mark = parseFloat(attr(tc, "mark"));
    return {
      input: normalizeTestData(textOf(tc.stdin)),
      expectedOutput: normalizeTestData(textOf(tc.expected)),
      hidden: attr(tc, "useasexample") !== "1",
      points: Number.isFinite(mark) ? mark : null,
    };
  });

  // What CodeRunner knew that the bank has no field for: say so rather than lose it silently.
  if (leaf(q.allornothing) === "1") notes.push("all-or-nothing grading in CodeRunner (here each case scores on its own)");
  if (textOf(q.template).trim() !== "") notes.push("a customised CodeRunner template is not imported");
  if (textOf(q.templateparams).trim() !== "") notes.push("CodeRunner template parameters are not imported");
  if (textOf(q.answerpreload).trim() !== "") notes.push("starter code (answer preload) is not imported");
  if (textOf(q.answer).trim() !== "") notes.push("a sample answer was in the file (not imported)");
  // The question's own limits (issue 35); empty is the prototype's, here the runner's default.
  const grading = { timeLimitMs: null as number | null, memoryLimitMb: null as number | null, checker: null };
  const cpu = leaf(q.cputimelimitsecs);
  if (cpu !== "") {
    const bounded = boundedLimit("timeMs", Number(cpu) * 1000, "CPU time limit");
    grading.timeLimitMs = bounded.value;
    if (bounded.warning) warnings.push(`question '${base.title}': ${bounded.warning}`);
  }
  const mem = leaf(q.memlimitmb);
  if (mem !== "") {
    const bounded = boundedLimit("memoryMb", Number(mem), "memory limit");
    grading.memoryLimitMb = bounded.value;
    if (bounded.warning) warnings.push(`question '${base.title}': ${bounded.warning}`);
  }
  const tags = list(q.tags?.tag).map((t) => singleLine(textOf(t))).filter((t) => t !== "");
  if (tags.length > 0) notes.push(`tags: ${tags.join(", ")}`);

  return {
    question: {
      kind: "coding",
      ...base,
      language: lang.language,
      testCases,
      notes,
      ...(grading.timeLimitMs !== null || grading.memoryLimitMb !== null ? { grading } : {}),
    },
  };
}

// ---------------------------------------------------------------- choice questions

function fractionOf(answer: XmlNode): number {
  const f = parseFloat(attr(answer, "fraction"));
  return Number.isFinite(f) ? f : 0;
}
const isFull = (f: number) => Math.abs(f - 100) < 1e-6;

function readMultichoice(q: XmlNode, base: Base, stats: TextStats, warnings: string[]): Outcome {
  const single = leaf(q.single).toLowerCase();
  if (single === "false" || single === "0")
    return { reason: "has several correct answers (Moodle 'multiple answers allowed'); this bank's multiple-choice questions have one" };
  const answers = list(q.answer);
  if (answers.length > MAX_OPTIONS || answers.length < MIN_OPTIONS)
    return {
      reason: `has ${plural(answers.length, "option")}; this bank's multiple-choice questions have ${MIN_OPTIONS} to ${MAX_OPTIONS}`,
    };
  const fractions = answers.map(fractionOf);
  const full = fractions.filter(isFull).length;
  if (full > 1) return { reason: "has several correct answers" };
  if (full === 0) return { reason: "has no answer worth 100%" };
  const options = answers.map((a) => richText(a, stats));
  const empty = options.findIndex((o) => o === "");
  if (empty >= 0) return { reason: `option ${empty + 1} has no text (an image only?)` };
  const partial = fractions.filter((f) => f > 0 && !isFull(f));
  if (partial.length > 0)
    warnings.push(
      `question '${base.title}': partial credit on ${plural(partial.length, "option")} (${partial.map((f) => `${f}%`).join(", ")}) is dropped; only the 100% option counts`,
    );
  return { question: { kind: "mcq", ...base, options, correct: fractions.findIndex(isFull) } };
}

function readTrueFalse(q: XmlNode, base: Base): Outcome {
  const answers = list(q.answer);
  const right = answers.findIndex((a) => isFull(fractionOf(a)));
  if (right < 0) return { reason: "has no answer worth 100%" };
  // Tags stripped; "<" is not in a tag's body, so a run of "<" is not read to the end from each one.
  const word = textOf(answers[right]).replace(/<[^<>]*>/g, "").trim().toLowerCase();
  // Moodle writes "true" then "false"; the words are the reliable part, the order the fallback.
  const correct = ["true", "t", "1", "yes"].includes(word) ? 0 : ["false", "f", "0", "no"].includes(word) ? 1 : right === 0 ? 0 : 1;
  return { question: { kind: "mcq", ...base, options: ["True", "False"], correct } };
}

// ---------------------------------------------------------------- parse

type Base = { title: string; text: string; category: string; sourceRef: string };

/** Read a Moodle XML export. Throws {@link FormatError} when the file cannot be read at all. */
export function parseMoodleXml(text: string): ParseResult {
  const xml = escapeBareAmpersands(normalizeNewlines(text));
  if (xml.trim() === "") throw new FormatError("Not a Moodle XML file: the file is empty");
  if (!xml.trimStart().startsWith("<")) throw new FormatError("Not a Moodle XML file: it does not start with an XML tag");
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new FormatError(`The XML cannot be read near line ${valid.err.line}: ${valid.err.msg}`);
  let doc: XmlNode;
  try {
    doc = parser.parse(xml);
  } catch (e) {
    throw new FormatError(`The XML cannot be read: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!doc || typeof doc !== "object" || !("quiz" in doc)) throw new FormatError("Not a Moodle XML file: no <quiz> element");

  const lineOf = lineIndex(xml);
  const result: ParseResult = { questions: [], skipped: [], warnings: [], categories: [] };
  let category = IMPORTED_CATEGORY;
  let n = 0;
  for (const q of list(doc.quiz?.question)) {
    const start = (q?.[META] as { startIndex?: number } | undefined)?.startIndex;
    const line = start === undefined ? null : lineOf(start);
    const type = attr(q, "type").trim();
    if (type === "category") {
      const name = categoryFromPath(textOf(q.category));
      category = name || IMPORTED_CATEGORY;
      pushUnique(result.categories, name);
      continue;
    }
    n++;
    const sourceRef = line === null ? `question ${n}` : `question ${n} (line ${line})`;
    const stats: TextStats = { images: 0, pluginImages: 0 };
    const questionText = richText(q.questiontext, stats);
    const title = singleLine(textOf(q.name)) || defaultTitle(questionText) || `Question ${n}`;
    const base: Base = { title, text: questionText, category, sourceRef };

    const warnings: string[] = [];
    let outcome: Outcome;
    switch (type) {
      case "multichoice":
        outcome = readMultichoice(q, base, stats, warnings);
        break;
      case "truefalse":
        outcome = readTrueFalse(q, base);
        break;
      case "coderunner":
        outcome = readCodeRunner(q, base, warnings);
        break;
      default:
        outcome = { reason: type ? `question type ${type} is not imported` : "question has no type" };
    }
    if ("reason" in outcome) {
      const skipped: Skipped = { title, sourceRef, reason: outcome.reason };
      result.skipped.push(skipped);
      continue;
    }
    if (outcome.question.text === "") warnings.push(`question '${title}': the question text is empty`);
    result.questions.push(outcome.question);
    result.warnings.push(...imageWarnings(title, stats), ...warnings);
  }
  if (n === 0) result.warnings.push("The file has no questions");
  return result;
}

// ---------------------------------------------------------------- write

// XML 1.0 cannot carry these at all, not even as character references.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(text: string): string {
  return text.replace(INVALID_XML, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Text element content: CDATA when it has markup characters (split around "]]>"), else escaped. */
function xmlValue(text: string): string {
  const clean = text.replace(INVALID_XML, "");
  if (!/[<>&]/.test(clean)) return clean;
  return `<![CDATA[${clean.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

const text = (value: string) => `<text>${xmlValue(value)}</text>`;
const html = (tag: string, value: string, indent: string) =>
  `${indent}<${tag} format="html">\n${indent}  ${text(value === "" ? "" : textToHtml(value))}\n${indent}</${tag}>`;
const num = (value: number) => value.toFixed(7);

const CODERUNNER_TYPE: Record<Language, string> = { c: "c_program", cpp: "cpp_program", python: "python3", java: "java_program" };

function writeCommon(q: ExportQuestion, type: string, grade: number, penalty: number): string[] {
  return [
    `  <question type="${type}">`,
    `    <name>\n      <text>${escapeXml(singleLine(q.title))}</text>\n    </name>`,
    html("questiontext", q.text, "    "),
    html("generalfeedback", "", "    "),
    `    <defaultgrade>${num(grade)}</defaultgrade>`,
    `    <penalty>${num(penalty)}</penalty>`,
    "    <hidden>0</hidden>",
    "    <idnumber></idnumber>",
  ];
}

function writeMcq(q: ExportMcq): string[] {
  const lines = writeCommon(q, "multichoice", 1, q.options.length > 1 ? 1 / (q.options.length - 1) : 0);
  lines.push(
    "    <single>true</single>",
    "    <shuffleanswers>1</shuffleanswers>",
    "    <answernumbering>abc</answernumbering>",
    "    <showstandardinstruction>0</showstandardinstruction>",
    html("correctfeedback", "", "    "),
    html("partiallycorrectfeedback", "", "    "),
    html("incorrectfeedback", "", "    "),
  );
  q.options.forEach((option, k) => {
    lines.push(
      `    <answer fraction="${k === q.correct ? 100 : 0}" format="html">`,
      `      ${text(textToHtml(option))}`,
      `      <feedback format="html">\n        <text></text>\n      </feedback>`,
      "    </answer>",
    );
  });
  lines.push("  </question>");
  return lines;
}

function writeCoding(q: ExportCoding): string[] {
  const total = q.testCases.reduce((sum, tc) => sum + tc.points, 0);
  const lines = writeCommon(q, "coderunner", total > 0 ? total : 1, 0);
  // Empty elements mean "inherit from the prototype", as in CodeRunner's own exports.
  const fields: [string, string][] = [
    ["coderunnertype", CODERUNNER_TYPE[q.language]],
    ["prototypetype", "0"],
    ["allornothing", "0"],
    ["penaltyregime", "0"],
    ["precheck", "0"],
    ["hidecheck", "0"],
    ["showsource", "0"],
    ["answerboxlines", "18"],
    ["answerboxcolumns", "100"],
    ["answerpreload", ""],
    ["globalextra", ""],
    ["useace", ""],
    ["resultcolumns", ""],
    ["template", ""],
    ["iscombinatortemplate", ""],
    ["allowmultiplestdins", ""],
    ["answer", ""],
    ["validateonsave", "0"],
    ["testsplitterre", ""],
    ["language", ""],
    ["acelang", ""],
    ["sandbox", ""],
    ["grader", ""],
    ["cputimelimitsecs", q.grading?.timeLimitMs != null ? String(Number((q.grading.timeLimitMs / 1000).toFixed(3))) : ""],
    ["memlimitmb", q.grading?.memoryLimitMb != null ? String(q.grading.memoryLimitMb) : ""],
    ["sandboxparams", ""],
    ["templateparams", ""],
    ["hoisttemplateparams", "1"],
    ["extractcodefromjson", "1"],
    ["templateparamslang", "None"],
    ["templateparamsevalpertry", "0"],
    ["templateparamsevald", "{}"],
    ["twigall", "0"],
    ["uiplugin", ""],
    ["uiparameters", ""],
    ["attachments", "0"],
    ["attachmentsrequired", "0"],
    ["maxfilesize", "10240"],
    ["filenamesregex", ""],
    ["filenamesexplain", ""],
    ["displayfeedback", "1"],
    ["giveupallowed", "0"],
    ["prototypeextra", ""],
  ];
  for (const [name, value] of fields) lines.push(`    <${name}>${escapeXml(value)}</${name}>`);
  lines.push("    <testcases>");
  for (const tc of q.testCases) {
    lines.push(
      `      <testcase testtype="0" useasexample="${tc.hidden ? 0 : 1}" hiderestiffail="0" mark="${num(tc.points)}" >`,
      `      <testcode>\n                ${text("")}\n      </testcode>`,
      `      <stdin>\n                ${text(tc.input)}\n      </stdin>`,
      `      <expected>\n                ${text(tc.expectedOutput)}\n      </expected>`,
      `      <extra>\n                ${text("")}\n      </extra>`,
      `      <display>\n                ${text("SHOW")}\n      </display>`,
      "    </testcase>",
    );
  }
  lines.push("    </testcases>", "  </question>");
  return lines;
}

/**
 * Write bank questions as a Moodle XML export: a category question before each
 * change of category ($course$/top/<category>), MCQs as single-answer
 * multichoice, coding questions as CodeRunner whole-program questions.
 * Texts are written as HTML that {@link parseMoodleXml} reads back unchanged.
 */
export function toMoodleXml(questions: ExportQuestion[]): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<quiz>"];
  let current: string | null = null;
  questions.forEach((q, k) => {
    if (q.category !== current) {
      current = q.category;
      lines.push(
        "",
        "<!-- question: 0  -->",
        '  <question type="category">',
        `    <category>\n      <text>${escapeXml(`$course$/top/${categoryPathSegment(q.category.trim())}`)}</text>\n    </category>`,
        '    <info format="html">\n      <text></text>\n    </info>',
        "  </question>",
      );
    }
    lines.push("", `<!-- question: ${k + 1}  -->`, ...(q.kind === "mcq" ? writeMcq(q) : writeCoding(q)));
  });
  lines.push("", "</quiz>", "");
  return lines.join("\n");
}
