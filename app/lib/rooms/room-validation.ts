// Form schemas for test rooms, shared by the browser and the actions.
import { z } from "zod";
import { LANGUAGES, QUESTION_TYPES } from "~/db/schema";
import { CATEGORY_MAX, CATEGORY_TOO_LONG, EMAIL_MAX, ID_MAX, idField } from "~/lib/http/input-limits";

export const ROOM_LIMITS = {
  mcqQuestions: 20,
  mcqMarks: 5,
  codingMinimum: 2,
  defaultDuration: 60,
  defaultExtend: 15,
  otpSeconds: 30,
  /** Ours: a bound on Change Questions and on a coding room drawn from a category. */
  maxQuestions: 1000,
} as const;

const trimmed = z.string().optional().default("").transform((v) => v.trim());

export const CreateRoomSchema = z
  .object({
    roomName: trimmed,
    category: trimmed,
    questionType: z.enum(QUESTION_TYPES, { errorMap: () => ({ message: "Please choose a question type" }) }),
    language: z.enum(LANGUAGES).optional().default("python"),
    durationMinutes: z.coerce
      .number({ invalid_type_error: "Duration must be a number of minutes" })
      .int("Duration must be a whole number of minutes")
      .min(1, "Duration must be at least 1 minute")
      .max(24 * 60, "Duration can be at most 1440 minutes")
      .default(ROOM_LIMITS.defaultDuration),
    /** A checkbox (decision 040): absent is off; the form ticks it for a new MCQ room. */
    shuffleOptions: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  })
  .superRefine((v, ctx) => {
    // One message for both (the spec's), under the first field that lacks a value.
    if (!v.roomName || !v.category)
      ctx.addIssue({ code: "custom", message: "Please fill all fields and select a category", path: [v.roomName ? "category" : "roomName"] });
    if (v.roomName.length > 120) ctx.addIssue({ code: "custom", message: "Room name can be at most 120 characters", path: ["roomName"] });
    if (v.category.length > CATEGORY_MAX) ctx.addIssue({ code: "custom", message: CATEGORY_TOO_LONG, path: ["category"] });
  })
  // MCQ rooms store python (spec 1 section 5); only MCQ options shuffle.
  .transform((v) => ({ ...v, language: v.questionType === "mcq" ? ("python" as const) : v.language, shuffleOptions: v.questionType === "mcq" && v.shuffleOptions }));

export const ExtendSchema = z.object({
  minutes: z.coerce
    .number({ invalid_type_error: "Please enter the minutes to add" })
    .int("Please enter whole minutes")
    .min(1, "Please add at least 1 minute")
    .max(24 * 60, "You can add at most 1440 minutes at once"),
});

export const UnlockCodeSchema = z.object({
  unlockCode: z
    .string()
    .optional()
    .default("")
    .transform((v) => v.trim())
    .refine((v) => v.length > 0, "Please enter a valid unlock code")
    .refine((v) => v.length <= 64, "The unlock code can be at most 64 characters"),
});

export const AddParticipantSchema = z.object({
  email: z.string().optional().default("").transform((v) => v.trim().toLowerCase()).pipe(z.string().max(EMAIL_MAX, "Email too long").email("Invalid email format")),
});

export const EditParticipantSchema = z.object({
  participantId: idField("Participant not found"),
  fullName: z
    .string()
    .optional()
    .default("")
    .transform((v) => v.trim())
    .pipe(z.string().min(2, "Name must be at least 2 characters").max(100, "Name too long")),
  category: z
    .string()
    .optional()
    .default("")
    .transform((v) => v.trim())
    .pipe(z.string().min(1, "Please select a category").max(CATEGORY_MAX, CATEGORY_TOO_LONG)),
});

export const ChangeQuestionsSchema = z.object({
  questionIds: z
    .string()
    .optional()
    .default("")
    .transform((v) => [...new Set(v.split(",").map((s) => s.trim()).filter(Boolean))])
    .pipe(
      z
        .array(z.string().max(ID_MAX, "Every question must be an existing question"))
        .max(ROOM_LIMITS.maxQuestions, `A room can have at most ${ROOM_LIMITS.maxQuestions} questions`),
    ),
});

/** Labels of spec 1 section 4. */
export function roomListLabel(room: { isActive: boolean; isEnabled: boolean }) {
  return room.isActive ? "Test Running" : room.isEnabled ? "Enabled (Waiting)" : "Disabled";
}
export function roomBadge(room: { isActive: boolean; isEnabled: boolean }) {
  return room.isActive ? "Active" : room.isEnabled ? "Enabled" : "Disabled";
}

/** A scheduled start (issue 25): a moment in the next 365 days, sent by the browser as UTC. */
export const SCHEDULE_LIMITS = { maxDays: 365 } as const;

export const SCHEDULE_MESSAGES = {
  invalid: "Please choose the date and time the test starts",
  past: "The start time has passed: choose a later one",
  tooFar: `Please schedule the start within the next ${SCHEDULE_LIMITS.maxDays} days`,
  running: "The test has already started",
  disabled: "Please enable the room first before scheduling the test",
  failed: "Failed to schedule the test",
} as const;

/** `startsAt` as an ISO time (the dialog converts the admin's local time); checked against `now`. */
export function scheduleSchema(now = Date.now()) {
  return z.object({
    startsAt: z
      .string({ required_error: SCHEDULE_MESSAGES.invalid, invalid_type_error: SCHEDULE_MESSAGES.invalid })
      .max(40, SCHEDULE_MESSAGES.invalid)
      .transform((v, ctx) => {
        const at = Date.parse(v);
        if (!v || Number.isNaN(at)) {
          ctx.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.invalid });
          return z.NEVER;
        }
        if (at <= now) ctx.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.past });
        else if (at > now + SCHEDULE_LIMITS.maxDays * 86_400_000) ctx.addIssue({ code: "custom", message: SCHEDULE_MESSAGES.tooFar });
        return at;
      }),
  });
}
