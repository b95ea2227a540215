import { describe, expect, it } from "vitest";
import { ClientMessage, PartyViewer, roomEvents, ServerMessage, type EventBuilders, type RoomEvent } from "./party";
import { parseServerMessage, type GuardShapes } from "./party-guard";

describe("party protocol", () => {
  it("parses a known client message", () => {
    expect(ClientMessage.parse({ type: "ping", sentAt: 1 })).toEqual({ type: "ping", sentAt: 1 });
  });

  it.each([{ type: "ping" }, { type: "ping", sentAt: "1" }, { type: "shout" }, null, "ping"])(
    "refuses %o",
    (value) => expect(ClientMessage.safeParse(value).success).toBe(false),
  );

  it("refuses a viewer with a role outside admin/student", () => {
    expect(PartyViewer.safeParse({ id: "u", name: "n", role: "root" }).success).toBe(false);
  });

  it("round-trips every server message kind through JSON", () => {
    const messages = [
      { type: "welcome", room: "r", userId: "u", role: "student", serverTime: 1 },
      { type: "pong", sentAt: 1, serverTime: 2 },
      { type: "error", message: "x" },
      { type: "practice-rooms-changed" },
      { type: "practice-participants-changed", practiceRoomId: "p" },
    ] as const;
    for (const m of messages) expect(ServerMessage.parse(JSON.parse(JSON.stringify(m)))).toEqual(m);
  });

  describe("every event is built by its helper, with its audience", () => {
    const built = [
      roomEvents.roomChanged({ id: "r", isEnabled: true, isActive: false, endsAt: null }),
      roomEvents.roomChanged({ id: "r", isEnabled: true, isActive: true, endsAt: 9 }, null),
      roomEvents.participantsChanged("r"),
      roomEvents.participantRemoved("r", "s1"),
      roomEvents.roomDeleted("r"),
      roomEvents.timeChanged("r", "s1", { endsAt: 9, extraMs: 300_000 }, "Your instructor gave you 5 more minutes"),
      roomEvents.codeSaved("r", "t"),
      roomEvents.rejudgeChanged("r", { id: "j", state: "ready", done: 3, total: 3 }),
      roomEvents.similarityChanged("r", "q", "running", { done: 0, total: null }),
      roomEvents.resultsChanged("r"),
      roomEvents.roomsChanged(),
      roomEvents.evaluationRequested(),
      roomEvents.practiceRoomsChanged(),
      roomEvents.practiceParticipantsChanged("p"),
    ];

    it("builds one of each kind", () => {
      const kinds = new Set(built.map((p) => p.event.type));
      expect(kinds.size).toBe(Object.keys(roomEvents).length);
    });

    it.each(built)("builds %o as the schema and the browser's guard read it", ({ event }) => {
      expect(ServerMessage.parse(event)).toEqual(event);
      expect(parseServerMessage(JSON.parse(JSON.stringify(event)))).toEqual(event);
    });

    it("sends room-changed's scheduledAt only when the change touched it", () => {
      expect(built[0]!.event).not.toHaveProperty("scheduledAt");
      expect(built[1]!.event).toMatchObject({ scheduledAt: null });
    });

    it("sends what only admins may see to admins, and a student's own changes to that student", () => {
      const audience = (type: RoomEvent["type"]) => built.find((p) => p.event.type === type)!.audience;
      for (const type of ["participants-changed", "code-saved", "rejudge-changed", "similarity-changed", "evaluation-requested", "practice-rooms-changed", "practice-participants-changed"] as const) {
        expect(audience(type), type).toEqual({ to: "admins" });
      }
      expect(audience("time-changed")).toEqual({ to: "user", userId: "s1" });
      expect(audience("participant-removed")).toEqual({ to: "user", userId: "s1" });
      for (const type of ["room-changed", "room-deleted", "results-changed", "rooms-changed"] as const) expect(audience(type), type).toEqual({ to: "all" });
    });
  });

  describe("the browser's guard agrees with the zod schema", () => {
    const valid = [
      { type: "welcome", room: "r", userId: "u", role: "admin", serverTime: 1, anchor: "1.a" },
      { type: "welcome", room: "r", userId: "u", role: "student", serverTime: 1 },
      { type: "pong", sentAt: 1, serverTime: 2, anchor: "x" },
      { type: "error", message: "x" },
      { type: "room-changed", roomId: "r", isEnabled: true, isActive: false, endsAt: null },
      { type: "room-changed", roomId: "r", isEnabled: false, isActive: true, endsAt: 5 },
      // The waiting room's live schedule (issue 42: the guard used to drop it).
      { type: "room-changed", roomId: "r", isEnabled: true, isActive: false, endsAt: null, scheduledAt: 1_800_000_000_000 },
      { type: "room-changed", roomId: "r", isEnabled: true, isActive: false, endsAt: null, scheduledAt: null },
      { type: "participants-changed", roomId: "r" },
      { type: "participant-removed", roomId: "r" },
      { type: "room-deleted", roomId: "r" },
      { type: "time-changed", roomId: "r", endsAt: 9, extraMs: 300_000, reason: "Your instructor gave you 5 more minutes" },
      { type: "code-saved", roomId: "r", studentTestId: "t" },
      { type: "rooms-changed" },
      { type: "rejudge-changed", roomId: "r", rejudgeId: "j", state: "previewing", done: 48, total: 148 },
      { type: "similarity-changed", roomId: "r", questionId: "q", state: "running", done: 1200, total: 124_750 },
      { type: "similarity-changed", roomId: "r", questionId: "q", state: "running", done: 0, total: null },
      { type: "similarity-changed", roomId: "r", questionId: "q", state: "stopped", done: 5, total: 10 },
      { type: "evaluation-requested" },
      { type: "practice-rooms-changed" },
      { type: "practice-participants-changed", practiceRoomId: "p", extra: 1 },
    ];
    const invalid = [
      null,
      "pong",
      [],
      {},
      { type: "shout" },
      { type: "toString" },
      { type: "welcome", room: "r", userId: "u", role: "root", serverTime: 1 },
      { type: "welcome", room: "r", userId: "u", role: "student", serverTime: 1, anchor: 5 },
      { type: "pong", sentAt: "1", serverTime: 2 },
      { type: "room-changed", roomId: "r", isEnabled: true, isActive: false },
      { type: "room-changed", roomId: "r", isEnabled: "yes", isActive: false, endsAt: null },
      { type: "room-changed", roomId: "r", isEnabled: true, isActive: false, endsAt: null, scheduledAt: "soon" },
      { type: "time-changed", roomId: "r", endsAt: null },
      { type: "time-changed", roomId: "r", endsAt: 9 },
      { type: "code-saved", roomId: "r" },
      { type: "practice-participants-changed" },
      { type: "rejudge-changed", roomId: "r", rejudgeId: "j", state: "judging", done: 1, total: 2 },
      { type: "rejudge-changed", roomId: "r", rejudgeId: "j", state: "ready", done: 1 },
      { type: "similarity-changed", roomId: "r", questionId: "q", state: "previewing", done: 1, total: 2 },
      { type: "similarity-changed", roomId: "r", questionId: "q", state: "running", done: 1 },
      { type: "similarity-changed", roomId: "r", state: "done", done: 1, total: 2 },
    ];
    it.each(valid)("accepts %o as zod does", (m) => expect(parseServerMessage(m)).toEqual(ServerMessage.parse(m)));
    it.each(invalid)("refuses %o as zod does", (m) => {
      expect(ServerMessage.safeParse(m).success).toBe(false);
      expect(parseServerMessage(m)).toBeNull();
    });
  });
});

// The typecheck (npm test) is this test: the guard's shape of an event must name every key the schema gives it.
// @ts-expect-error: room-changed's scheduledAt, in the schema, is missing here
const withoutScheduledAt: GuardShapes["room-changed"] = { roomId: "string", isEnabled: "boolean", isActive: "boolean", endsAt: "number|null" };
// @ts-expect-error: a key the schema does not have
const withAnExtraKey: GuardShapes["code-saved"] = { roomId: "string", studentTestId: "string", extra: "string" };
void [withoutScheduledAt, withAnExtraKey];
// The same for the helpers: an event in the schema without its helper (or a helper for no event) fails the typecheck.
// @ts-expect-error: results-changed has no helper here
const withoutAHelper: EventBuilders = { ...roomEvents, resultsChanged: undefined };
// @ts-expect-error: a helper whose event is of another kind
const aWrongHelper: EventBuilders = { ...roomEvents, roomDeleted: roomEvents.participantsChanged };
void [withoutAHelper, aWrongHelper];
