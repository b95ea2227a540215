// The Similarity pages' inputs (issue 23): the threshold in the URL and the decision form.
import { z } from "zod";
import { ID_MAX } from "~/lib/http/input-limits";

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
} as const;
