// The navigator's colour of a question (pure, tested in progress.test.ts).
// Its own module, loaded with the navigator dialog, so the dialog's chunk
// imports nothing from the MCQ page's own chunk (decision 022).
import type { McqProgress } from "./progress";

export type QuestionState = "answered" | "marked" | "unanswered";

/** Navigator colour: yellow marked (even if answered), green answered, grey otherwise. */
export function questionState(progress: McqProgress, id: string): QuestionState {
  if (progress.marked.includes(id)) return "marked";
  if (progress.answers[id] !== undefined) return "answered";
  return "unanswered";
}
