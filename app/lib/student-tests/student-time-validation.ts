// The forms of time per student (decision 028): Extra time for a participant,
// an account's accommodation, and the outage credits. One schema per form,
// used by the admin's browser for instant feedback and by the actions, which
// answer 400 with the first failing message and write nothing.
import { z } from "zod";
import type { ExtraTimeUnit } from "~/db/schema";
import { idField } from "~/lib/http/input-limits";

// A copy of the schema's units: importing the schema module would ship drizzle to the browser.
export const EXTRA_TIME_UNITS = ["minutes", "percent"] as const satisfies readonly ExtraTimeUnit[];

export const STUDENT_TIME_LIMITS = {
  maxMinutes: 600,
  maxPercent: 300,
  reasonMax: 200,
  /** The bulk credit gives back only outages longer than this (a room whose network failed, not every blip). */
  bulkCreditOverMs: 60_000,
  /**
   * The bulk credit never takes a student's credited offline time past this
   * (decision 035): a longer outage is credited one student at a time, after
   * the admin looked at it.
   */
  bulkCreditCapMs: 30 * 60_000,
} as const;

/** Every message of time per student, verbatim in one place. */
export const STUDENT_TIME_MESSAGES = {
  minutes: `Extra time must be 0 to ${STUDENT_TIME_LIMITS.maxMinutes} minutes`,
  percent: `Extra time must be 0 to ${STUDENT_TIME_LIMITS.maxPercent} %`,
  required: "Please enter the extra time",
  whole: "Extra time must be a whole number",
  unit: "Choose minutes or percent",
  reason: `The reason can be at most ${STUDENT_TIME_LIMITS.reasonMax} characters`,
  participant: "Participant not found",
  user: "User not found",
  studentsOnly: "Extra time can be set for student accounts only",
  notStarted: "This student has not started the test yet",
  over: "This student's test is already over",
  nothingToCredit: "There is no new offline time to credit for this student",
  nothingToCreditRoom: "No outage over 1 minute is waiting to be credited",
  overBulkCap: "Over 30 minutes offline: credit one by one",
  failed: "Failed to change the extra time",
  creditFailed: "Failed to credit the offline time",
} as const;

const amountField = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v.trim())) : v),
  z
    .number({ required_error: STUDENT_TIME_MESSAGES.required, invalid_type_error: STUDENT_TIME_MESSAGES.whole })
    .finite(STUDENT_TIME_MESSAGES.whole)
    .int(STUDENT_TIME_MESSAGES.whole),
);

/** Minutes (0 to 600) or a percentage of the room's duration (0 to 300 %), with an optional reason. */
export const ExtraTimeSchema = z
  .object({
    unit: z.enum(EXTRA_TIME_UNITS, { errorMap: () => ({ message: STUDENT_TIME_MESSAGES.unit }) }),
    amount: amountField,
    reason: z
      .string()
      .optional()
      .default("")
      .transform((v) => v.trim())
      .pipe(z.string().max(STUDENT_TIME_LIMITS.reasonMax, STUDENT_TIME_MESSAGES.reason))
      .transform((v) => (v === "" ? null : v)),
  })
  .superRefine((v, ctx) => {
    if (v.unit === "minutes" && (v.amount < 0 || v.amount > STUDENT_TIME_LIMITS.maxMinutes)) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: STUDENT_TIME_MESSAGES.minutes });
    }
    if (v.unit === "percent" && (v.amount < 0 || v.amount > STUDENT_TIME_LIMITS.maxPercent)) {
      ctx.addIssue({ code: "custom", path: ["amount"], message: STUDENT_TIME_MESSAGES.percent });
    }
  });
export type ExtraTimeInput = z.infer<typeof ExtraTimeSchema>;

/** The room page's Extra time dialog: one participant. */
export const ParticipantExtraTimeSchema = z.object({ participantId: idField(STUDENT_TIME_MESSAGES.participant) }).and(ExtraTimeSchema);

/** The users page's accommodation: one student account. */
export const AccountExtraTimeSchema = z.object({ userId: idField(STUDENT_TIME_MESSAGES.user) }).and(ExtraTimeSchema);

/** "Credit m:ss": one participant's recorded outages. */
export const CreditOutageSchema = z.object({ participantId: idField(STUDENT_TIME_MESSAGES.participant) });
