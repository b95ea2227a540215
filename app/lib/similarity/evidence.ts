// The evidence only we have (issue 23): each student's code timeline (the
// monitor's replay). For a matching fragment: when it first stood in a
// student's code, and whether it arrived in one large step (pasted or
// received whole) rather than written line by line.
import type { Span } from "./engine";

export type Version = { at: number; code: string };
export type FragmentEvidence = {
  /** When the fragment first stood in the code (the autosave's time). */
  firstAt: number;
  /** Characters the code grew by in that one autosave. */
  stepChars: number;
  /** The fragment arrived in that one step: at least 70 % of it at once, and at least 40 characters. */
  oneStep: boolean;
};

/** The text a span covers (lines from 1, columns from 0, end exclusive). */
export function spanText(code: string, span: Span): string {
  const lines = code.replace(/\r\n?/g, "\n").split("\n");
  if (span.startLine === span.endLine) return (lines[span.startLine - 1] ?? "").slice(span.startCol, span.endCol);
  const parts = [(lines[span.startLine - 1] ?? "").slice(span.startCol)];
  for (let l = span.startLine + 1; l < span.endLine; l++) parts.push(lines[l - 1] ?? "");
  parts.push((lines[span.endLine - 1] ?? "").slice(0, span.endCol));
  return parts.join("\n");
}

const flat = (text: string) => text.replace(/\s+/g, "");

/** The fragment's first appearance in the timeline (versions oldest first), or null when the timeline never held it. */
export function fragmentEvidence(finalCode: string, span: Span, versions: readonly Version[]): FragmentEvidence | null {
  const text = spanText(finalCode, span);
  const needle = flat(text);
  if (!needle) return null;
  let previous = "";
  for (const version of versions) {
    if (flat(version.code).includes(needle)) {
      const stepChars = Math.max(0, version.code.length - previous.length);
      return { firstAt: version.at, stepChars, oneStep: stepChars >= 40 && stepChars >= 0.7 * text.length };
    }
    previous = version.code;
  }
  return null;
}
