import { describe, expect, it } from "vitest";
import { ClientMessage, PartyViewer, ServerMessage } from "./protocol";

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
});
