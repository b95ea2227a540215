// The one message union shared by the browser and the room party. Incoming
// messages are parsed with zod, never cast (the browser checks what it receives
// with the hand-written guard in ./server-message.ts, tested against these
// schemas, so it loads no zod). Events carry ids and states only, never secrets: a client that needs data refetches it through its loader,
// which checks who is asking.
import { z } from "zod";
import type { RejudgeState } from "../app/db/schema";
import type { AnalysisEventState } from "../app/lib/similarity/analysis";

// The names live in a zod-free module so the browser can import them without zod (decision 022).
export { LOBBY, PRACTICE_LOBBY, ROOM_PARTY } from "./names";

export const ClientMessage = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ping"), sentAt: z.number() }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/** Room and participant changes, published by actions after they commit. */
export const RoomEvent = z.discriminatedUnion("type", [
  /** Anything about the room itself changed (enabled, active, ends_at, questions, ...). */
  z.object({
    type: z.literal("room-changed"),
    roomId: z.string(),
    isEnabled: z.boolean(),
    isActive: z.boolean(),
    endsAt: z.number().nullable(),
    /** The scheduled start (ms), null when none; absent when the change did not touch it. */
    scheduledAt: z.number().nullable().optional(),
  }),
  /** The participant list changed (joined, edited, removed, status). */
  z.object({ type: z.literal("participants-changed"), roomId: z.string() }),
  /** Sent only to the student concerned. */
  z.object({ type: z.literal("participant-removed"), roomId: z.string() }),
  z.object({ type: z.literal("room-deleted"), roomId: z.string() }),
  /**
   * Sent only to the student concerned: their own deadline moved (extra time
   * set or added, outage time given back; decision 028). `extraMs` is all
   * their own time on top of the room's end, so a later room-wide change
   * (Extend) keeps it; `reason` is the toast that says why (never the
   * admin's free-text reason, nor anyone else's time).
   */
  z.object({ type: z.literal("time-changed"), roomId: z.string(), endsAt: z.number(), extraMs: z.number(), reason: z.string() }),
  /**
   * Admins only: a student's autosaved code (or MCQ progress) was accepted.
   * Ids only, never the code: the monitor refetches it through its guarded loader.
   */
  z.object({ type: z.literal("code-saved"), roomId: z.string(), studentTestId: z.string() }),
  /**
   * Admins only: a rejudge of the room moved on (issue 35, decision 039): its
   * progress while judging ("Rejudging 48 / 148"), or a new state (ready,
   * applied, cancelled, failed), on which the results page refetches.
   */
  z.object({
    type: z.literal("rejudge-changed"),
    roomId: z.string(),
    rejudgeId: z.string(),
    state: z.enum(["previewing", "ready", "applying", "applied", "cancelled", "failed"] satisfies [RejudgeState, ...RejudgeState[]]),
    done: z.number(),
    total: z.number(),
  }),
  /**
   * Admins only: a similarity analysis of one of the room's questions moved on
   * (issue 39, decision 044): its progress while running ("Analysing: 1,200 of
   * 124,750 pairs"; `total` null while it prepares), or its end (done,
   * stopped part-way, failed), on which the similarity page refetches.
   */
  z.object({
    type: z.literal("similarity-changed"),
    roomId: z.string(),
    questionId: z.string(),
    state: z.enum(["running", "done", "stopped", "failed"] satisfies [AnalysisEventState, ...AnalysisEventState[]]),
    done: z.number(),
    total: z.number().nullable(),
  }),
  /**
   * The room's results were released, withdrawn, or their review options
   * changed (issue 37, decision 041): a student's history and submission view
   * refetch (what they may see is decided by their loaders), as do the admins'.
   */
  z.object({ type: z.literal("results-changed"), roomId: z.string() }),
  /** Lobby: the list of rooms changed. */
  z.object({ type: z.literal("rooms-changed") }),
  /** Lobby, admins only: a student filed a manual evaluation request (the list refetches). */
  z.object({ type: z.literal("evaluation-requested") }),
  /** Practice lobby, admins only: a practice room was created, activated, deactivated, deleted or given a new OTP. */
  z.object({ type: z.literal("practice-rooms-changed") }),
  /** Practice lobby, admins only: a student joined this practice room (ids only: the page refetches names). */
  z.object({ type: z.literal("practice-participants-changed"), practiceRoomId: z.string() }),
]);
export type RoomEvent = z.infer<typeof RoomEvent>;

export const ServerMessage = z.union([
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("welcome"),
      room: z.string(),
      userId: z.string(),
      role: z.enum(["admin", "student"]),
      serverTime: z.number(),
      /** A server-signed time anchor for the journal (decision 019). */
      anchor: z.string().optional(),
    }),
    z.object({ type: z.literal("pong"), sentAt: z.number(), serverTime: z.number(), anchor: z.string().optional() }),
    z.object({ type: z.literal("error"), message: z.string() }),
  ]),
  RoomEvent,
]);
export type ServerMessage = z.infer<typeof ServerMessage>;

/** Who receives a published event. */
export type Audience = { to: "all" } | { to: "admins" } | { to: "user"; userId: string };

/** Identity the Worker attaches after checking the session; clients cannot set it. */
export const VIEWER_HEADER = "x-proctor-viewer";
export const PartyViewer = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(["admin", "student"]),
});
export type PartyViewer = z.infer<typeof PartyViewer>;
