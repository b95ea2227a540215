// Question-format import/export: the bank's CSV, Moodle XML (with CodeRunner),
// GIFT and ICPC/Kattis problem packages, all read into one neutral model.
// Pure and browser-safe: the import preview runs it before anything is sent.
import { looksLikeQuestionCsv, parseQuestionCsv } from "./csv";
import { parseGift } from "./gift";
import { FormatError, type ParseResult } from "./model";
import { parseMoodleXml } from "./moodle-xml";
import { parseProblemPackage } from "./problem-package";
import { decodeUtf8 } from "./text";

export * from "./model";
export { parseQuestionCsv } from "./csv";
export { parseGift } from "./gift";
export { parseMoodleXml, toMoodleXml } from "./moodle-xml";
export { parseProblemPackage, toProblemPackage, MAX_UNZIPPED_BYTES, CUSTOM_VALIDATOR_WARNING } from "./problem-package";

export type QuestionFileFormat = "csv" | "moodle-xml" | "gift" | "problem-package";
/** A parsed file and the format it was read as (the preview words a CSV's messages as the spec does). */
export type ParsedFile = ParseResult & { format: QuestionFileFormat };

/** Which format a file is in, from its name, else from its first bytes; null when unknown. */
export function detectFormat(fileName: string, bytes: Uint8Array): QuestionFileFormat | null {
  const name = fileName.toLowerCase();
  if (name.endsWith(".zip")) return "problem-package";
  if (name.endsWith(".xml")) return "moodle-xml";
  if (name.endsWith(".gift")) return "gift";
  if (name.endsWith(".csv")) return "csv";
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) return "problem-package"; // "PK": a zip
  const head = decodeUtf8(bytes.subarray(0, 512)).text.trimStart();
  if (head.startsWith("<")) return "moodle-xml";
  if (looksLikeQuestionCsv(head)) return "csv";
  if (name.endsWith(".txt")) return "gift";
  return null;
}

/** Read any supported file by its name or content. Throws {@link FormatError} when it cannot be read. */
export function parseQuestionFile(fileName: string, bytes: Uint8Array): ParsedFile {
  const format = detectFormat(fileName, bytes);
  switch (format) {
    case "csv":
      return { ...parseQuestionCsv(decodeUtf8(bytes).text), format };
    case "problem-package":
      return { ...parseProblemPackage(bytes, fileName), format };
    case "moodle-xml":
      return { ...parseMoodleXml(decodeUtf8(bytes).text), format };
    case "gift":
      return { ...parseGift(decodeUtf8(bytes).text), format };
    default:
      throw new FormatError(`${fileName}: not a CSV (.csv), Moodle XML (.xml), GIFT (.gift, .txt) or problem package (.zip) file`);
  }
}
