// The evaluation forms' schemas and the spec's messages (spec 2 sections 5
// and 8), shared by the pages (instant feedback) and the actions (the rule).
import { z } from "zod";

export const REQUEST_MESSAGES = {
  notReleased: "Evaluation requests open when the results are released",
  reasonRequired: "Please provide a reason for manual evaluation",
  reasonTooLong: "Reason must be at most 1000 characters",
  duplicate: "You have already requested evaluation for this test",
  submitted: "Manual evaluation request submitted",
  submitFailed: "Failed to submit evaluation request",
  notEligible: "Manual evaluation is only available for coding tests scoring 90 or more",
  loadFailed: "Failed to load evaluation requests",
  scoreRequired: "Please enter a score",
  scoreRange: "Please enter a valid score between 0 and 100",
  approved: "Manual evaluation completed",
  rejected: "Request rejected",
  updateFailed: "Failed to update test score",
  rejectFailed: "Failed to reject request",
  notPending: "This request has already been handled",
} as const;

/** Not in the spec ("any length limit on reason is not shown"): a bound so a row stays small. */
export const REASON_MAX = 1000;

export const EvaluationRequestSchema = z.object({
  testId: z.string({ required_error: REQUEST_MESSAGES.submitFailed }).min(1, REQUEST_MESSAGES.submitFailed).max(100, REQUEST_MESSAGES.submitFailed),
  reason: z
    .string({ required_error: REQUEST_MESSAGES.reasonRequired })
    .trim()
    .min(1, REQUEST_MESSAGES.reasonRequired)
    .max(REASON_MAX, REQUEST_MESSAGES.reasonTooLong),
});

/** The score dialog: required, then an integer 0 to 100 (spec 2 section 5). */
export const ManualScoreField = z
  .string({ required_error: REQUEST_MESSAGES.scoreRequired })
  .trim()
  .min(1, REQUEST_MESSAGES.scoreRequired)
  .regex(/^\d{1,3}$/, REQUEST_MESSAGES.scoreRange)
  .transform(Number)
  .refine((n) => n >= 0 && n <= 100, REQUEST_MESSAGES.scoreRange);

export const ApproveSchema = z.object({
  intent: z.literal("approve"),
  requestId: z.string({ required_error: REQUEST_MESSAGES.updateFailed }).min(1, REQUEST_MESSAGES.updateFailed).max(100, REQUEST_MESSAGES.updateFailed),
  score: ManualScoreField,
});

/** The search box of /admin/evaluation: the longest search of every list. */
export { SEARCH_MAX } from "~/lib/d1/limits";

// ------------------------------------------------------------------ the evaluation page

export const EVALUATE_MESSAGES = {
  loadFailed: "Failed to load evaluation data",
  runFailed: "Failed to run code",
  noCases: "No test cases found",
  saveFailed: "Failed to save evaluation",
  acceptFailed: "Failed to accept evaluation",
  rejectFailed: "Failed to reject evaluation",
  saved: "Evaluation saved",
  accepted: "Manual evaluation completed",
  rejected: "Evaluation rejected",
  codeTooLong: "The code is too long (at most 100000 characters)",
} as const;

export const CODE_MAX = 100_000;

const Id = (message: string) => z.string({ required_error: message, invalid_type_error: message }).min(1, message).max(100, message);

export const RunSchema = z.object({
  intent: z.literal("run"),
  questionId: Id(EVALUATE_MESSAGES.runFailed),
  code: z.string({ required_error: EVALUATE_MESSAGES.runFailed }).max(CODE_MAX, EVALUATE_MESSAGES.codeTooLong),
});

export const SavedQuestionSchema = z.object({
  questionId: Id(EVALUATE_MESSAGES.saveFailed),
  code: z.string({ required_error: EVALUATE_MESSAGES.saveFailed, invalid_type_error: EVALUATE_MESSAGES.saveFailed }).max(CODE_MAX, EVALUATE_MESSAGES.codeTooLong),
  passed: z
    .array(Id(EVALUATE_MESSAGES.saveFailed), { required_error: EVALUATE_MESSAGES.saveFailed, invalid_type_error: EVALUATE_MESSAGES.saveFailed })
    .max(1000, EVALUATE_MESSAGES.saveFailed),
}, { invalid_type_error: EVALUATE_MESSAGES.saveFailed });
export type SavedQuestion = z.infer<typeof SavedQuestionSchema>;

/** Save posts the page's state as one JSON field: each question's code and ticked case ids. */
export const SaveSchema = z.object({
  intent: z.literal("save"),
  questions: z
    .string({ required_error: EVALUATE_MESSAGES.saveFailed })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: EVALUATE_MESSAGES.saveFailed });
        return z.NEVER;
      }
    })
    .pipe(z.array(SavedQuestionSchema, { invalid_type_error: EVALUATE_MESSAGES.saveFailed }).max(20, EVALUATE_MESSAGES.saveFailed)),
});
