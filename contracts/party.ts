// The room party's wire format (decision 047): the one message union shared by
// the browser, the Worker's actions and the room's Durable Object, as the
// runner's is in ./runner.ts. Plain TypeScript with zod as its only import;
// imports run app → contracts ← party, never from here into either.
// Incoming messages are parsed with zod, never cast (the browser checks what
// it receives with the hand-written guard in ./party-guard.ts, typed from and
// tested against these schemas, so it loads no zod). Events carry ids and
// states only, never secrets: a client that needs data refetches it through
// its loader, which checks who is asking. Whoever publishes builds an event
// with its helper in `roomEvents` below, which also says who receives it.
import { z } from "zod";
import { REJUDGE_STATES, SIMILARITY_EVENT_STATES, type RejudgeState, type SimilarityEventState } from "./party-names";

// The names live in a zod-free module so the browser can import them without zod (decision 022).
export { LOBBY, PRACTICE_LOBBY, ROOM_PARTY } from "./party-names";

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
    state: z.enum(REJUDGE_STATES),
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
    state: z.enum(SIMILARITY_EVENT_STATES),
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

/** An event and who receives it, as `roomEvents` builds it. */
export type Published<E extends RoomEvent = RoomEvent> = { event: E; audience: Audience };

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
export type EventBuilders = { [T in RoomEvent["type"] as Camel<T>]: (...args: never[]) => Published<Extract<RoomEvent, { type: T }>> };

const toAll = <E extends RoomEvent>(event: E): Published<E> => ({ event, audience: { to: "all" } });
const toAdmins = <E extends RoomEvent>(event: E): Published<E> => ({ event, audience: { to: "admins" } });
const toUser = <E extends RoomEvent>(userId: string, event: E): Published<E> => ({ event, audience: { to: "user", userId } });

/**
 * One helper per event (issue 42): the only way actions, the room's object
 * and the LTI grade sync build an event, so its keys are the schema's and its
 * audience is decided here, once (a student's code-saved or another student's
 * time never reaches a student). The type makes a new event in RoomEvent
 * without a helper fail the typecheck.
 */
export const roomEvents = {
  /** Anything about the room itself changed; `scheduledAt` only when the change touched the schedule. */
  roomChanged: (room: { id: string; isEnabled: boolean; isActive: boolean; endsAt: number | null }, scheduledAt?: number | null) =>
    toAll({
      type: "room-changed",
      roomId: room.id,
      isEnabled: room.isEnabled,
      isActive: room.isActive,
      endsAt: room.endsAt,
      ...(scheduledAt === undefined ? {} : { scheduledAt }),
    }),
  participantsChanged: (roomId: string) => toAdmins({ type: "participants-changed", roomId }),
  participantRemoved: (roomId: string, studentId: string) => toUser(studentId, { type: "participant-removed", roomId }),
  roomDeleted: (roomId: string) => toAll({ type: "room-deleted", roomId }),
  timeChanged: (roomId: string, studentId: string, change: { endsAt: number; extraMs: number }, reason: string) =>
    toUser(studentId, { type: "time-changed", roomId, endsAt: change.endsAt, extraMs: change.extraMs, reason }),
  codeSaved: (roomId: string, studentTestId: string) => toAdmins({ type: "code-saved", roomId, studentTestId }),
  rejudgeChanged: (roomId: string, rejudge: { id: string; state: RejudgeState; done: number; total: number }) =>
    toAdmins({ type: "rejudge-changed", roomId, rejudgeId: rejudge.id, state: rejudge.state, done: rejudge.done, total: rejudge.total }),
  similarityChanged: (roomId: string, questionId: string, state: SimilarityEventState, progress: { done: number; total: number | null }) =>
    toAdmins({ type: "similarity-changed", roomId, questionId, state, done: progress.done, total: progress.total }),
  resultsChanged: (roomId: string) => toAll({ type: "results-changed", roomId }),
  roomsChanged: () => toAll({ type: "rooms-changed" }),
  evaluationRequested: () => toAdmins({ type: "evaluation-requested" }),
  practiceRoomsChanged: () => toAdmins({ type: "practice-rooms-changed" }),
  practiceParticipantsChanged: (practiceRoomId: string) => toAdmins({ type: "practice-participants-changed", practiceRoomId }),
} satisfies EventBuilders;

/** Identity the Worker attaches after checking the session; clients cannot set it. */
export const VIEWER_HEADER = "x-proctor-viewer";
export const PartyViewer = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(["admin", "student"]),
});
export type PartyViewer = z.infer<typeof PartyViewer>;
