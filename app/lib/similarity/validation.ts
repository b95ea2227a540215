// The Similarity pages' inputs (issue 23): the threshold in the URL, Analyse now
// and Stop (issue 39), and the decision form.
import { z } from "zod";
import { ID_MAX, idField } from "~/lib/http/input-limits";

/** Pairs below this similarity (percent) are hidden unless the admin lowers it; never below the storage floor. */
export const SIMILARITY_DEFAULT_THRESHOLD = 40;
export const SIMILARITY_MIN_THRESHOLD = 20;
export const NOTE_MAX = 1000;
const MEMBERS_MAX = 50;

/** `?min=` as a whole percentage within 20–100, else the default. */
export function parseThreshold(raw: string | null): number {
  const value = Number(raw);
  if (raw === null || raw === "" || !Number.isFinite(value)) return SIMILARITY_DEFAULT_THRESHOLD;
  return Math.min(100, Math.max(SIMILARITY_MIN_THRESHOLD, Math.round(value)));
}

export const DecisionSchema = z.object({
  questionId: z.string({ required_error: "Failed to record the decision" }).min(1).max(ID_MAX),
  members: z
    .string({ required_error: "Pick at least two students" })
    .max((ID_MAX + 1) * MEMBERS_MAX, "Too many students in one decision")
    .transform((value) => value.split(",").map((m) => m.trim()).filter(Boolean))
    .refine((ids) => ids.length >= 2, "Pick at least two students")
    .refine((ids) => ids.length <= MEMBERS_MAX && ids.every((id) => id.length <= ID_MAX), "Too many students in one decision"),
  verdict: z.enum(["confirmed", "dismissed"], { errorMap: () => ({ message: "Choose confirmed or dismissed" }) }),
  note: z
    .string()
    .max(NOTE_MAX, `The note is too long (max ${NOTE_MAX} characters)`)
    .optional()
    .transform((note) => note?.trim() || null),
});

export const SIMILARITY_MESSAGES = {
  notCoding: "Similarity applies to coding rooms: a multiple-choice room has no code to compare.",
  unknownQuestion: "This question is not in the room",
  analyseFailed: "Failed to analyse the room's code",
  decideFailed: "Failed to record the decision",
  pairNotFound: "This pair is no longer in the analysis: analyse the room again",
  stopFailed: "Failed to stop the analysis",
  notRunning: "No analysis of this question is running",
  unchanged: "Nothing changed since the last analysis",
  started: "Analysis started: it runs in the background, you may leave this page",
  alreadyRunning: "This question is already being analysed",
  stoppedBeforeStart: "Analysis stopped before any pair was compared: the previous result stays",
  failed: "The analysis failed",
  engineChanged: "The similarity engine was updated during the analysis: analyse again",
  notInDecision: "These students are not all in this room",
  earlierOnly: "A decision needs at least one student of this room",
  earlierAdminOnly: "Only an administrator can see the students of earlier rooms",
} as const;

/**
 * Analyse now: one question, or every coding question of the room when none
 * is named; `earlier` ("Compare with earlier rooms") adds the final code of
 * earlier rooms that had the question.
 */
export const AnalyseSchema = z.object({
  questionId: z.string().max(ID_MAX, SIMILARITY_MESSAGES.unknownQuestion).optional().transform((id) => id || null),
  earlier: z
    .enum(["on", "true", "false", ""], { errorMap: () => ({ message: "Choose whether to compare with earlier rooms" }) })
    .optional()
    .transform((v) => v === "on" || v === "true"),
});

export const StopSchema = z.object({ questionId: idField(SIMILARITY_MESSAGES.notRunning) });
