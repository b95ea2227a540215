import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAnchorStore } from "./anchor";
import {
  createIdbJournalStorage,
  createJournal,
  MAX_BATCH_ENTRIES,
  STORAGE_UNAVAILABLE_MESSAGE,
  TOO_LARGE_MESSAGE,
  type Entry,
  type Journal,
  type JournalLocks,
  type JournalOptions,
  type JournalStorage,
  type TestState,
} from "./journal";

const STATE: TestState = {
  status: "in_progress",
  isDisqualified: false,
  isLocked: false,
  tabSwitchCount: 0,
  unlockAttemptsRemaining: 3,
  endsAt: null,
  serverNow: 0,
  totalScore: 0,
  maxScore: 100,
  submittedAt: null,
};

type Reply = number | ((entries: Entry[]) => Response) | "network-error";

/** A fake journal endpoint that stores ids like the real one (dedup by id). */
function fakeServer(respond?: (entries: Entry[]) => Response) {
  const requests: Entry[][] = [];
  const stored = new Map<string, Entry>();
  const replies: Reply[] = [];
  let gate: Promise<void> | null = null;
  const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const entries = (JSON.parse(String(init?.body)) as { entries: Entry[] }).entries;
    requests.push(entries);
    if (gate) await gate;
    const reply = replies.shift() ?? respond ?? 200;
    if (reply === "network-error") throw new TypeError("Failed to fetch");
    if (typeof reply === "function") return reply(entries);
    if (reply !== 200) return new Response("nope", { status: reply });
    for (const e of entries) if (!stored.has(e.id)) stored.set(e.id, e);
    return Response.json({ accepted: entries.map((e) => e.id), rejected: [], state: { ...STATE, serverNow: Date.now() } });
  });
  return {
    fetch: fetch as unknown as typeof globalThis.fetch,
    calls: () => fetch.mock.calls.length,
    requests,
    stored,
    reply: (...r: Reply[]) => replies.push(...r),
    /** Holds every response until the returned function is called. */
    hold() {
      let release!: () => void;
      gate = new Promise((r) => (release = r));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

const open: Journal[] = [];
let counter = 0;
function newTestId() {
  return `test-${Date.now()}-${counter++}`;
}
function journal(options: Partial<JournalOptions> & { testId: string; fetch: typeof fetch }) {
  // Code is sent at once here unless a test is about its 5 s pacing (codeSendMs).
  const j = createJournal({ locks: null, retry: { baseMs: 10, capMs: 50 }, codeSendMs: 0, ...options });
  open.push(j);
  return j;
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(() => {
  vi.restoreAllMocks();
  for (const j of open.splice(0)) j.close();
});

describe("code autosaves are paced (issue 26)", () => {
  it("code waits for a request at most codeSendMs after the last one; other entries and flush() send at once and take it along", async () => {
    const server = fakeServer();
    const testId = newTestId();
    // The page's pacing started a whole window ago (see the next test), so the first autosave goes at once.
    const random = vi.spyOn(Math, "random").mockReturnValue(1);
    // A window long enough that a loaded machine's slow IndexedDB cannot let it pass during the appends below.
    const j = journal({ testId, fetch: server.fetch, codeSendMs: 2_000 });
    random.mockRestore();
    await j.flush(); // past the page's first sync of what an earlier load left (nothing here)
    await j.append("code", { questionId: "q1", code: "a" });
    await vi.waitFor(() => expect(server.calls()).toBe(1));
    // Three more within the window: on this device at once, on the wire together, once the window has passed.
    for (const code of ["ab", "abc", "abcd"]) await j.append("code", { questionId: "q1", code });
    expect((await j.entries()).map((e) => e.payload.code)).toEqual(["ab", "abc", "abcd"]);
    await sleep(100);
    expect(server.calls()).toBe(1);
    await vi.waitFor(() => expect(server.calls()).toBe(2), { timeout: 6_000 });
    expect(server.requests[1]!.map((e) => e.payload.code)).toEqual(["ab", "abc", "abcd"]);

    // A tab switch does not wait, and the code typed before it goes in the same request, in order.
    await j.append("code", { questionId: "q1", code: "abcde" });
    await j.append("tab-switch", { at: Date.now() });
    await vi.waitFor(() => expect(server.calls()).toBe(3));
    expect(server.requests[2]!.map((e) => e.kind)).toEqual(["code", "tab-switch"]);

    // flush() (Run, a question change, Finish) sends waiting code now.
    await j.append("code", { questionId: "q1", code: "abcdef" });
    expect(server.calls()).toBe(3);
    await j.flush();
    expect(server.calls()).toBe(4);
    expect(server.requests[3]!.map((e) => e.payload.code)).toEqual(["abcdef"]);
    await sleep(400);
    expect(server.calls()).toBe(4);
    expect([...server.stored.values()].map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("pages that open together send their code spread over the window, not in step: the first code waits a random part of it", async () => {
    const servers = [fakeServer(), fakeServer()];
    // Math.random() 0 when the first page opens: a whole window; 0.5 for the second: half of it.
    const random = vi.spyOn(Math, "random");
    const opened = Date.now();
    const journals = servers.map((server, i) => {
      random.mockReturnValue(i * 0.5);
      return journal({ testId: newTestId(), fetch: server.fetch, codeSendMs: 600 });
    });
    random.mockRestore();
    // Past the page's first sync of what an earlier load left (nothing here), as a student's first keystroke is.
    for (const j of journals) await j.flush();
    for (const j of journals) await j.append("code", { questionId: "q1", code: "a" });
    await vi.waitFor(() => expect(servers[1]!.calls()).toBe(1), { timeout: 2_000 });
    const halfSentAt = Date.now() - opened;
    expect(servers[0]!.calls()).toBe(0);
    await vi.waitFor(() => expect(servers[0]!.calls()).toBe(1), { timeout: 2_000 });
    const wholeSentAt = Date.now() - opened;
    expect(halfSentAt).toBeGreaterThanOrEqual(250);
    expect(wholeSentAt).toBeGreaterThanOrEqual(550);
    expect(wholeSentAt).toBeGreaterThan(halfSentAt);
  });
});

describe("journal", () => {
  it("allocates strictly increasing seqs and sends them in order", async () => {
    const server = fakeServer();
    const testId = newTestId();
    const j = journal({ testId, fetch: server.fetch, clockOffset: () => 5_000 });
    const before = Date.now();
    const appended: Entry[] = [];
    for (let i = 0; i < 5; i++) appended.push(await j.append("code", { questionId: "q1", code: `v${i}` }));
    await j.flush();

    expect(appended.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(appended.map((e) => e.id)).size).toBe(5);
    // createdAt is on the server's clock.
    expect(appended[0].createdAt).toBeGreaterThanOrEqual(before + 5_000);
    const sent = server.requests.flat().map((e) => e.seq);
    expect(sent).toEqual([...sent].sort((a, b) => a - b));
    expect([...server.stored.values()].map((e) => e.seq).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(server.fetch).toHaveBeenCalledWith(
      `/api/journal/${testId}`,
      expect.objectContaining({ method: "POST", credentials: "same-origin" }),
    );
    expect(await j.entries()).toEqual([]);
    expect(j.status()).toMatchObject({ pending: 0, syncing: false, error: null, storageError: null });
    expect(j.status().lastSyncedAt).not.toBeNull();
  });

  it("keeps counting seqs across a reload (counter lives in IndexedDB)", async () => {
    const server = fakeServer();
    const testId = newTestId();
    const first = journal({ testId, fetch: server.fetch });
    await first.append("tab-switch", {});
    await first.append("tab-switch", {});
    await first.flush();
    first.close();
    const second = journal({ testId, fetch: server.fetch });
    expect((await second.append("unlock", { code: "x" })).seq).toBe(2);
  });

  it("makes an entry durable in IndexedDB before it is sent", async () => {
    const server = fakeServer();
    const testId = newTestId();
    const storage = createIdbJournalStorage();
    const seenInDb: boolean[] = [];
    const fetchSpy: typeof fetch = async (input, init) => {
      const ids = (JSON.parse(String(init?.body)) as { entries: Entry[] }).entries.map((e) => e.id);
      const inDb = new Set((await storage.list(testId)).map((e) => e.id));
      seenInDb.push(ids.every((id) => inDb.has(id)));
      return server.fetch(input, init);
    };
    const release = server.hold();
    const j = journal({ testId, fetch: fetchSpy });
    const entry = await j.append("mcq-progress", { answers: { q1: 2 } });
    // Resolved: it is already in IndexedDB while the request is still held.
    expect((await storage.list(testId)).map((e) => e.id)).toEqual([entry.id]);
    release();
    await j.flush();
    expect(seenInDb.length).toBeGreaterThan(0);
    expect(seenInDb.every(Boolean)).toBe(true);
    expect(await storage.list(testId)).toEqual([]);
  });

  it("retries a failed request with the same entry ids", async () => {
    const server = fakeServer();
    server.reply(503);
    const testId = newTestId();
    const j = journal({ testId, fetch: server.fetch });
    const entry = await j.append("code", { code: "int main(){}" });
    await vi.waitFor(() => expect(server.stored.size).toBe(1));
    expect(server.calls()).toBeGreaterThanOrEqual(2);
    for (const request of server.requests) expect(request.map((e) => e.id)).toEqual([entry.id]);
    expect(await j.entries()).toEqual([]);
  });

  it("backs off after a 500 and retries immediately on flush", async () => {
    const server = fakeServer();
    server.reply(500, 500);
    const testId = newTestId();
    // random() = 1 makes the jittered delay its ceiling: 200 ms, then 400 ms.
    const j = journal({ testId, fetch: server.fetch, retry: { baseMs: 200, capMs: 30_000, random: () => 1 } });
    await j.append("code", { code: "a" });
    await vi.waitFor(() => expect(server.calls()).toBe(1));
    await sleep(100);
    expect(server.calls()).toBe(1); // still waiting out the backoff
    expect(j.status()).toMatchObject({ pending: 1, syncing: false, error: null });
    await vi.waitFor(() => expect(server.calls()).toBe(2), { timeout: 1_000 });

    // Second failure: the next wait is 400 ms, but flush() goes now.
    await vi.waitFor(() => expect(j.status().syncing).toBe(false));
    const t0 = Date.now();
    await j.flush();
    expect(Date.now() - t0).toBeLessThan(300);
    expect(server.calls()).toBe(3);
    expect(j.status().pending).toBe(0);
  });

  it("does not hammer the server on new appends while backing off", async () => {
    const server = fakeServer();
    server.reply(500);
    const j = journal({ testId: newTestId(), fetch: server.fetch, retry: { baseMs: 60_000, random: () => 1 } });
    await j.append("code", { code: "a" });
    await vi.waitFor(() => expect(server.calls()).toBe(1));
    await j.append("code", { code: "b" });
    await j.append("code", { code: "c" });
    await sleep(50);
    expect(server.calls()).toBe(1);
    await j.flush();
    expect(server.calls()).toBe(2);
    expect(server.requests[1].map((e) => e.payload.code)).toEqual(["a", "b", "c"]);
  });

  it("honours Retry-After on 429 and retries on network errors and bad bodies", async () => {
    const server = fakeServer();
    server.reply(
      () => new Response("slow down", { status: 429, headers: { "Retry-After": "0" } }),
      "network-error",
      () => new Response("<html>captive portal</html>", { status: 200 }),
    );
    const j = journal({ testId: newTestId(), fetch: server.fetch });
    await j.append("tab-switch", { at: 1 });
    await vi.waitFor(() => expect(server.stored.size).toBe(1));
    expect(server.calls()).toBe(4);
  });

  it("reports rejected entries and removes them with the accepted ones", async () => {
    const isBad = (e: Entry) => e.payload.code === "wrong";
    const server = fakeServer((entries) =>
      Response.json({
        accepted: entries.filter((e) => !isBad(e)).map((e) => e.id),
        rejected: entries.filter(isBad).map((e) => ({ id: e.id, reason: "synced after end" })),
        state: { ...STATE, unlockAttemptsRemaining: 2 },
      }),
    );
    const testId = newTestId();
    const onRejected = vi.fn();
    const onState = vi.fn();
    const j = journal({ testId, fetch: server.fetch, onRejected, onState });
    const good = await j.append("code", { code: "ok" });
    const bad = await j.append("unlock", { code: "wrong" });
    await j.flush();
    await vi.waitFor(() => expect(onRejected).toHaveBeenCalledWith([{ id: bad.id, reason: "synced after end" }]));
    expect(onState).toHaveBeenCalledWith(expect.objectContaining({ unlockAttemptsRemaining: 2 }));
    expect(server.requests.flat().map((e) => e.id)).toContain(good.id);
    expect(await j.entries()).toEqual([]);
    expect(await createIdbJournalStorage().list(testId)).toEqual([]);
    expect(j.status().pending).toBe(0);
  });

  it("reports judged submissions and the applied entries with the state after them", async () => {
    const server = fakeServer((entries) =>
      Response.json({
        accepted: entries.map((e) => e.id),
        rejected: [],
        judged: entries.filter((e) => e.kind === "submit-code").map((e) => ({ id: e.id, questionId: "q1", passed: 4, total: 5, marks: 40, score: 80 })),
        state: { ...STATE, totalScore: 40, submittedAt: 123 },
      }),
    );
    const calls: string[] = [];
    const onJudged = vi.fn(() => calls.push("judged"));
    const onState = vi.fn(() => calls.push("state"));
    const onAccepted = vi.fn(() => calls.push("accepted"));
    const j = journal({ testId: newTestId(), fetch: server.fetch, onJudged, onState, onAccepted });
    const submit = await j.append("submit-code", { questionId: "q1", code: "x" });
    const finish = await j.append("finish", {});
    await j.flush();
    const acceptedIds = () => (onAccepted.mock.calls as unknown as [Entry[], TestState][]).flatMap(([entries]) => entries.map((e) => e.id));
    await vi.waitFor(() => expect(acceptedIds().sort()).toEqual([submit.id, finish.id].sort()));
    expect(onJudged).toHaveBeenCalledWith([{ id: submit.id, questionId: "q1", passed: 4, total: 5, marks: 40, score: 80 }]);
    expect(onJudged).toHaveBeenCalledTimes(1);
    for (const [, state] of onAccepted.mock.calls as unknown as [Entry[], TestState][]) expect(state).toMatchObject({ totalScore: 40, submittedAt: 123 });
    // The page learns the state (score, finished) before it hears what was applied.
    expect(calls.indexOf("state")).toBeLessThan(calls.indexOf("accepted"));
    expect(j.status().written).toBe(2);
  });

  it("names the answered entries before the state that counts them", async () => {
    // A page lays pending tab switches over the server's state; the state
    // that already counts a switch must never meet that switch still pending
    // (the on-screen count would go one too high: 2 became 3 and disqualified).
    const server = fakeServer((entries) =>
      Response.json({
        accepted: entries.filter((e) => e.kind === "tab-switch").map((e) => e.id),
        rejected: entries.filter((e) => e.kind === "unlock").map((e) => ({ id: e.id, reason: "Invalid unlock code" })),
        state: { ...STATE, tabSwitchCount: 1, isLocked: true },
      }),
    );
    const calls: string[] = [];
    const settled: string[] = [];
    const onSettled = vi.fn((ids: string[]) => {
      calls.push("settled");
      settled.push(...ids);
    });
    const onState = vi.fn(() => calls.push("state"));
    const j = journal({ testId: newTestId(), fetch: server.fetch, onSettled, onState });
    const sw = await j.append("tab-switch", { at: 1 });
    const unlock = await j.append("unlock", { code: "wrong" });
    await j.flush();
    await vi.waitFor(() => expect(onState).toHaveBeenCalled());
    expect(settled.sort()).toEqual([sw.id, unlock.id].sort());
    expect(calls.indexOf("settled")).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf("settled")).toBeLessThan(calls.indexOf("state"));
  });

  it("stops syncing on 401 and keeps the entries", async () => {
    const server = fakeServer();
    server.reply(401);
    const testId = newTestId();
    const j = journal({ testId, fetch: server.fetch });
    const entry = await j.append("code", { code: "x" });
    await vi.waitFor(() => expect(j.status().error).toMatch(/session has expired/));
    await j.append("code", { code: "y" });
    await j.flush();
    await sleep(50);
    expect(server.calls()).toBe(1);
    expect((await j.entries()).map((e) => e.id)[0]).toBe(entry.id);
    expect(j.status()).toMatchObject({ pending: 2, syncing: false });
  });

  it.each([403, 404, 410])("treats %i as fatal", async (code) => {
    const server = fakeServer();
    server.reply(code);
    const j = journal({ testId: newTestId(), fetch: server.fetch });
    await j.append("code", { code: "x" });
    await vi.waitFor(() => expect(j.status().error).not.toBeNull());
    await j.flush();
    expect(server.calls()).toBe(1);
    expect(j.status().pending).toBe(1);
  });

  it("keeps entries in memory and reports storageError when IndexedDB fails", async () => {
    const server = fakeServer();
    server.reply("network-error");
    const quota = () => Promise.reject(new DOMException("full", "UnknownError"));
    const broken: JournalStorage = { add: quota, putMany: quota, list: quota, count: quota, remove: quota };
    const listener = vi.fn();
    const j = createJournal({
      testId: newTestId(),
      fetch: server.fetch,
      storage: broken,
      locks: null,
      retry: { baseMs: 60_000, random: () => 1 },
    });
    open.push(j);
    j.subscribe(listener);
    const a = await j.append("code", { code: "a" });
    const b = await j.append("tab-switch", {});
    expect([a.seq, b.seq]).toEqual([0, 1]);
    expect(j.status().storageError).toBe(STORAGE_UNAVAILABLE_MESSAGE);
    expect(listener).toHaveBeenCalledWith(expect.objectContaining({ storageError: STORAGE_UNAVAILABLE_MESSAGE }));
    await vi.waitFor(() => expect(server.calls()).toBe(1));
    expect((await j.entries()).map((e) => e.id)).toEqual([a.id, b.id]);
    expect(j.status().pending).toBe(2);

    await j.flush(); // network back: they sync from memory
    expect([...server.stored.keys()]).toEqual([a.id, b.id]);
    expect(await j.entries()).toEqual([]);
    expect(j.status().pending).toBe(0);
  });

  it("moves memory-only entries into IndexedDB once storage works again", async () => {
    const server = fakeServer();
    server.reply("network-error", "network-error");
    const real = createIdbJournalStorage();
    let failing = true;
    const flaky: JournalStorage = {
      add: (...a) => (failing ? Promise.reject(new Error("boom")) : real.add(...a)),
      putMany: (...a) => (failing ? Promise.reject(new Error("boom")) : real.putMany(...a)),
      list: (...a) => real.list(...a),
      count: (...a) => real.count(...a),
      remove: (...a) => real.remove(...a),
    };
    const testId = newTestId();
    const j = journal({ testId, fetch: server.fetch, storage: flaky, retry: { baseMs: 60_000, random: () => 1 } });
    const a = await j.append("code", { code: "a" });
    expect(j.status().storageError).not.toBeNull();
    await vi.waitFor(() => expect(server.calls()).toBe(1));
    await vi.waitFor(() => expect(j.status().syncing).toBe(false));
    failing = false;
    await j.flush(); // fails on the network but persists memory first
    expect((await real.list(testId)).map((e) => e.id)).toEqual([a.id]);
    expect(j.status().storageError).toBeNull();
    const b = await j.append("code", { code: "b" });
    expect(b.seq).toBe(1); // the IndexedDB counter was moved past the memory seq
    await j.flush();
    expect(server.requests.at(-1)?.map((e) => e.id)).toEqual([a.id, b.id]);
  });

  it("sends at most 100 entries per request, in seq order", async () => {
    const server = fakeServer();
    const release = server.hold();
    const j = journal({ testId: newTestId(), fetch: server.fetch });
    for (let i = 0; i < 150; i++) await j.append("mcq-progress", { i });
    release();
    await j.flush();
    const sizes = server.requests.map((r) => r.length);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(100);
    const seqs = server.requests.flat().map((e) => e.seq);
    const unique = [...new Set(seqs)];
    expect(unique).toEqual(Array.from({ length: 150 }, (_, i) => i));
    // Resent ids (the first held request) are fine; order within and across requests is not negotiable.
    for (const r of server.requests) expect(r.map((e) => e.seq)).toEqual([...r.map((e) => e.seq)].sort((x, y) => x - y));
  });

  it("two tabs of the same test never share a seq", async () => {
    const server = fakeServer();
    const testId = newTestId();
    // Locks that do not exclude anything: the IndexedDB transaction alone
    // must keep seqs unique, as in two tabs without Web Locks.
    const noLock: JournalLocks = { request: ((_name: string, cb: (lock: Lock | null) => unknown) => Promise.resolve(cb(null))) as JournalLocks["request"] };
    const tabA = journal({ testId, fetch: server.fetch, locks: noLock });
    const tabB = journal({ testId, fetch: server.fetch, locks: noLock });
    const appended = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? tabA : tabB).append("code", { i })),
    );
    const seqs = appended.map((e) => e.seq).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: 40 }, (_, i) => i));
    await Promise.all([tabA.flush(), tabB.flush()]);
    await tabA.flush();
    expect(server.stored.size).toBe(40);
    expect(new Set([...server.stored.values()].map((e) => e.seq)).size).toBe(40);
    await vi.waitFor(() => expect(tabB.status().pending).toBe(0));
  });

  it("uses Web Locks named journal:{testId} when available", async () => {
    const server = fakeServer();
    const testId = newTestId();
    const names: string[] = [];
    const locks: JournalLocks = {
      request: ((name: string, cb: (lock: Lock | null) => unknown) => {
        names.push(name);
        return Promise.resolve(cb(null));
      }) as JournalLocks["request"],
    };
    const j = journal({ testId, fetch: server.fetch, locks });
    await j.append("code", {});
    await j.flush();
    expect(names).toContain(`journal:${testId}`);
    expect(names.every((n) => n.startsWith(`journal:${testId}`))).toBe(true);
  });

  it("stamps every entry with the newest anchor seen, never earlier than it, and keeps the anchor of each answer", async () => {
    const anchors = createAnchorStore(null);
    const ahead = Date.now() + 60_000; // the server's clock is a minute ahead of what this device estimates
    anchors.note(`${ahead}.first`);
    let next = ahead + 1_000;
    const server = fakeServer((entries) =>
      Response.json({ accepted: entries.map((e) => e.id), rejected: [], state: STATE, anchor: `${next}.reply` }),
    );
    const j = journal({ testId: newTestId(), fetch: server.fetch, anchors });
    const first = await j.append("code", { questionId: "q1", code: "a" });
    expect(first.anchor).toBe(`${ahead}.first`);
    expect(first.createdAt).toBe(ahead);
    await j.flush();
    expect(anchors.newest()).toBe(`${ahead + 1_000}.reply`);
    next = ahead - 5_000; // an older anchor in a later answer does not replace a newer one
    const second = await j.append("code", { questionId: "q1", code: "b" });
    expect(second.anchor).toBe(`${ahead + 1_000}.reply`);
    expect(second.createdAt).toBe(ahead + 1_000);
    await j.flush();
    expect(anchors.newest()).toBe(`${ahead + 1_000}.reply`);
    expect(server.requests.flat().map((e) => e.anchor)).toEqual([`${ahead}.first`, `${ahead + 1_000}.reply`]);
  });

  it("without any anchor, entries carry none (the server then grants no grace to them)", async () => {
    const server = fakeServer();
    const j = journal({ testId: newTestId(), fetch: server.fetch, anchors: createAnchorStore(null) });
    const e = await j.append("tab-switch", {});
    expect("anchor" in e).toBe(false);
  });

  it("a 413 for a batch sends it in halves until it goes through", async () => {
    const server = fakeServer();
    const j = journal({ testId: newTestId(), fetch: server.fetch });
    const release = server.hold();
    for (let i = 0; i < 8; i++) await j.append("code", { questionId: "q", code: `v${i}` });
    server.reply(
      (entries) => (entries.length > 2 ? Response.json({ error: "This request is too large: at most 1 MB at a time." }, { status: 413 }) : Response.json({ accepted: entries.map((e) => e.id), rejected: [], state: STATE })),
    );
    release();
    await j.flush();
    await vi.waitFor(() => expect(j.status().pending).toBe(0));
    expect(server.requests.length).toBeLessThan(20);
    expect(server.requests.map((r) => r.length)[0]).toBeLessThanOrEqual(MAX_BATCH_ENTRIES);
    expect(j.status()).toMatchObject({ error: null, tooLarge: 0 });
  });

  it("a 413 for a single entry: reported with the server's reason, kept on the device, not sent again; the rest syncs", async () => {
    const storage = createIdbJournalStorage();
    const testId = newTestId();
    const rejected: { id: string; reason: string }[] = [];
    const taken = new Set<string>();
    const server = fakeServer((entries) => {
      if (entries.some((e) => String(e.payload.code ?? "").length > 100)) return Response.json({ error: "Code can be at most 64 KB" }, { status: 413 });
      for (const e of entries) taken.add(e.id);
      return Response.json({ accepted: entries.map((e) => e.id), rejected: [], state: STATE });
    });
    const release = server.hold();
    const j = journal({ testId, fetch: server.fetch, storage, onRejected: (r) => rejected.push(...r) });
    const before = await j.append("code", { questionId: "q", code: "small" });
    const big = await j.append("code", { questionId: "q", code: "x".repeat(1000) });
    const after = await j.append("finish", {});
    release();
    await j.flush();
    await vi.waitFor(() => expect(j.status().tooLarge).toBe(1));
    await j.flush();
    const reason = `Code can be at most 64 KB. ${TOO_LARGE_MESSAGE}`;
    expect(rejected).toEqual([{ id: big.id, reason }]);
    expect(j.status()).toMatchObject({ error: null, tooLarge: 1, tooLargeError: reason, pending: 1 });
    // The others reached the server; the big one stays on this device.
    expect(taken.has(before.id) && taken.has(after.id)).toBe(true);
    expect(taken.has(big.id)).toBe(false);
    expect((await storage.list(testId)).map((e) => e.id)).toEqual([big.id]);
    expect((await j.entries()).map((e) => e.id)).toEqual([big.id]);
    // Not sent again by this page: no loop.
    const calls = server.calls();
    await j.append("tab-switch", {});
    await j.flush();
    expect(server.requests.slice(calls).flat().some((e) => e.id === big.id)).toBe(false);
  });
});
