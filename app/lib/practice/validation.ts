// Practice rooms (spec 2: /admin/practice-rooms, joining, the practice
// session): the constants, the messages verbatim, and the form schemas the
// browser and the actions share.
import { z } from "zod";
import { codeField } from "~/lib/runner/code-field";

export const PRACTICE_LIMITS = {
  /** Spec 2 section 9: a practice-room OTP expires 24 hours after creation. */
  otpMs: 24 * 60 * 60 * 1000,
  roomName: 120,
  /** As a question's category (app/lib/questions/question-validation.ts). */
  category: 50,
  id: 100,
} as const;

export const PRACTICE_MESSAGES = {
  fillAll: "Please fill all fields",
  unknownCategory: "Please choose an existing category",
  roomNameTooLong: `Room name can be at most ${PRACTICE_LIMITS.roomName} characters`,
  created: "Practice room created",
  createFailed: "Failed to create practice room",
  activated: "Practice room activated",
  deactivated: "Practice room deactivated",
  statusFailed: "Failed to update room status",
  newOtp: "New OTP generated",
  otpFailed: "Failed to generate OTP",
  deleted: "Practice room deleted",
  deleteFailed: "Failed to delete practice room",
  notFound: "Practice room not found",
  joined: "Successfully joined the practice room!",
  invalidOtp: "Invalid or expired OTP",
  joinFailed: "Failed to join practice room",
  notMember: "Join this practice room with its OTP first",
  inactive: "This practice room is not active",
  loadFailed: "Failed to load practice questions",
  runFailed: "Failed to run test cases",
  writeCode: "Please write some code first",
  noCases: "No test cases found",
  notInRoom: "This question is not part of this practice room",
  noQuestions: "No questions available in this category",
  exitTitle: "Exit Practice Session?",
  exitText: "Your progress will not be saved...",
} as const;

const text = (max: number, tooLong: string) =>
  z
    .string()
    .optional()
    .default("")
    .transform((v) => v.trim())
    .pipe(z.string().max(max, tooLong));

export const CreatePracticeRoomSchema = z
  .object({
    roomName: text(PRACTICE_LIMITS.roomName, PRACTICE_MESSAGES.roomNameTooLong),
    category: text(PRACTICE_LIMITS.category, PRACTICE_MESSAGES.unknownCategory),
  })
  .superRefine((v, ctx) => {
    // The spec's one message, under the first field that lacks a value.
    if (!v.roomName || !v.category) ctx.addIssue({ code: "custom", message: PRACTICE_MESSAGES.fillAll, path: [v.roomName ? "category" : "roomName"] });
  });

const roomId = (failure: string) => z.string({ required_error: failure }).min(1, failure).max(PRACTICE_LIMITS.id, failure);

/** Activate / Deactivate, Delete and a new OTP name the room they act on. */
export const PracticeRoomActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("activate"), roomId: roomId(PRACTICE_MESSAGES.statusFailed) }),
  z.object({ intent: z.literal("deactivate"), roomId: roomId(PRACTICE_MESSAGES.statusFailed) }),
  z.object({ intent: z.literal("delete"), roomId: roomId(PRACTICE_MESSAGES.deleteFailed) }),
  z.object({ intent: z.literal("new-otp"), roomId: roomId(PRACTICE_MESSAGES.otpFailed) }),
]);

/** Run Tests on the practice page: the question and the student's code (never the language: the question has one). */
export const RunPracticeSchema = z.object({
  questionId: z.string({ required_error: PRACTICE_MESSAGES.notInRoom }).min(1, PRACTICE_MESSAGES.notInRoom).max(PRACTICE_LIMITS.id, PRACTICE_MESSAGES.notInRoom),
  code: codeField,
});

/** "All test cases passed!" or "n/m test cases passed" (spec 2 section 8). */
export function runMessage(passed: number, total: number) {
  return passed === total ? "All test cases passed!" : `${passed}/${total} test cases passed`;
}

/** What the admin's list shows for an OTP: the time left, or that it has expired. */
export function otpLeft(expiresAt: number | null, now: number): string {
  if (expiresAt === null || expiresAt <= now) return "Expired";
  const minutes = Math.ceil((expiresAt - now) / 60_000);
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `Expires in ${h} h ${m} min` : `Expires in ${m} min`;
}

/** The key of one question's draft in this browser (nothing is saved on the server). */
export function draftKey(roomId: string, questionId: string) {
  return `practice-draft:${roomId}:${questionId}`;
}
