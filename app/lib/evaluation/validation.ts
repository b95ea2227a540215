// The evaluation forms' schemas and the spec's messages (spec 2 sections 5
// and 8), shared by the pages (instant feedback) and the actions (the rule).
import { z } from "zod";

export const REQUEST_MESSAGES = {
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

/** The search box of /admin/evaluation. */
export const SEARCH_MAX = 100;
