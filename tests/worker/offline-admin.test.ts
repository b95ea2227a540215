// The admin's side of offline-tolerant tests: disconnected periods recorded by
// the room party, and extra time for one student.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ServerMessage } from "../../contracts/party";
import { OUTAGE_RULES } from "~/lib/student-tests/outages";
import { call, postForm, signUp } from "./helpers";

let admin = "";
const one = async <T,>(sql: string, ...binds: unknown[]) => (await env.DB.prepare(sql).bind(...binds).first<T>())!;

async function poll<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}

async function connect(room: string, cookie: string) {
  const res = await call(`/parties/room-party/${room}`, { headers: { Upgrade: "websocket" }, cookie });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const seen: ServerMessage[] = [];
  ws.addEventListener("message", (e) => seen.push(ServerMessage.parse(JSON.parse(String(e.data)))));
  await poll(async () => seen, (s) => s.some((m) => m.type === "welcome"));
  return { ws, seen };
}

/** A running coding room with one student who launched the test, and one who did not. */
async function runningRoom() {
  const name = `Offline room ${crypto.randomUUID()}`;
  await postForm("/admin?index", { intent: "create", roomName: name, category: "Offline", questionType: "coding", language: "c" }, admin);
  const { id } = await one<{ id: string }>("SELECT id FROM test_rooms WHERE room_name = ?", name);
  const taker = await signUp({ role: "student", name: "Taker" });
  const idle = await signUp({ role: "student", name: "Idle" });
  for (const s of [taker, idle]) await postForm(`/admin/room/${id}`, { intent: "add-participant", email: s.email }, admin);
  await postForm(`/admin/room/${id}`, { intent: "enable" }, admin);
  await postForm(`/admin/room/${id}`, { intent: "start" }, admin);
  const terms = new URLSearchParams();
  for (let i = 0; i < 6; i++) terms.append("term", String(i));
  expect((await call(`/test/${id}/terms`, { method: "POST", body: terms, cookie: taker.cookie })).status).toBe(302);
  const participant = async (email: string) => one<{ id: string; student_id: string }>("SELECT id, student_id FROM room_participants WHERE room_id = ? AND email = ?", id, email);
  return { id, taker, idle, participant };
}

beforeAll(async () => {
  admin = (await signUp({ role: "admin" })).cookie;
  await env.DB.prepare("INSERT OR IGNORE INTO categories (id, name) VALUES ('cat-offline', 'Offline')").run();
  await env.DB.batch(
    [0, 1].map((i) => env.DB.prepare("INSERT INTO questions (id, title, category, type, language) VALUES (?, ?, 'Offline', 'coding', 'c')").bind(`offline-q-${i}`, `Q${i}`)),
  );
});

describe("disconnected periods", () => {
  it("a student's lost connection opens a period and their return closes it; the admin page shows it", async () => {
    const { id, taker, participant } = await runningRoom();
    const { student_id } = await participant(taker.email);
    const open = async () => env.DB.prepare("SELECT * FROM participant_disconnects WHERE room_id = ? AND student_id = ?").bind(id, student_id).all<{ ended_at: number | null; started_at: number }>();
    const first = await connect(id, taker.cookie);
    const adminTab = await connect(id, admin);
    first.ws.close();
    const periods = await poll(open, (r) => r.results.length === 1);
    expect(periods.results[0]!.ended_at).toBeNull();
    // The admin's page is told, and shows it.
    await poll(async () => adminTab.seen, (s) => s.some((m) => m.type === "participants-changed"));
    expect(await (await call(`/admin/room/${id}`, { cookie: admin })).text()).toContain("offline now");

    const back = await connect(id, taker.cookie);
    const closed = await poll(open, (r) => r.results[0]!.ended_at !== null);
    expect(closed.results[0]!.ended_at!).toBeGreaterThanOrEqual(closed.results[0]!.started_at);
    expect(await (await call(`/admin/room/${id}`, { cookie: admin })).text()).toContain("offline for 0:");
    back.ws.close();
    adminTab.ws.close();
  });

  it("a second tab staying connected means the student is not offline", async () => {
    const { id, taker, participant } = await runningRoom();
    const { student_id } = await participant(taker.email);
    const a = await connect(id, taker.cookie);
    const b = await connect(id, taker.cookie);
    a.ws.close();
    await new Promise((r) => setTimeout(r, 300));
    const rows = await env.DB.prepare("SELECT * FROM participant_disconnects WHERE room_id = ? AND student_id = ?").bind(id, student_id).all();
    expect(rows.results).toHaveLength(0);
    b.ws.close();
  });

  it("a pinging connection gone silent is a dead socket: when the student reconnects, the silence is recorded and the old socket closed", { timeout: 90_000 }, async () => {
    const { id, taker, participant } = await runningRoom();
    const { student_id } = await participant(taker.email);
    const dead = await connect(id, taker.cookie);
    let closed = false;
    dead.ws.addEventListener("close", () => (closed = true));
    dead.ws.send(JSON.stringify({ type: "ping", sentAt: 1 }));
    await poll(async () => dead.seen, (s) => s.some((m) => m.type === "pong"));
    const heardAt = (dead.seen.find((m) => m.type === "pong") as { serverTime: number }).serverTime;
    // Never closed, never heard from again (a dropped network), for longer than OUTAGE_RULES.silenceMs.
    await new Promise((r) => setTimeout(r, OUTAGE_RULES.silenceMs + 1500));
    const back = await connect(id, taker.cookie);
    const rows = await poll(
      async () => (await env.DB.prepare("SELECT started_at, ended_at FROM participant_disconnects WHERE room_id = ? AND student_id = ?").bind(id, student_id).all<{ started_at: number; ended_at: number | null }>()).results,
      (r) => r.length === 1,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.started_at).toBe(heardAt + OUTAGE_RULES.silenceMs);
    expect(rows[0]!.ended_at).toBeGreaterThan(rows[0]!.started_at);
    await poll(async () => closed, (c) => c);
    expect(closed).toBe(true);
    back.ws.close();
  });
});

describe("extra time for one student", () => {
  it("moves only that student's deadline, tells only them, and the server honours it", async () => {
    const { id, taker, idle, participant } = await runningRoom();
    const takerSocket = await connect(id, taker.cookie);
    const idleSocket = await connect(id, idle.cookie);
    const { id: pid } = await participant(taker.email);
    const res = await postForm(`/admin/room/${id}`, { intent: "grant-time", participantId: pid, minutes: "5" }, admin);
    expect(await res.text()).toContain("Added 5 minutes for Taker");
    const room = await one<{ ends_at: number }>("SELECT ends_at FROM test_rooms WHERE id = ?", id);
    expect((await one<{ extra_ms: number }>("SELECT extra_ms FROM student_tests WHERE room_id = ?", id)).extra_ms).toBe(5 * 60_000);
    const event = await poll(async () => takerSocket.seen.find((m) => m.type === "time-changed"), (m) => m !== undefined);
    expect(event).toEqual({ type: "time-changed", roomId: id, endsAt: room.ends_at + 5 * 60_000, extraMs: 5 * 60_000, reason: "Your instructor gave you 5 min more" });
    expect(idleSocket.seen.some((m) => m.type === "time-changed")).toBe(false);

    // The room's time is up, but this student's is not: their journal entries still count.
    await env.DB.prepare("UPDATE test_rooms SET ends_at = ? WHERE id = ?").bind(Date.now() - 60_000, id).run();
    const testId = (await one<{ id: string }>("SELECT id FROM student_tests WHERE room_id = ?", id)).id;
    const j = await call(`/api/journal/${testId}`, {
      method: "POST",
      cookie: taker.cookie,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ entries: [{ id: crypto.randomUUID(), seq: 0, kind: "code", payload: { questionId: "offline-q-0", code: "int main(){}" }, createdAt: Date.now() }] }),
    });
    const body = (await j.json()) as { accepted: string[]; state: { endsAt: number } };
    expect(body.accepted).toHaveLength(1);
    expect(body.state.endsAt).toBeGreaterThan(Date.now());
    takerSocket.ws.close();
    idleSocket.ws.close();
  });

  it("is refused for a student who has not started, and for non-admins", async () => {
    const { id, idle, taker, participant } = await runningRoom();
    const { id: idlePid } = await participant(idle.email);
    const res = await postForm(`/admin/room/${id}`, { intent: "grant-time", participantId: idlePid, minutes: "5" }, admin);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("This student has not started the test yet");
    const { id: takerPid } = await participant(taker.email);
    const self = await postForm(`/admin/room/${id}`, { intent: "grant-time", participantId: takerPid, minutes: "60" }, taker.cookie);
    expect([302, 403]).toContain(self.status);
    expect((await one<{ extra_ms: number }>("SELECT extra_ms FROM student_tests WHERE room_id = ?", id)).extra_ms).toBe(0);
  });
});
