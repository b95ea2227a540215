// Moodle's GIFT text format, read into the neutral model. Only the kinds this
// bank has are imported (single-answer multiple choice and true/false); every
// other kind is reported as skipped, naming the kind, so the instructor knows
// what stayed behind.
//
//   // a comment line
//   $CATEGORY: $course$/top/Loops
//
//   ::Title:: [html] Question text { =right #feedback ~wrong ~wrong }
//
// Questions are separated by blank lines. \: \~ \= \# \{ \} \\ escape the
// special characters and \n is a line break.
import { htmlToText } from "./html-text";
import { FormatError, IMPORTED_CATEGORY, type ParseResult } from "./model";
import { categoryFromPath, defaultTitle, normalizeNewlines, normalizeText, plural, pushUnique, singleLine } from "./text";

const MIN_OPTIONS = 2;
const MAX_OPTIONS = 4;

// Escaped characters are swapped for private-use characters while the
// structure is read, so "\{" never opens an answer block; then restored.
const ESCAPES: Record<string, string> = {
  ":": "\uE001",
  "~": "\uE002",
  "=": "\uE003",
  "#": "\uE004",
  "{": "\uE005",
  "}": "\uE006",
  "\\": "\uE007",
  n: "\uE008",
};
const RESTORE: Record<string, string> = {
  "\uE001": ":",
  "\uE002": "~",
  "\uE003": "=",
  "\uE004": "#",
  "\uE005": "{",
  "\uE006": "}",
  "\uE007": "\\",
  "\uE008": "\n",
};

function protect(line: string): string {
  return line.replace(/[\uE001-\uE008]/g, "").replace(/\\([:~=#{}\\n])/g, (_, c: string) => ESCAPES[c]);
}

function restore(text: string): string {
  return text.replace(/[\uE001-\uE008]/g, (c) => RESTORE[c]);
}

type Format = "html" | "moodle" | "plain" | "markdown";
type Stats = { images: number; pluginImages: number };

/** Question or answer text, by the block's format marker, as safe plain text / light markdown. */
function convert(protectedText: string, format: Format, stats: Stats): string {
  const raw = restore(protectedText);
  if (format === "plain" || format === "markdown") return normalizeText(raw.trimStart());
  // Moodle's default ("moodle" auto-format): line breaks are meant, HTML is allowed.
  const converted = htmlToText(format === "moodle" ? raw.replace(/\n/g, "<br>\n") : raw);
  stats.images += converted.images;
  stats.pluginImages += converted.pluginImages;
  return converted.text;
}

type Line = { no: number; text: string };

/** Blocks of lines separated by blank lines; comment lines are dropped but separate nothing. */
function blocks(lines: string[]): Line[][] {
  const out: Line[][] = [];
  let current: Line[] = [];
  lines.forEach((text, k) => {
    if (text.trim() === "") {
      if (current.length > 0) out.push(current);
      current = [];
    } else if (!text.trimStart().startsWith("//")) current.push({ no: k + 1, text });
  });
  if (current.length > 0) out.push(current);
  return out;
}

/** What the answer block makes of a question: the choices, or why it is skipped. */
type Outcome = { options: string[]; correct: number } | { reason: string };

type Answer = { mark: "=" | "~"; weight: number | null; text: string };

/** Split "=a ~b ~%50%c" into answers (feedback after "#" dropped). */
function splitAnswers(body: string): Answer[] {
  const answers: Answer[] = [];
  for (const piece of body.split(/(?=[=~])/)) {
    const mark = piece[0];
    if (mark !== "=" && mark !== "~") continue; // text before the first answer has no meaning
    let rest = piece.slice(1);
    let weight: number | null = null;
    const w = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(rest);
    if (w) {
      weight = parseFloat(w[1]);
      rest = rest.slice(w[0].length);
    }
    const hash = rest.indexOf("#");
    answers.push({ mark, weight, text: hash >= 0 ? rest.slice(0, hash) : rest });
  }
  return answers;
}

function multipleChoice(answerText: string, format: Format, stats: Stats, warn: (m: string) => void): Outcome {
  const answers = splitAnswers(answerText);
  const correct = (a: Answer) => (a.mark === "=" && (a.weight === null || a.weight === 100)) || (a.mark === "~" && a.weight === 100);
  const partial = answers.filter((a) => a.weight !== null && a.weight > 0 && a.weight < 100);
  if (partial.length > 0)
    return {
      reason: `uses answer weights (%${partial[0].weight}%), a several-correct style; this bank's multiple-choice questions have one correct answer`,
    };
  const right = answers.filter(correct).length;
  if (right > 1) return { reason: "has several correct answers" };
  if (right === 0) return { reason: "has no correct answer (=)" };
  if (answers.length < MIN_OPTIONS || answers.length > MAX_OPTIONS)
    return {
      reason: `has ${plural(answers.length, "option")}; this bank's multiple-choice questions have ${MIN_OPTIONS} to ${MAX_OPTIONS}`,
    };
  const options = answers.map((a) => convert(a.text, format, stats));
  const empty = options.findIndex((o) => o === "");
  if (empty >= 0) return { reason: `option ${empty + 1} has no text` };
  const penalties = answers.filter((a) => a.weight !== null && a.weight < 0).length;
  if (penalties > 0) warn(`negative weights on ${plural(penalties, "option")} are dropped (a wrong answer scores 0)`);
  return { options, correct: answers.findIndex(correct) };
}

/** Read a GIFT file. Throws {@link FormatError} when the file cannot be read at all. */
export function parseGift(text: string): ParseResult {
  const source = normalizeNewlines(text);
  const lines = source.split("\n");
  const binary = lines.findIndex((l) => l.includes("\u0000"));
  if (binary >= 0) throw new FormatError(`Not a GIFT file: binary data on line ${binary + 1}`);
  if (source.trim() === "") throw new FormatError("Not a GIFT file: the file is empty");

  const result: ParseResult = { questions: [], skipped: [], warnings: [], categories: [] };
  let category = IMPORTED_CATEGORY;
  let n = 0;

  for (let block of blocks(lines)) {
    // "$CATEGORY: path" sets the category of the questions that follow.
    const cat = /^\s*\$CATEGORY:\s*(.*)$/i.exec(block[0].text);
    if (cat) {
      const name = categoryFromPath(cat[1]);
      category = name || IMPORTED_CATEGORY;
      pushUnique(result.categories, name);
      block = block.slice(1);
      if (block.length === 0) continue;
    }

    n++;
    const sourceRef = `question ${n} (line ${block[0].no})`;
    const body = block.map((l) => protect(l.text)).join("\n");
    // Character index in `body` → line number in the file.
    const lineAt = (index: number) => {
      let seen = 0;
      for (let k = 0; k < block.length; k++) {
        seen += protect(block[k].text).length + 1;
        if (index < seen) return block[k].no;
      }
      return block[block.length - 1].no;
    };

    let p = 0;
    let title = "";
    const titled = /^\s*::([\s\S]*?)::/.exec(body);
    if (titled) {
      title = singleLine(restore(titled[1]));
      p = titled[0].length;
    }
    let format: Format = "moodle";
    const marker = /^\s*\[(html|moodle|plain|markdown)\]/i.exec(body.slice(p));
    if (marker) {
      format = marker[1].toLowerCase() as Format;
      p += marker[0].length;
    }

    const stats: Stats = { images: 0, pluginImages: 0 };
    const notes: string[] = [];
    const skip = (reason: string, textGuess = body.slice(p)) => {
      const guessed = defaultTitle(restore(textGuess).replace(/\{[\s\S]*$/, ""));
      result.skipped.push({ title: title || guessed || `Question ${n}`, sourceRef, reason });
    };

    const open = body.indexOf("{", p);
    const strayClose = body.indexOf("}", p);
    if (open < 0) {
      if (strayClose >= 0) skip(`line ${lineAt(strayClose)}: } without {`);
      else skip("a description (text with no { } answer block) is not imported");
      continue;
    }
    if (strayClose >= 0 && strayClose < open) {
      skip(`line ${lineAt(strayClose)}: } without {`);
      continue;
    }
    const close = body.indexOf("}", open + 1);
    const nested = body.indexOf("{", open + 1);
    if (close < 0 || (nested >= 0 && nested < close)) {
      skip(`line ${lineAt(open)}: unclosed {`);
      continue;
    }
    const after = body.slice(close + 1);
    if (after.includes("{")) {
      skip("has several answer blocks { } (cloze style); not imported");
      continue;
    }
    if (after.includes("}")) {
      skip(`line ${lineAt(close + 1 + after.indexOf("}"))}: } without {`);
      continue;
    }

    // Text after the answers makes it a "missing word" question: the blank shows where the answer goes.
    const before = body.slice(p, open);
    const questionRaw = after.trim() === "" ? before : `${before}_____${after}`;
    const answerText = body.slice(open + 1, close).trim();

    let outcome: Outcome;
    if (answerText === "") outcome = { reason: "an essay question ({ } with no answers) is not imported" };
    else if (answerText.startsWith("#")) outcome = { reason: "a numerical question ({#…}) is not imported" };
    else if (answerText.includes("~")) outcome = multipleChoice(answerText, format, stats, (m) => notes.push(m));
    else if (answerText.includes("=") && answerText.includes("->"))
      outcome = { reason: "a matching question (=… -> …) is not imported" };
    else {
      const tf = /^(T|TRUE|F|FALSE)\s*(#[\s\S]*)?$/i.exec(answerText);
      if (tf) {
        outcome = { options: ["True", "False"], correct: tf[1].toUpperCase().startsWith("T") ? 0 : 1 };
      } else outcome = { reason: "a short-answer question ({=…} with no ~ wrong answers) is not imported" };
    }

    if ("reason" in outcome) {
      skip(outcome.reason, questionRaw);
      continue;
    }
    const questionText = convert(questionRaw, format, stats);
    const finalTitle = title || defaultTitle(questionText) || `Question ${n}`;
    result.questions.push({ kind: "mcq", title: finalTitle, text: questionText, category, options: outcome.options, correct: outcome.correct, sourceRef });
    if (questionText === "") result.warnings.push(`question '${finalTitle}': the question text is empty`);
    if (stats.pluginImages > 0)
      result.warnings.push(
        `question '${finalTitle}': ${plural(stats.pluginImages, "image")} dropped (@@PLUGINFILE@@ files are not imported)`,
      );
    if (stats.images > stats.pluginImages)
      result.warnings.push(
        `question '${finalTitle}': ${plural(stats.images - stats.pluginImages, "linked image")} dropped (images are not imported)`,
      );
    for (const note of notes) result.warnings.push(`question '${finalTitle}': ${note}`);
  }
  if (n === 0) result.warnings.push("The file has no questions");
  return result;
}
