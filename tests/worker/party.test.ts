import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { verifyAnchor } from "~/lib/student-tests/anchor.server";
import { call, postForm, signUp } from "./helpers";
import { connect, listen, upgrade } from "./party-client";

let admin = "";
let member: { cookie: string; email: string } = { cookie: "", email: "" };
let outsider = "";
let roomId = "";

beforeAll(async () => {
  admin = (await signUp({ role: "admin" })).cookie;
  member = await signUp({ role: "student", name: "Member Student" });
  outsider = (await signUp({ role: "student", name: "Outsider" })).cookie;
  await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES ('cat-party', 'Party')").run();
  await env.DB.batch(
    [0, 1].map((i) =>
      env.DB.prepare("INSERT INTO questions (id, title, category, type, language) VALUES (?, ?, 'Party', 'coding', 'c')").bind(`party-q-${i}`, `Q${i}`),
    ),
  );
  const name = `Party room ${crypto.randomUUID()}`;
  await postForm("/admin?index", { intent: "create", roomName: name, category: "Party", questionType: "coding", language: "c" }, admin);
  roomId = (await env.DB.prepare("SELECT id FROM test_rooms WHERE room_name = ?").bind(name).first<{ id: string }>())!.id;
  await postForm(`/admin/room/${roomId}`, { intent: "add-participant", email: member.email }, admin);
});

describe("who may connect", () => {
  it("refuses an anonymous connection", async () => {
    const response = await upgrade(roomId);
    expect(response.status).toBe(401);
    expect(response.webSocket).toBeNull();
  });

  it("refuses a forged identity header without a session", async () => {
    const forged = JSON.stringify({ id: "someone", name: "Someone", role: "admin" });
    expect((await upgrade(roomId, undefined, { "x-proctor-viewer": forged })).status).toBe(401);
  });

  it("refuses a student who is not in the room, and every student from the lobby", async () => {
    expect((await upgrade(roomId, outsider)).status).toBe(403);
    expect((await upgrade("lobby", member.cookie)).status).toBe(403);
  });

  it("greets a participant with their checked identity, not a forged one", async () => {
    const forged = JSON.stringify({ id: "someone-else", name: "X", role: "admin" });
    const res = await upgrade(roomId, member.cookie, { "x-proctor-viewer": forged });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    ws.accept();
    const inbox = listen(ws);
    const welcome = await inbox.next((m) => m.type === "welcome");
    expect(welcome).toMatchObject({ type: "welcome", room: roomId, role: "student" });
    expect((welcome as { userId: string }).userId).not.toBe("someone-else");

    ws.send(JSON.stringify({ type: "ping", sentAt: 42 }));
    const pong = await inbox.next((m) => m.type === "pong");
    expect(pong).toMatchObject({ type: "pong", sentAt: 42 });
    // Both carry a time anchor the journal will trust: the server's own time, signed (decision 013).
    for (const m of [welcome, pong] as { anchor?: string; serverTime: number }[]) {
      expect(await verifyAnchor(env.BETTER_AUTH_SECRET, m.anchor)).toBe(m.serverTime);
    }
    ws.send("not json");
    expect(await inbox.next((m) => m.type === "error")).toEqual({ type: "error", message: "Malformed message" });
    ws.close();
  });

  it("does not serve plain HTTP requests to a party", async () => {
    expect((await call(`/parties/room-party/${roomId}`, { cookie: admin })).status).toBe(404);
  });
});

describe("live room events", () => {
  it("an admin action reaches every admin tab and the room's students, with no secrets", async () => {
    const tab1 = await connect(roomId, admin);
    const tab2 = await connect(roomId, admin);
    const lobby = await connect("lobby", admin);
    const student = await connect(roomId, member.cookie);

    await postForm(`/admin/room/${roomId}`, { intent: "enable" }, admin);
    for (const inbox of [tab1.inbox, tab2.inbox, student.inbox]) {
      expect(await inbox.next((m) => m.type === "room-changed")).toMatchObject({ type: "room-changed", roomId, isEnabled: true, isActive: false });
    }
    await lobby.inbox.next((m) => m.type === "rooms-changed");

    await postForm(`/admin/room/${roomId}`, { intent: "unlock-code", unlockCode: "TOP-SECRET-CODE" }, admin);
    await postForm(`/admin/room/${roomId}`, { intent: "generate-otp" }, admin);
    await postForm(`/admin/room/${roomId}`, { intent: "start" }, admin);
    const started = await student.inbox.next((m) => m.type === "room-changed" && m.isActive);
    expect((started as { endsAt: number }).endsAt).toBeGreaterThan(Date.now());
    await tab1.inbox.next((m) => m.type === "participants-changed");
    // Nothing sent to the student carries the unlock code or the OTP.
    const otp = (await env.DB.prepare("SELECT otp FROM test_rooms WHERE id = ?").bind(roomId).first<{ otp: string }>())!.otp;
    const studentSaw = JSON.stringify(student.inbox.seen);
    expect(studentSaw).not.toContain("TOP-SECRET-CODE");
    expect(studentSaw).not.toContain(otp);
    // Participant changes go to admins only.
    expect(student.inbox.seen.some((m) => m.type === "participants-changed")).toBe(false);
    for (const c of [tab1, tab2, lobby, student]) c.ws.close();
  });

  it("a removed student is told, and only that student", async () => {
    const other = await signUp({ role: "student", name: "Other Member" });
    const name = `Removal room ${crypto.randomUUID()}`;
    await postForm("/admin?index", { intent: "create", roomName: name, category: "Party", questionType: "coding", language: "c" }, admin);
    const id = (await env.DB.prepare("SELECT id FROM test_rooms WHERE room_name = ?").bind(name).first<{ id: string }>())!.id;
    await postForm(`/admin/room/${id}`, { intent: "add-participant", email: member.email }, admin);
    await postForm(`/admin/room/${id}`, { intent: "add-participant", email: other.email }, admin);
    const removed = await connect(id, member.cookie);
    const stays = await connect(id, other.cookie);
    const participant = (await env.DB.prepare("SELECT id FROM room_participants WHERE room_id = ? AND email = ?").bind(id, member.email).first<{ id: string }>())!;
    await postForm(`/admin/room/${id}`, { intent: "remove-participant", participantId: participant.id }, admin);
    expect(await removed.inbox.next((m) => m.type === "participant-removed")).toEqual({ type: "participant-removed", roomId: id });
    // Give the other student's socket time to receive anything it would.
    await postForm(`/admin/room/${id}`, { intent: "enable" }, admin);
    await stays.inbox.next((m) => m.type === "room-changed");
    expect(stays.inbox.seen.some((m) => m.type === "participant-removed")).toBe(false);
    // And the removed student can no longer connect.
    expect((await upgrade(id, member.cookie)).status).toBe(403);
    removed.ws.close();
    stays.ws.close();
  });
});
