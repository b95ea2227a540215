// npm run bench:load: a class at once (issue 16, section 1). Against a running
// `npm start` at BASE_URL (default http://localhost:8787), STUDENTS simulated
// students (default 300) sign in, join one coding room with its OTP and wait
// on the room's party (partysocket, with their session cookie, as the page
// does). The admin starts the test while they all wait: the fan-out is the
// time from the admin's Start Test until every waiting socket has the
// room-changed message. Each student then launches the test, and autosaves
// its code every AUTOSAVE_MS (default 2 s) for SECONDS (default 120) through
// POST /api/journal/{testId}, as the test page's journal does: one entry per
// change, seq in order, the newest time anchor of the party or the journal,
// and anything not accepted is sent again with the next save (after a failed
// request, once the page's back-off has passed; see below). In the last 10
// s, SUBMITTERS students (default 60) press Submit Code (the page's route
// action), and the time to each verdict is measured. One answered "busy,
// saved" (`queued`, issue 40) goes to the journal as a submit-code entry, as
// the page sends it; its verdict is the journal answer that judges it
// (`submits.queued`, `judgedLater`); one never judged by the end of the drain
// is `dropped`.
//
// Prints JSON on stdout (progress on stderr):
//   { students, seconds, errors, sent, stored, lost, journal: {p50, p95, p99, max},
//     journalBeforeSubmits and journalDuringSubmits (the same, split at the last 10 s),
//     fanout: {p50, p95, max, missing}, submits: {sent, verdicts, dropped, p95}, statuses,
//     duplicated, tabSwitches, restart (null without --restart-at), and the figures below }
// `errors` counts journal and submit requests that failed (network or non-2xx);
// `lost` counts entries written that the server never accepted, after a
// drain of up to 30 s at the end (they would still be on the students' devices).
//
// Issue 26 adds: ROOMS rooms at once (a school's exam; STUDENTS split among
// them, SUBMITTERS per room), code sent at most every CODE_SEND_MS (default
// 5000, as the page's journal paces it; 0 sends every autosave at once, as
// before), and what a student costs: requests per student-minute, the
// Worker's CPU per request (workerd's CPU time from /proc around the timed
// phase), D1 queries and rows per request and per student-minute (the
// Worker's D1 meter, /admin/api/d1-meter, when D1_METER=1), and party
// messages per student-minute. `rooms` lists each room's fan-out and
// verdicts; `fanout` is the worst room's. `d1RowsWrittenByFinalFlush` is the
// part of the rows written that the last reading's flush wrote: held code
// that would otherwise reach D1 at the rooms' next alarm (decision 031).
//
// A fault in the middle (issue 26): `--restart-at N` runs the bench's own
// server (scripts/e2e-server.mjs on free ports: a frozen copy of the build, a
// fresh seeded D1 and its own runner; `npm run build` first; `--start` alone
// does the same without a fault) and, N seconds into the timed phase, stops
// the Worker (wrangler, workerd and its Durable Objects; D1 and the objects'
// storage stay on disk) and starts it again on the same port and state; the
// runner keeps running. The students go on as the page does: a failed journal
// request is retried with the page's full-jitter back-off (500 ms doubling to
// 30 s, at least Retry-After; each request times out after 20 s), and the
// party sockets reconnect (partysocket). The restart is logged (stop ordered,
// unreachable, ready again) and reported as `restart: {atSeconds, downMs,
// unreachableAfterMs, failedRequests, pendingAtStop}`: downMs from the stop
// until /api/health answers again; failedRequests the journal and submit requests that failed
// across it (they are in `errors` too); pendingAtStop the entries written
// but not yet accepted when the stop came. The Worker's CPU and the D1 meter
// are read in two spans, before the stop and after the restart.
//
// Every entry applied exactly once: `duplicated` (always present) counts
// entries whose effect the server applied more often than it accepted them.
// Journal entries have a primary key, so counting rows could never find a
// duplicate; an effect can. Each student sends, once at a random moment of
// the timed phase (with --restart-at, a third of them within 3 s of the
// restart), a `tab-switch` entry followed at once by an `unlock` with the
// room's unlock code (which the bench sets): a coding room locks on a tab
// switch and disqualifies at the 3rd, so one per student keeps everyone in
// the test, and the unlock lets Submit Code work. Once the server has
// accepted the tab switch, the student's next request carries it once more,
// as a device whose answer was lost would send it again. Afterwards the
// bench reads each participant's tab-switch count as the admin's room page
// does (its loader's data) and reports
//   duplicated = Σ over students of max(0, the count on the server − the
//                student's tab-switch entries the server accepted)
// and `tabSwitches: {sent, accepted, replayed, acrossRestart, counted}`
// (replayed: resends answered "accepted" again; acrossRestart: tab switches
// written before the Worker was back and accepted after it was stopped). A
// tab switch applied twice (a resend or a retried request whose first
// attempt had landed, a batch replayed after a restart) makes its student's
// count 2 and `duplicated` 1. These are 2 more entries per student in
// `sent`, `stored` and `lost` (3 sent, with the resend, which rides in a
// request the student sends anyway); the tab switch goes at once, as the
// page sends it, so a student makes one or two more requests in the run
// (requests per student-minute about 1 / (SECONDS / 60) higher at most).
//
// Issue 40 adds: `devProxyCpuMsPerRequest`, the part of workerCpuMsPerRequest
// that wrangler dev's proxy spends forwarding each request to the Worker's
// own process (production has no such proxy), and `workerOwnCpuMsPerRequest`,
// the rest (the Worker, its objects and local D1); and `cpuPerRequestKind`,
// the same figures for PROBE_REQUESTS (default 2000) requests of each of four
// kinds, measured on the same server after the run (see cpuProbes): a static
// file, a request the Worker refuses at once, a fast-path autosave and a
// full-path one.
//
// Accounts are load-<n>@bench.test (password bench-load-1234), created on the
// first run and signed in afterwards; every run makes new rooms. Options
// (environment): BASE_URL, STUDENTS, ROOMS, SECONDS, AUTOSAVE_MS,
// CODE_SEND_MS, SUBMITTERS, TAB_SWITCH_SHARE (the share of students who
// switch tabs once, 1 by default; 0 measures what typing alone costs),
// ADMIN_EMAIL, ADMIN_PASSWORD (the seeded demo
// admin by default), FAST_PATH (0: the journal sends no test capability, as
// before issue 40, so every request goes the full way); (arguments) --start, --restart-at SECONDS (both ignore
// BASE_URL).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import PartySocket from "partysocket";
import { decode } from "turbo-stream";
import WebSocket from "ws";
import { serving, startE2eServer } from "./lib.mjs";

const args = process.argv.slice(2);
const restartArg = args.indexOf("--restart-at");
/** Seconds into the timed phase at which the Worker restarts; null: no fault. */
const RESTART_AT = restartArg >= 0 ? Number(args[restartArg + 1]) : null;
/** The bench runs its own server (a restart needs one it may stop). */
const START = args.includes("--start") || RESTART_AT !== null;
let BASE_URL = (process.env.BASE_URL ?? "http://localhost:8787").replace(/\/$/, "");
const STUDENTS = Number(process.env.STUDENTS ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 120);
const AUTOSAVE_MS = Number(process.env.AUTOSAVE_MS ?? 2000);
const ROOMS = Math.max(1, Number(process.env.ROOMS ?? 1));
// FAST_PATH=0: the journal sends no test capability (the page before issue 40), for a before-and-after in the same run.
const FAST_PATH = process.env.FAST_PATH !== "0";
const CODE_SEND_MS = Number(process.env.CODE_SEND_MS ?? 5000);
/** Per room. */
const SUBMITTERS = Math.min(Math.floor(STUDENTS / ROOMS), Number(process.env.SUBMITTERS ?? 60));
const TAB_SWITCH_SHARE = Math.min(1, Math.max(0, Number(process.env.TAB_SWITCH_SHARE ?? 1)));
const ADMIN = { email: process.env.ADMIN_EMAIL ?? "admin@demo.edu", password: process.env.ADMIN_PASSWORD ?? "admin1234" };
const PASSWORD = "bench-load-1234";
const CATEGORY = "Basics";
const log = (...parts) => console.error("•", ...parts);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** The page's journal: full-jitter back-off between failed requests (createBackoff in app/offline/journal/sender.ts), and its request timeout (app/offline/journal.ts). */
const RETRY = { baseMs: 500, capMs: 30_000, timeoutMs: 20_000 };

// ------------------------------------------------------------------ HTTP as the browser sends it

/** A POST from our own origin (route actions and writing resource routes check it). */
async function post(path, body, cookie, { json = false, data = false, timeoutMs = null, extraHeaders = {} } = {}) {
  const headers = { Origin: BASE_URL, ...(cookie ? { Cookie: cookie } : {}), ...extraHeaders };
  if (json) headers["Content-Type"] = "application/json";
  const res = await fetch(`${BASE_URL}${path}`, {
    method: "POST",
    headers,
    body: json ? JSON.stringify(body) : new URLSearchParams(body),
    redirect: "manual",
    ...(timeoutMs ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
  });
  if (!data) return res;
  return { res, value: await decodeData(res) };
}

/** A single-fetch answer (`.data`): turbo-stream, as Remix's client reads it. */
async function decodeData(res) {
  if (!res.body) return null;
  const decoded = await decode(res.body);
  await decoded.done;
  return decoded.value;
}

const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

async function signIn(email, password) {
  const res = await post("/auth", { intent: "login", email, password });
  if (res.status !== 302) throw new Error(`sign-in of ${email}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return cookieOf(res);
}

async function account(n) {
  const email = `load-${n}@bench.test`;
  const res = await post("/auth", { intent: "signup", fullName: `Load Student ${n}`, email, password: PASSWORD });
  if (res.status === 302) return { email, cookie: cookieOf(res) };
  if (res.status !== 409) throw new Error(`sign-up of ${email}: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return { email, cookie: await signIn(email, PASSWORD) };
}

/** A route action through `.data`, as a fetcher submits it; the action's data. */
async function action(path, body, cookie) {
  const [pathname, search = ""] = path.split("?");
  const { res, value } = await post(`${pathname}.data${search ? `?${search}` : ""}`, body, cookie, { data: true });
  if (res.status >= 400) throw new Error(`${path} ${body.intent}: ${res.status} ${JSON.stringify(value)}`);
  return value?.data ?? value;
}

async function pool(items, width, work) {
  const queue = [...items.entries()];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await work(next[1], next[0]);
    }),
  );
}

const latencies = (ms) => ({ p50: percentile(ms, 50), p95: percentile(ms, 95), p99: percentile(ms, 99), max: percentile(ms, 100), requests: ms.length });
const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
};

// ------------------------------------------------------------------ the room party, as the page joins it

function cookieSocket(cookie) {
  return class extends WebSocket {
    constructor(url, protocols) {
      super(url, protocols, { headers: { Cookie: cookie, Origin: BASE_URL } });
    }
  };
}

function openParty(roomId, student) {
  const url = new URL(BASE_URL);
  const socket = new PartySocket({
    host: url.host,
    protocol: url.protocol === "https:" ? "wss" : "ws",
    party: "room-party",
    room: roomId,
    prefix: "parties",
    WebSocket: cookieSocket(student.cookie),
  });
  socket.addEventListener("message", (event) => {
    let m;
    try {
      m = JSON.parse(String(event.data));
    } catch {
      return;
    }
    if ((m.type === "welcome" || m.type === "pong") && m.anchor) student.anchor = m.anchor;
    if (m.type === "room-changed" && m.isActive && student.startedAt === undefined) student.startedAt = Date.now();
  });
  student.socket = socket;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`party of ${student.email} did not open`)), 60_000);
    socket.addEventListener("open", () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}

// ------------------------------------------------------------------ what the Worker spends

/** Of the workerd processes, wrangler dev's proxy, when it is one of them (set by workerdPids). */
let devProxyPid = null;

/** The workerd processes serving BASE_URL: those under the process (wrangler) whose child listens on its port. */
function workerdPids() {
  try {
    const port = new URL(BASE_URL).port || "80";
    const listing = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
    const listener = Number(/pid=(\d+)/.exec(listing)?.[1]);
    if (!listener) return [];
    const stat = (pid) => readFileSync(`/proc/${pid}/stat`, "utf8");
    const parentOf = (pid) => Number(stat(pid).slice(stat(pid).lastIndexOf(")") + 2).split(" ")[1]);
    const root = parentOf(listener);
    const all = readdirSync("/proc").filter((d) => /^\d+$/.test(d)).map(Number);
    const children = new Map();
    for (const pid of all) {
      try {
        const parent = parentOf(pid);
        children.set(parent, [...(children.get(parent) ?? []), pid]);
      } catch {
        // gone meanwhile
      }
    }
    const found = [];
    const walk = (pid) => {
      for (const child of children.get(pid) ?? []) {
        try {
          if (readFileSync(`/proc/${child}/comm`, "utf8").trim() === "workerd") found.push(child);
        } catch {
          // gone meanwhile
        }
        walk(child);
      }
    };
    walk(root);
    // The process listening on the port is wrangler dev's proxy, which forwards each request to the Worker's own process (and has no part in production).
    devProxyPid = found.length > 1 && found.includes(listener) ? listener : null;
    return found.length ? found : [listener];
  } catch {
    return [];
  }
}

/** CPU milliseconds (user + system) these processes have used so far. */
function cpuMs(pids) {
  const ticks = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
    } catch {
      // gone
    }
  }
  return total;
}

/**
 * The Worker's D1 meter (decision 029), or null when it is off. The rooms'
 * objects first write the code they hold (decision 031), so the reading
 * counts what that code costs D1 even between two of their alarms.
 */
async function d1Reading(admin, roomIds, { flush = true } = {}) {
  const res = await fetch(
    `${BASE_URL}/admin/api/d1-meter`,
    flush
      ? { method: "POST", headers: { Cookie: admin, "Content-Type": "application/json", Origin: BASE_URL }, body: JSON.stringify({ flush: roomIds }) }
      : { headers: { Cookie: admin } },
  );
  if (!res.ok) {
    await res.body?.cancel();
    return null;
  }
  return res.json();
}

// ------------------------------------------------------------------ the run

// journalMs: every journal request's time; journalAt: when each one started (Date.now()), to split the phases.
// failures: when each failed journal or submit request started and ended (to tell those of the restart).
const stats = { sent: 0, stored: 0, errors: 0, journalMs: [], journalAt: [], statuses: {}, partyMessages: 0, failures: [] };
const count = (status) => (stats.statuses[status] = (stats.statuses[status] ?? 0) + 1);
const failed = (startedAt) => {
  stats.errors++;
  stats.failures.push({ startedAt, endedAt: Date.now() });
};

/** A new journal entry on this student's device, next in seq. */
function write(student, kind, payload) {
  const entry = {
    id: crypto.randomUUID(),
    seq: student.seq++,
    kind,
    payload,
    createdAt: Date.now(),
    ...(student.anchor ? { anchor: student.anchor } : {}),
  };
  student.pending.push(entry);
  stats.sent++;
  return entry;
}

/** Retry-After in ms, as the page reads it. */
function retryAfterMs(res) {
  const header = res.headers.get("Retry-After");
  if (!header) return 0;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : 0;
}

/**
 * One journal POST with everything this student has not had accepted yet.
 * `settled`: how many of its entries the answer settled; `ok` false when it
 * failed (network, timeout or non-2xx), with the server's Retry-After.
 */
async function flush(student) {
  if (student.pending.length === 0 || student.inFlight) return { ok: true, settled: 0 };
  student.inFlight = true;
  // An accepted tab switch rides along once more, as from a device whose answer was lost (see the header).
  const replay = student.replay ?? [];
  const entries = [...replay, ...student.pending.slice(0, 100 - replay.length)];
  const started = performance.now();
  const startedAt = Date.now();
  try {
    const res = await post(`/api/journal/${student.testId}`, { entries }, student.cookie, {
      json: true,
      timeoutMs: RETRY.timeoutMs,
      extraHeaders: FAST_PATH && student.capability ? { "X-Test-Capability": student.capability } : {},
    });
    stats.journalMs.push(performance.now() - started);
    stats.journalAt.push(startedAt);
    count(res.status);
    if (!res.ok) {
      failed(startedAt);
      await res.body?.cancel();
      return { ok: false, settled: 0, delayMs: retryAfterMs(res) };
    }
    const answer = await res.json();
    if (answer.anchor) student.anchor = answer.anchor;
    // A queued Submit Code's verdict, as the page reads it from the journal's answer (a null score: received, judged later).
    for (const judged of answer.judged ?? []) {
      const waiting = student.awaitingVerdict?.get(judged.id);
      if (!waiting || judged.passed === null) continue;
      student.awaitingVerdict.delete(judged.id);
      waiting.submits.verdicts++;
      waiting.submits.judgedLater++;
      waiting.submits.ms.push(performance.now() - waiting.started);
    }
    if (answer.capability) student.capability = answer.capability;
    // Only what this request carried (and is still pending) counts: an entry is stored once however often it was sent.
    const carried = new Set(student.pending.map((e) => e.id));
    const accepted = answer.accepted.filter((id) => carried.has(id));
    const rejected = answer.rejected.filter((r) => carried.has(r.id));
    const done = new Set([...accepted, ...rejected.map((r) => r.id)]);
    stats.stored += accepted.length;
    student.rejected += rejected.length;
    if (replay.length) {
      if (answer.accepted.includes(replay[0].id)) student.replayed++;
      student.replay = null;
    }
    for (const id of accepted) {
      if (!student.tabSwitches.has(id) || student.tabSwitchesAccepted.has(id)) continue;
      student.tabSwitchesAccepted.set(id, Date.now());
      student.replay = [student.tabSwitches.get(id)];
    }
    student.pending = student.pending.filter((e) => !done.has(e.id));
    return { ok: true, settled: done.size };
  } catch (error) {
    failed(startedAt);
    count(String(error?.cause?.code ?? error?.name ?? "error"));
    return { ok: false, settled: 0, delayMs: 0 };
  } finally {
    student.inFlight = false;
  }
}

/** The admin room page's data (its loader, as the page's client reads it). */
async function roomPage(roomId, admin) {
  const route = "routes/admin.room.$roomId";
  const res = await fetch(`${BASE_URL}/admin/room/${roomId}.data?_routes=${route}`, { headers: { Cookie: admin } });
  if (!res.ok) throw new Error(`the room page of ${roomId}: ${res.status}`);
  const data = (await decodeData(res))?.[route]?.data;
  if (!data?.participants) throw new Error(`the room page of ${roomId} has no participants`);
  return data;
}

/** What the Worker spent (CPU of its workerd processes, the D1 meter), in spans: a restart ends one and starts another. */
function workerMeter(admin, roomIds) {
  let pids = [];
  let cpuFrom = 0;
  let d1From = null;
  let cpu = 0;
  let proxyFrom = 0;
  let proxyCpu = 0;
  let d1 = {};
  let d1Known = true;
  // Rows the rooms' objects wrote D1 when the last reading asked them to flush (held code between alarms).
  let finalFlushRows = null;
  const add = (after, before) => {
    if (!after || !before) return void (d1Known = false);
    for (const k of Object.keys(after)) d1[k] = (d1[k] ?? 0) + after[k] - (before[k] ?? 0);
  };
  return {
    get pids() {
      return pids;
    },
    async open() {
      pids = workerdPids();
      cpuFrom = cpuMs(pids);
      proxyFrom = devProxyPid ? cpuMs([devProxyPid]) : 0;
      d1From = await d1Reading(admin, roomIds);
    },
    async close() {
      cpu += cpuMs(pids) - cpuFrom;
      if (devProxyPid) proxyCpu += cpuMs([devProxyPid]) - proxyFrom;
      const held = await d1Reading(admin, roomIds, { flush: false });
      const after = await d1Reading(admin, roomIds);
      finalFlushRows = held && after ? after.rowsWritten - held.rowsWritten : null;
      add(after, d1From);
    },
    result: () => ({ cpuMs: pids.length ? cpu : null, devProxyCpuMs: pids.length && devProxyPid ? proxyCpu : null, d1: d1Known ? d1 : null, finalFlushRows }),
  };
}

/**
 * What one request of each kind costs workerd, measured on the same server
 * after the run, with nothing else going on: PROBE_REQUESTS requests of each,
 * 8 at a time, split as the run's figure is (the dev proxy, the rest).
 * - asset: a static file, which the runtime answers without the Worker (its
 *   own routing: what any request costs here before the Worker runs);
 * - refused: a journal POST from a foreign origin, which the Worker refuses
 *   after reading the URL (the Worker's entry, nothing more);
 * - fastAutosave: one code autosave with the test capability (the fast path);
 * - fullAutosave: the same without it (the session and D1, before issue 40).
 * The autosaves come from 8 of the run's students, one request in flight each,
 * seq in order, each first sent once the full way for a fresh capability.
 */
const PROBE_REQUESTS = Number(process.env.PROBE_REQUESTS ?? 2000);
async function cpuProbes(students) {
  const pids = workerdPids();
  if (!pids.length || PROBE_REQUESTS <= 0) return null;
  const proxy = devProxyPid;
  const probe = async (name, send) => {
    log(`probe: ${PROBE_REQUESTS} requests of kind ${name}`);
    const [allFrom, proxyFrom] = [cpuMs(pids), proxy ? cpuMs([proxy]) : 0];
    const statuses = {};
    let sent = 0;
    await Promise.all(
      Array.from({ length: 8 }, async (_, lane) => {
        while (sent < PROBE_REQUESTS) {
          sent++;
          const res = await send(lane);
          await res.arrayBuffer();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        }
      }),
    );
    const all = cpuMs(pids) - allFrom;
    const proxyMs = proxy ? cpuMs([proxy]) - proxyFrom : null;
    const perRequest = (ms) => Math.round((ms / sent) * 100) / 100;
    return {
      requests: sent,
      statuses,
      cpuMsPerRequest: perRequest(all),
      devProxyCpuMsPerRequest: proxyMs === null ? null : perRequest(proxyMs),
      workerOwnCpuMsPerRequest: proxyMs === null ? null : perRequest(all - proxyMs),
    };
  };
  const lanes = students.slice(0, 8);
  const autosave = (student, capability) =>
    post(
      `/api/journal/${student.testId}`,
      { entries: [{ id: crypto.randomUUID(), seq: student.seq++, kind: "code", payload: { questionId: student.questions[0], code: `print(input())  # probe ${student.seq}` }, createdAt: Date.now(), ...(student.anchor ? { anchor: student.anchor } : {}) }] },
      student.cookie,
      { json: true, extraHeaders: capability ? { "X-Test-Capability": capability } : {} },
    );
  for (const student of lanes) {
    const res = await autosave(student, null);
    const answer = res.ok ? await res.json() : (await res.body?.cancel(), null);
    student.probeCapability = answer?.capability ?? null;
    if (answer?.anchor) student.anchor = answer.anchor;
  }
  return {
    asset: await probe("asset", () => fetch(`${BASE_URL}/favicon.svg`)),
    refused: await probe("refused", () =>
      fetch(`${BASE_URL}/api/journal/probe`, { method: "POST", headers: { Origin: "https://elsewhere.example", "Content-Type": "application/json" }, body: "{}" }),
    ),
    fastAutosave: lanes.every((s) => s.probeCapability) ? await probe("fastAutosave", (lane) => autosave(lanes[lane % lanes.length], lanes[lane % lanes.length].probeCapability)) : null,
    fullAutosave: await probe("fullAutosave", (lane) => autosave(lanes[lane % lanes.length], null)),
  };
}

/**
 * Restarts the Worker of the bench's own server: the stop is ordered, the
 * server stops answering, and the same port answers again (wrangler on the
 * same --persist-to). Times are Date.now().
 */
async function restartWorker(server) {
  const stopAt = Date.now();
  server.restartWorker();
  let downAt = null;
  while (Date.now() - stopAt < 15_000) {
    if (!(await serving(BASE_URL, 1000))) {
      downAt = Date.now();
      break;
    }
    await sleep(25);
  }
  if (downAt === null) log("restart: the server still answered 15 s after the stop was ordered");
  for (;;) {
    if (!server.running()) throw new Error("scripts/e2e-server.mjs stopped during the restart; see its message above");
    if (Date.now() - stopAt > 180_000) throw new Error(`the Worker did not answer ${BASE_URL}/api/health within 180 s of the restart`);
    if (await serving(BASE_URL, 2000)) break;
    await sleep(100);
  }
  return { stopAt, downAt, readyAt: Date.now() };
}

/** The bench's own server (--start, --restart-at), stopped however the bench ends. */
let ownServer = null;

async function main() {
  if (RESTART_AT !== null && !(RESTART_AT > 0 && RESTART_AT < SECONDS)) throw new Error(`--restart-at needs a number of seconds within the timed phase (0 < N < SECONDS = ${SECONDS})`);
  if (START) {
    log("starting the bench's own server (scripts/e2e-server.mjs on free ports; it needs a build: npm run build)");
    ownServer = await startE2eServer();
    BASE_URL = ownServer.base;
    log(`own server on ${BASE_URL} (runner on ${ownServer.runnerPort})`);
  }
  log(`${BASE_URL}: ${STUDENTS} students in ${ROOMS} room(s), ${SECONDS} s of autosaves every ${AUTOSAVE_MS} ms sent every ${CODE_SEND_MS} ms, ${SUBMITTERS} submit per room at the end`);
  const health = await fetch(`${BASE_URL}/`).catch(() => null);
  if (!health) throw new Error(`nothing answers at ${BASE_URL}: start the app first (npm start)`);

  const admin = await signIn(ADMIN.email, ADMIN.password);
  const rooms = [];
  for (let r = 0; r < ROOMS; r++) {
    const created = await action("/admin?index", { intent: "create", roomName: `Load ${r + 1} ${new Date().toISOString()}`, category: CATEGORY, questionType: "coding", language: "python", durationMinutes: "60" }, admin);
    await action(`/admin/room/${created.roomId}`, { intent: "enable" }, admin);
    // The code a student types after a tab switch (the bench's tab-switch entries unlock with it).
    const unlockCode = `BENCH-${crypto.randomUUID().slice(0, 8)}`;
    await action(`/admin/room/${created.roomId}`, { intent: "unlock-code", unlockCode }, admin);
    rooms.push({ id: created.roomId, students: [], otp: null, otpAt: 0, unlockCode });
  }
  log(`rooms ${rooms.map((r) => r.id).join(", ")}`);

  let t = Date.now();
  const students = [];
  await pool([...Array(STUDENTS).keys()], 8, async (n) => {
    students.push({ n, ...(await account(n)), pending: [], seq: 0, rejected: 0, inFlight: false, attempt: 0, retryTimer: null, tabSwitches: new Map(), tabSwitchesAccepted: new Map(), replay: null, replayed: 0 });
  });
  students.sort((a, b) => a.n - b.n);
  for (const student of students) {
    student.room = rooms[student.n % ROOMS];
    student.room.students.push(student);
  }
  log(`${students.length} accounts signed in (${Date.now() - t} ms)`);

  // Join with the room's OTP (valid 30 s: a fresh one for each batch), then wait on the party.
  t = Date.now();
  await pool(students, 8, async (student) => {
    const room = student.room;
    if (Date.now() - room.otpAt > 20_000) {
      room.otpAt = Date.now();
      room.otp = action(`/admin/room/${room.id}`, { intent: "generate-otp" }, admin).then((answer) => answer.otp);
    }
    const joined = await post("/student.data?index", { intent: "join-test", otp: await room.otp }, student.cookie);
    if (joined.status >= 400) throw new Error(`join of ${student.email}: ${joined.status}`);
    await joined.body?.cancel();
  });
  log(`${students.length} joined (${Date.now() - t} ms)`);
  t = Date.now();
  await pool(students, 20, (student) => openParty(student.room.id, student));
  log(`${students.length} parties open (${Date.now() - t} ms)`);

  // Fan-out per room: from the admin's Start Test until every waiting socket of the room has it. All rooms start at once.
  await Promise.all(
    rooms.map(async (room) => {
      room.startAt = Date.now();
      await action(`/admin/room/${room.id}`, { intent: "start" }, admin);
    }),
  );
  const fanoutDeadline = Date.now() + 30_000;
  while (students.some((s) => s.startedAt === undefined) && Date.now() < fanoutDeadline) await sleep(20);
  for (const room of rooms) {
    room.fanout = room.students.filter((s) => s.startedAt !== undefined).map((s) => s.startedAt - room.startAt);
    log(`fan-out of room ${room.id}: ${room.fanout.length}/${room.students.length} in ${Math.max(0, ...room.fanout)} ms`);
  }

  // Launch, then read the test and its questions from the page's loader, as the page does.
  t = Date.now();
  await pool(students, 8, async (student) => {
    const roomId = student.room.id;
    const body = new URLSearchParams();
    for (let i = 0; i < 6; i++) body.append("term", "on");
    const launched = await fetch(`${BASE_URL}/test/${roomId}/terms`, { method: "POST", headers: { Origin: BASE_URL, Cookie: student.cookie }, body, redirect: "manual" });
    if (launched.status !== 302) throw new Error(`launch of ${student.email}: ${launched.status}`);
    const page = await fetch(`${BASE_URL}/test/${roomId}/coding.data?_routes=routes/test.$roomId.coding`, { headers: { Cookie: student.cookie } });
    const data = (await decodeData(page))?.["routes/test.$roomId.coding"]?.data;
    if (!data?.testId) throw new Error(`the coding page of ${student.email} has no test`);
    student.testId = data.testId;
    // As the page does: the loader's test capability (issue 40) sends the first autosaves the fast way.
    if (data.capability) student.capability = data.capability;
    student.questions = data.questions.map((q) => q.id);
  });
  log(`${students.length} launched (${Date.now() - t} ms)`);

  // The timed phase: what the Worker spends is read around it.
  const meter = workerMeter(admin, rooms.map((r) => r.id));
  await meter.open();
  const phaseStart = Date.now();
  // The fault: RESTART_AT s in, the Worker stops and starts again; the students carry on meanwhile.
  let restart = null;
  const restarting =
    RESTART_AT === null
      ? null
      : sleep(RESTART_AT * 1000).then(async () => {
          await meter.close();
          const pendingAtStop = students.reduce((n, s) => n + s.pending.length, 0);
          log(`restart: stopping the Worker ${RESTART_AT} s into the timed phase (${pendingAtStop} entries not yet accepted)`);
          restart = { ...(await restartWorker(ownServer)), pendingAtStop };
          const at = (t) => (t === null ? "never" : `+${((t - phaseStart) / 1000).toFixed(2)} s`);
          log(`restart: stop ordered at ${at(restart.stopAt)}, unreachable at ${at(restart.downAt)}, ready again at ${at(restart.readyAt)}: down ${restart.readyAt - restart.stopAt} ms`);
          await meter.open();
        });
  restarting?.catch(() => {}); // awaited after the timed phase; until then the students go on

  // Autosaves: each student on its own 2 s clock, staggered.
  const ends = Date.now() + SECONDS * 1000;
  // The page's journal starts its code pacing at a random point of the window, so pages opened together do not send in step.
  for (const s of students) s.lastSentAt = Date.now() - Math.random() * CODE_SEND_MS;
  const submitFrom = ends - 10_000;
  for (const room of rooms) room.submits = { sent: 0, verdicts: 0, dropped: 0, queued: 0, judgedLater: 0, ms: [] };
  for (const s of students) s.awaitingVerdict = new Map();
  const pings = setInterval(() => {
    for (const s of students)
      if (s.socket.readyState === WebSocket.OPEN) {
        s.socket.send(JSON.stringify({ type: "ping", sentAt: Date.now() }));
        stats.partyMessages++;
      }
  }, 15_000);
  // The page's journal: one request in flight per student; what piles up meanwhile goes in the next one.
  // A failed request is tried again after the page's back-off; while it waits, new entries wait too.
  const kick = async (student) => {
    if (student.inFlight || student.retryTimer) return;
    while (student.pending.length > 0 && !student.inFlight) {
      student.lastSentAt = Date.now();
      const outcome = await flush(student);
      if (!outcome.ok || outcome.settled === 0) {
        retryLater(student, outcome.delayMs);
        break;
      }
      student.attempt = 0;
      // Code typed while that request was on its way waits for its turn, as the page's journal does; any other entry goes at once.
      if (CODE_SEND_MS > 0 && student.pending.length > 0 && student.pending.every((e) => e.kind === "code")) {
        void sendCode(student);
        break;
      }
    }
  };
  // Full jitter, as the page: uniform in [0, min(cap, base · 2^attempt)], at least what Retry-After asks.
  const retryLater = (student, minDelayMs = 0) => {
    const ceiling = Math.min(RETRY.capMs, RETRY.baseMs * 2 ** student.attempt);
    student.attempt++;
    clearTimeout(student.retryTimer);
    student.retryTimer = setTimeout(() => {
      student.retryTimer = null;
      void kick(student);
    }, Math.max(minDelayMs ?? 0, Math.random() * ceiling));
  };
  const stopRetry = (student) => {
    clearTimeout(student.retryTimer);
    student.retryTimer = null;
  };
  // Code waits at most CODE_SEND_MS after the last request (the page's CODE_SEND_MS), then goes with what piled up.
  const sendCode = (student) => {
    if (student.retryTimer) return Promise.resolve(); // the back-off's retry takes it along
    if (CODE_SEND_MS <= 0) return kick(student);
    if (student.codeTimer) return Promise.resolve();
    const wait = Math.max(0, (student.lastSentAt ?? -Infinity) + CODE_SEND_MS - Date.now());
    return new Promise((resolve) => {
      student.codeTimer = setTimeout(() => {
        student.codeTimer = null;
        resolve(kick(student));
      }, wait);
    });
  };
  // One tab switch per student, then at once the unlock, at a random moment that leaves the last 15 s (Submit Codes) alone.
  const tabSwitchFrom = 1000;
  const tabSwitchUntil = Math.max(tabSwitchFrom, SECONDS * 1000 - 15_000);
  const tabSwitchAt = (i) => {
    const around = RESTART_AT !== null && i % 3 === 0 ? RESTART_AT * 1000 + (Math.random() - 0.5) * 6000 : null;
    return Math.min(tabSwitchUntil, Math.max(tabSwitchFrom, around ?? tabSwitchFrom + Math.random() * (tabSwitchUntil - tabSwitchFrom)));
  };
  const switchTab = (student) => {
    const entry = write(student, "tab-switch", { at: Date.now() });
    student.tabSwitches.set(entry.id, entry);
    write(student, "unlock", { code: student.room.unlockCode });
    return kick(student);
  };
  await Promise.all(
    students.map(async (student, i) => {
      await sleep((i / students.length) * AUTOSAVE_MS);
      const room = student.room;
      // TAB_SWITCH_SHARE of the students, spread evenly over the rooms.
      const switches = Math.floor((i + 1) * TAB_SWITCH_SHARE) > Math.floor(i * TAB_SWITCH_SHARE);
      const sends = switches ? [sleep(Math.max(0, phaseStart + tabSwitchAt(i) - Date.now())).then(() => switchTab(student))] : [];
      // Submit Code within the last 10 s, beside the autosaves, as a student at the end of a test does.
      if (room.students.indexOf(student) < SUBMITTERS) {
        const submits = room.submits;
        sends.push(
          sleep(Math.max(0, submitFrom + Math.random() * 10_000 - Date.now())).then(async () => {
            submits.sent++;
            const started = performance.now();
            try {
              // The page sends what waits first (a Submit flushes, back-off or not), then presses Submit.
              stopRetry(student);
              await kick(student);
              const verdict = await action(`/test/${room.id}/coding`, { intent: "submit", questionId: student.questions[0], code: "print(input())" }, student.cookie);
              // The runner queue outlived the wait (issue 40, item 5): the page journals the submission, and the journal judges it.
              if (verdict?.queued) {
                const entry = write(student, "submit-code", { questionId: student.questions[0], code: "print(input())" });
                submits.queued++;
                student.awaitingVerdict.set(entry.id, { started, submits });
                return void (await kick(student));
              }
              if (verdict?.kind !== "submit") return void submits.dropped++;
              submits.verdicts++;
              submits.ms.push(performance.now() - started);
            } catch {
              submits.dropped++;
              failed(Date.now() - Math.round(performance.now() - started));
            }
          }),
        );
      }
      for (let tick = 0; Date.now() < ends; tick++) {
        const questionId = student.questions[tick % student.questions.length];
        write(student, "code", { questionId, code: `print(input())  # ${student.n} ${tick}` });
        sends.push(sendCode(student));
        await sleep(AUTOSAVE_MS);
      }
      await Promise.all(sends);
    }),
  );
  clearInterval(pings);
  await restarting;
  const phaseMs = Date.now() - phaseStart;
  const journalRequests = stats.journalMs.length;
  const submitRequests = rooms.reduce((n, r) => n + r.submits.sent, 0);
  await meter.close();
  const spent = meter.result();

  // Drain: what is still pending is sent again for up to 30 s, as the page would.
  for (const s of students) stopRetry(s);
  const drainUntil = Date.now() + 30_000;
  while (students.some((s) => s.pending.length > 0) && Date.now() < drainUntil) {
    await pool(students.filter((s) => s.pending.length > 0), 20, flush);
    await sleep(500);
  }
  for (const s of students) s.socket.close();
  // A queued Submit Code with no verdict after the drain was dropped.
  for (const s of students) for (const { submits } of s.awaitingVerdict.values()) submits.dropped++;
  const probes = await cpuProbes(students.filter((s) => s.testId && s.questions?.length));

  // Each tab switch applied once: the count the admin sees against the tab-switch entries the server accepted.
  const tabSwitches = { sent: 0, accepted: 0, replayed: 0, acrossRestart: restart ? 0 : null, counted: 0 };
  let duplicated = 0;
  try {
    for (const room of rooms) {
      const counts = new Map((await roomPage(room.id, admin)).participants.map((p) => [p.testId, p.tabSwitchCount ?? 0]));
      for (const s of room.students) {
        const counted = counts.get(s.testId);
        if (counted === undefined) throw new Error(`the room page of ${room.id} does not list the test of ${s.email}`);
        tabSwitches.sent += s.tabSwitches.size;
        tabSwitches.accepted += s.tabSwitchesAccepted.size;
        tabSwitches.replayed += s.replayed;
        // Written before the Worker was back, accepted after it was stopped: their fate crossed the restart.
        if (restart) for (const [id, at] of s.tabSwitchesAccepted) if (s.tabSwitches.get(id).createdAt < restart.readyAt && at > restart.stopAt) tabSwitches.acrossRestart++;
        tabSwitches.counted += counted;
        duplicated += Math.max(0, counted - s.tabSwitchesAccepted.size);
      }
    }
  } catch (error) {
    log(`could not read the tab-switch counts back: ${error.message}`);
    duplicated = null;
    tabSwitches.readError = error.message;
  }
  if (duplicated) log(`${duplicated} entries were applied more than once`);

  const studentMinutes = (STUDENTS * phaseMs) / 60_000;
  const requests = journalRequests + submitRequests;
  const perMinute = (n) => (n === null ? null : Math.round((n / studentMinutes) * 100) / 100);
  const perRequest = (n) => (n === null ? null : Math.round((n / Math.max(1, requests)) * 100) / 100);
  const d1 = spent.d1;
  const workerCpu = spent.cpuMs;
  const roomResults = rooms.map((room) => ({
    id: room.id,
    students: room.students.length,
    fanout: { p50: percentile(room.fanout, 50), p95: percentile(room.fanout, 95), max: percentile(room.fanout, 100), missing: room.students.length - room.fanout.length },
    verdicts: { sent: room.submits.sent, verdicts: room.submits.verdicts, queued: room.submits.queued, judgedLater: room.submits.judgedLater, dropped: room.submits.dropped, p95: percentile(room.submits.ms, 95) },
  }));
  const allFanout = rooms.flatMap((r) => r.fanout);
  const worst = roomResults.reduce((a, b) => ((b.fanout.p95 ?? 0) > (a.fanout.p95 ?? 0) ? b : a));
  const allSubmits = rooms.flatMap((r) => r.submits.ms);

  const result = {
    students: STUDENTS,
    rooms: roomResults,
    seconds: SECONDS,
    codeSendMs: CODE_SEND_MS,
    tabSwitchShare: TAB_SWITCH_SHARE,
    errors: stats.errors,
    sent: stats.sent,
    stored: stats.stored,
    rejected: students.reduce((sum, s) => sum + s.rejected, 0),
    lost: stats.sent - stats.stored,
    // Entries applied more than once (tab switches counted on the server beyond those it accepted); see the header.
    duplicated,
    tabSwitches,
    journal: latencies(stats.journalMs),
    // The same, split: before the last 10 s, and during them (the Submit Code burst shares the machine with the runner).
    journalBeforeSubmits: latencies(stats.journalMs.filter((_, i) => stats.journalAt[i] < submitFrom)),
    journalDuringSubmits: latencies(stats.journalMs.filter((_, i) => stats.journalAt[i] >= submitFrom)),
    // Each 10 s of the run on its own: where in the run the slow requests were.
    journalBy10s: Array.from({ length: Math.ceil(phaseMs / 10_000) }, (_, w) => ({
      fromS: w * 10,
      ...latencies(stats.journalMs.filter((_, i) => stats.journalAt[i] >= phaseStart + w * 10_000 && stats.journalAt[i] < phaseStart + (w + 1) * 10_000)),
    })),
    // The worst room's fan-out (each room's is under `rooms`).
    fanout: { ...worst.fanout, all: { p95: percentile(allFanout, 95), missing: STUDENTS - allFanout.length } },
    submits: {
      sent: submitRequests,
      verdicts: rooms.reduce((n, r) => n + r.submits.verdicts, 0),
      // Of those, answered "busy, saved" and then judged through the journal, as the page does (issue 40, item 5).
      queued: rooms.reduce((n, r) => n + r.submits.queued, 0),
      judgedLater: rooms.reduce((n, r) => n + r.submits.judgedLater, 0),
      dropped: rooms.reduce((n, r) => n + r.submits.dropped, 0),
      p95: percentile(allSubmits, 95),
    },
    // What a student costs, over the timed phase (decision 029).
    studentMinutes: Math.round(studentMinutes),
    requestsPerStudentMinute: perMinute(requests),
    partyMessagesPerStudentMinute: perMinute(stats.partyMessages),
    workerCpuMsPerRequest: workerCpu === null ? null : perRequest(workerCpu),
    workerCpuMsPerStudentMinute: workerCpu === null ? null : perMinute(workerCpu),
    workerProcesses: meter.pids.length,
    // Of workerCpuMsPerRequest, what wrangler dev's proxy spent forwarding (it is not in production), and the rest: the Worker, its objects and local D1.
    devProxyCpuMsPerRequest: spent.devProxyCpuMs === null ? null : perRequest(spent.devProxyCpuMs),
    workerOwnCpuMsPerRequest: workerCpu === null || spent.devProxyCpuMs === null ? null : perRequest(workerCpu - spent.devProxyCpuMs),
    // What one request of each kind costs on the same server after the run (see cpuProbes).
    cpuPerRequestKind: probes,
    d1QueriesPerRequest: d1 ? perRequest(d1.queries) : null,
    d1RowsWrittenPerStudentMinute: d1 ? perMinute(d1.rowsWritten) : null,
    // Of those, what the last reading's flush wrote: held code that would otherwise reach D1 at the next alarm.
    d1RowsWrittenByFinalFlush: spent.finalFlushRows,
    d1RowsReadPerStudentMinute: d1 ? perMinute(d1.rowsRead) : null,
    d1: d1 ? { ...d1, note: "rowsRead counts only calls D1 answers with metadata; `unmetered` is how many did not (drizzle's raw selects)" } : null,
    statuses: stats.statuses,
    // The fault (--restart-at): failedRequests are those (in `errors`) that failed while the Worker was away.
    restart: restart && {
      atSeconds: RESTART_AT,
      downMs: restart.readyAt - restart.stopAt,
      unreachableAfterMs: restart.downAt === null ? null : restart.downAt - restart.stopAt,
      failedRequests: stats.failures.filter((f) => f.endedAt >= restart.stopAt && f.startedAt <= restart.readyAt).length,
      pendingAtStop: restart.pendingAtStop,
    },
  };
  console.log(JSON.stringify(result, null, 2));
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, async () => {
    await ownServer?.stop();
    process.exit(130);
  });
}

main().then(
  async () => {
    await ownServer?.stop();
    process.exit(0);
  },
  async (error) => {
    console.error(error);
    await ownServer?.stop();
    process.exit(1);
  },
);
