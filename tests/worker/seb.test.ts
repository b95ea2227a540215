// Safe Exam Browser (issue 38, decision 042) on real D1 and the room's Durable
// Object: every page, data request, action, journal POST and party connection
// of a SEB room's student side refuses a missing header, a wrong one, a hash
// made for another URL and a party connection without a ticket; it accepts
// SEB's Config Key hash for the request's own URL, the page's JS-API keys for
// one of the room's own pages, a listed Browser Exam Key (and refuses the
// Config Key alone once keys are listed), and a student allowed without SEB.
import { decode } from "turbo-stream";
import { beforeAll, describe, expect, it } from "vitest";
import { configKey, parsePlist, sha256Hex } from "~/lib/seb/config";
import { SEB_REQUIRED_MESSAGE } from "~/lib/seb/seb";
import { call, ORIGIN, postForm } from "./helpers";
import { upgrade } from "./party-client";
import { admin, HIDDEN, journal, makeRoom, one, seedCodingCategory, signUpAdmin, start, takingStudent, testOf, type Room } from "./rooms-fixture";

const CAT = "SEB";
const BEK = "a".repeat(64);
const OTHER_BEK = "b".repeat(64);

beforeAll(async () => {
  await signUpAdmin();
  await seedCodingCategory(CAT);
});

const sebSettings = (room: Room, fields: Record<string, string>) => postForm(`/admin/room/${room.id}`, { intent: "seb-settings", ...fields }, admin);

/** The room's Config Key, as SEB computes it from the .seb file it downloads. */
async function roomKey(room: Room) {
  const res = await call(`/seb/${room.id}/config.seb`);
  expect(res.status).toBe(200);
  expect(res.headers.get("Content-Type")).toBe("application/seb");
  return configKey(parsePlist(await res.text()));
}

/** SEB's header for a request to `path`: the hash of its absolute URL and the key. */
const hashFor = async (path: string, key: string) => sha256Hex(`${ORIGIN}${path}` + key);
const sebHeaders = async (path: string, key: string, bek?: string) => ({
  "X-SafeExamBrowser-ConfigKeyHash": await hashFor(path, key),
  ...(bek ? { "X-SafeExamBrowser-RequestHash": await hashFor(path, bek) } : {}),
});
/** Our client's headers: SEB's JS-API keys, computed for the page at `pagePath`. */
const pageHeaders = async (pagePath: string, key: string, bek?: string) => ({
  "X-SEB-Page-URL": `${ORIGIN}${pagePath}`,
  "X-SEB-Page-ConfigKey": await hashFor(pagePath, key),
  ...(bek ? { "X-SEB-Page-BrowserExamKey": await hashFor(pagePath, bek) } : {}),
});

const get = (path: string, cookie: string, headers: Record<string, string> = {}) => call(path, { cookie, headers });

/**
 * A single-fetch data request's answer for `route` (decoded): "refused" when its
 * loader threw the SEB refusal (a 403 carrying it), "data" when it answered.
 */
async function dataOutcome(res: Response, route: string): Promise<"refused" | "data"> {
  if (res.status === 403) {
    // Single fetch's encoding of the thrown response: its message is in it, and nothing of the test.
    const text = await res.text();
    expect(text).toContain(SEB_REQUIRED_MESSAGE);
    expect(text).not.toContain(`${CAT}-q0`);
    return "refused";
  }
  expect(res.status).toBe(200);
  const d = await decode(res.body!);
  await d.done;
  expect((d.value as Record<string, { data?: unknown }>)[route]?.data).toBeTruthy();
  return "data";
}

async function expectRefused(res: Response) {
  expect(res.status).toBe(403);
  const text = await res.text();
  expect(text).toContain(SEB_REQUIRED_MESSAGE);
  // Nothing of the test: no question, no case.
  expect(text).not.toContain(`${CAT}-q0`);
  expect(text).not.toContain(HIDDEN);
  return text;
}

async function sebRoom() {
  const room = await makeRoom(CAT, "coding");
  expect((await sebSettings(room, { sebRequired: "on" })).status).toBe(200);
  expect(await one("SELECT seb_required AS on_ FROM test_rooms WHERE id = ?", room.id)).toEqual({ on_: 1 });
  const s = await takingStudent(room);
  return { room, s, key: await roomKey(room) };
}

describe("a room that requires Safe Exam Browser", () => {
  it("refuses every page without SEB, or with a hash for another URL, and accepts SEB's hash for the request's own URL", async () => {
    const { room, s, key } = await sebRoom();
    const waiting = `/waiting/${room.id}`;
    const text = await expectRefused(await get(waiting, s.cookie));
    // The link that opens the room in SEB (seb:// on plain http), and where to get SEB.
    expect(text).toContain(`seb://localhost:8787/seb/${room.id}/config.seb`);
    expect(text).toContain("safeexambrowser.org");
    await expectRefused(await get(waiting, s.cookie, { "X-SafeExamBrowser-ConfigKeyHash": "0".repeat(64) }));
    // A hash computed for another page, or another room, is no good here.
    await expectRefused(await get(waiting, s.cookie, await sebHeaders(`/test/${room.id}/terms`, key)));
    const other = await makeRoom(CAT, "coding");
    await expectRefused(await get(waiting, s.cookie, await sebHeaders(`/waiting/${other.id}`, key)));
    // The right one.
    const ok = await get(waiting, s.cookie, await sebHeaders(waiting, key));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toContain("Waiting for test to start");
    // A query string is part of the hashed URL.
    const data = `${waiting}.data?_routes=routes%2Fwaiting.%24roomId`;
    expect(await dataOutcome(await get(data, s.cookie, await sebHeaders(waiting, key)), "routes/waiting.$roomId")).toBe("refused");
    expect(await dataOutcome(await get(data, s.cookie, await sebHeaders(data, key)), "routes/waiting.$roomId")).toBe("data");

    // Launch (the terms' action), the test page and its data, the journal.
    expect((await start(room)).status).toBe(200);
    const body = new URLSearchParams();
    for (let i = 0; i < 6; i++) body.append("term", String(i));
    const terms = `/test/${room.id}/terms`;
    expect((await call(terms, { method: "POST", body, cookie: s.cookie })).status).toBe(403);
    expect(await one("SELECT count(*) AS n FROM student_tests WHERE room_id = ?", room.id)).toEqual({ n: 0 });
    expect((await call(terms, { method: "POST", body, cookie: s.cookie, headers: await sebHeaders(terms, key) })).status).toBe(302);
    const coding = `/test/${room.id}/coding`;
    await expectRefused(await get(coding, s.cookie));
    const page = await get(coding, s.cookie, await sebHeaders(coding, key));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`${CAT}-q0`);

    const testId = (await testOf(room, s.email)).id;
    // A tab switch: an entry that writes D1 at once (code waits in the room's object).
    const entries = [{ id: crypto.randomUUID(), createdAt: Date.now(), seq: 0, kind: "tab-switch", payload: {} }];
    const refused = await journal(s.cookie, testId, entries);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: string }).error).toBe(SEB_REQUIRED_MESSAGE);
    expect((await testOf(room, s.email)).tab_switch_count).toBe(0);
    expect(await one("SELECT count(*) AS n FROM journal_entries WHERE student_test_id = ?", testId)).toEqual({ n: 0 });
    const path = `/api/journal/${testId}`;
    const accepted = await call(path, {
      method: "POST",
      cookie: s.cookie,
      headers: { "Content-Type": "application/json", ...(await sebHeaders(path, key)) },
      body: JSON.stringify({ entries }),
    });
    expect(accepted.status).toBe(200);
    // The same entry, kept on the device and sent again from SEB, counts once.
    expect(((await accepted.json()) as { accepted: string[] }).accepted).toEqual([entries[0]!.id]);
    expect((await testOf(room, s.email)).tab_switch_count).toBe(1);
  });

  it("accepts the page's JS-API keys for one of the room's own pages, on its data requests and the journal; never another page's or room's", async () => {
    const { room, s, key } = await sebRoom();
    expect((await start(room)).status).toBe(200);
    const terms = `/test/${room.id}/terms`;
    const body = new URLSearchParams();
    for (let i = 0; i < 6; i++) body.append("term", String(i));
    expect((await call(terms, { method: "POST", body, cookie: s.cookie, headers: await pageHeaders(terms, key) })).status).toBe(302);
    const coding = `/test/${room.id}/coding`;
    const data = `${coding}.data?_routes=routes%2Ftest.%24roomId.coding`;
    const outcome = async (headers: Record<string, string>) => dataOutcome(await get(data, s.cookie, headers), "routes/test.$roomId.coding");
    expect(await outcome(await pageHeaders(coding, key))).toBe("data");
    expect(await outcome({})).toBe("refused");
    // The page URL must be this room's student page on this site, and the hash must be the one for that URL.
    expect(await outcome(await pageHeaders("/student", key))).toBe("refused");
    const other = await makeRoom(CAT, "coding");
    expect(await outcome(await pageHeaders(`/test/${other.id}/coding`, key))).toBe("refused");
    expect(await outcome({ ...(await pageHeaders(coding, key)), "X-SEB-Page-URL": `${ORIGIN}/test/${room.id}/terms` })).toBe("refused");
    expect(await outcome({ ...(await pageHeaders(coding, key)), "X-SEB-Page-URL": `http://evil.example/test/${room.id}/coding` })).toBe("refused");
    const testId = (await testOf(room, s.email)).id;
    const res = await call(`/api/journal/${testId}`, {
      method: "POST",
      cookie: s.cookie,
      headers: { "Content-Type": "application/json", ...(await pageHeaders(coding, key)) },
      body: JSON.stringify({ entries: [{ id: crypto.randomUUID(), createdAt: Date.now(), seq: 0, kind: "code", payload: { questionId: `${CAT}-q0`, code: "x" } }] }),
    });
    expect(res.status).toBe(200);
  });

  it("lets the party in only with a ticket from a checked request, for this room and this student", async () => {
    const { room, s, key } = await sebRoom();
    expect((await upgrade(room.id, s.cookie)).status).toBe(403);
    const ticketPath = `/seb/${room.id}/ticket`;
    expect((await get(ticketPath, s.cookie)).status).toBe(403);
    const { ticket } = (await (await get(ticketPath, s.cookie, await sebHeaders(ticketPath, key))).json()) as { ticket: string };
    expect(ticket).toMatch(/\./);
    const connected = await call(`/parties/room-party/${room.id}?seb=${encodeURIComponent(ticket)}`, { headers: { Upgrade: "websocket" }, cookie: s.cookie });
    expect(connected.status).toBe(101);
    connected.webSocket!.accept();
    connected.webSocket!.close();
    expect((await call(`/parties/room-party/${room.id}?seb=${encodeURIComponent(ticket.replace(/.$/, (c) => (c === "A" ? "B" : "A")))}`, { headers: { Upgrade: "websocket" }, cookie: s.cookie })).status).toBe(403);
    // Another student of the room cannot use it.
    const other = await takingStudent(room, "Other");
    expect((await call(`/parties/room-party/${room.id}?seb=${encodeURIComponent(ticket)}`, { headers: { Upgrade: "websocket" }, cookie: other.cookie })).status).toBe(403);
    // Nor does it open another SEB room.
    const second = await makeRoom(CAT, "coding");
    expect((await sebSettings(second, { sebRequired: "on" })).status).toBe(200);
    expect((await (await import("./rooms-fixture")).join(s.cookie, second.otp)).status).toBe(302);
    expect((await call(`/parties/room-party/${second.id}?seb=${encodeURIComponent(ticket)}`, { headers: { Upgrade: "websocket" }, cookie: s.cookie })).status).toBe(403);
  });

  it("with Browser Exam Keys listed, needs a listed key's request hash as well: the Config Key alone is refused", async () => {
    const { room, s, key } = await sebRoom();
    const bad = await sebSettings(room, { sebRequired: "on", browserExamKeys: `${BEK}\nnot-a-key` });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Each Browser Exam Key must be 64 hexadecimal characters");
    expect(await one("SELECT seb_browser_exam_keys AS k FROM test_rooms WHERE id = ?", room.id)).toEqual({ k: "[]" });
    expect((await sebSettings(room, { sebRequired: "on", browserExamKeys: ` ${BEK.toUpperCase()}\n${OTHER_BEK}\n${BEK}` })).status).toBe(200);
    expect(await one("SELECT seb_browser_exam_keys AS k FROM test_rooms WHERE id = ?", room.id)).toEqual({ k: JSON.stringify([BEK, OTHER_BEK]) });
    // The configuration does not change with the keys listed.
    expect(await roomKey(room)).toBe(key);
    const waiting = `/waiting/${room.id}`;
    await expectRefused(await get(waiting, s.cookie, await sebHeaders(waiting, key)));
    await expectRefused(await get(waiting, s.cookie, await sebHeaders(waiting, key, "c".repeat(64))));
    expect((await get(waiting, s.cookie, await sebHeaders(waiting, key, OTHER_BEK))).status).toBe(200);
    expect((await get(waiting, s.cookie, await pageHeaders(waiting, key))).status).toBe(403);
    expect((await get(waiting, s.cookie, await pageHeaders(waiting, key, BEK))).status).toBe(200);
  });

  it("lets a student allowed without SEB in with any browser, party included, and keeps who allowed it", async () => {
    const { room, s } = await sebRoom();
    const { id: participantId } = await one<{ id: string }>("SELECT p.id FROM room_participants p JOIN user u ON u.id = p.student_id WHERE p.room_id = ? AND u.email = ?", room.id, s.email);
    expect((await postForm(`/admin/room/${room.id}`, { intent: "seb-exempt", participantId: "nobody", allowed: "true" }, admin)).status).toBe(404);
    const allowed = await postForm(`/admin/room/${room.id}`, { intent: "seb-exempt", participantId, allowed: "true" }, admin);
    expect(allowed.status).toBe(200);
    expect((await get(`/waiting/${room.id}`, s.cookie)).status).toBe(200);
    const ws = await upgrade(room.id, s.cookie);
    expect(ws.status).toBe(101);
    ws.webSocket!.accept();
    ws.webSocket!.close();
    expect(await one("SELECT allowed, admin_name AS by FROM seb_exemptions WHERE room_id = ?", room.id)).toEqual({ allowed: 1, by: expect.any(String) });
    const page = await (await call(`/admin/room/${room.id}`, { cookie: admin })).text();
    expect(page).toContain('data-testid="seb-trail"');
    expect(page).toContain("Allowed without SEB");
    // Withdrawn: refused again, and the trail has both.
    expect((await postForm(`/admin/room/${room.id}`, { intent: "seb-exempt", participantId, allowed: "false" }, admin)).status).toBe(200);
    await expectRefused(await get(`/waiting/${room.id}`, s.cookie));
    expect(await one("SELECT count(*) AS n FROM seb_exemptions WHERE room_id = ?", room.id)).toEqual({ n: 2 });
  });

  it("shows the admin the configuration, its Config Key and the student link; a room without SEB has no configuration and is unchanged", async () => {
    const { room, key } = await sebRoom();
    const page = await (await call(`/admin/room/${room.id}`, { cookie: admin })).text();
    expect(page).toContain(key);
    expect(page).toContain(`seb://localhost:8787/seb/${room.id}/config.seb`);
    expect(page).toContain("Download SEB configuration");
    const file = parsePlist(await (await call(`/seb/${room.id}/config.seb`)).text());
    expect(file).toMatchObject({ startURL: `http://localhost:8787/seb/${room.id}`, quitURL: "http://localhost:8787/seb/quit", sendBrowserExamKey: true });

    const plain = await makeRoom(CAT, "coding");
    expect((await call(`/seb/${plain.id}/config.seb`)).status).toBe(404);
    const s = await takingStudent(plain);
    expect((await get(`/waiting/${plain.id}`, s.cookie)).status).toBe(200);
    const ws = await upgrade(plain.id, s.cookie);
    expect(ws.status).toBe(101);
    ws.webSocket!.accept();
    ws.webSocket!.close();
  });
});
