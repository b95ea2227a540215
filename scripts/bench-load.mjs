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
// and anything not accepted is sent again with the next save. In the last 10
// s, SUBMITTERS students (default 60) press Submit Code (the page's route
// action), and the time to each verdict is measured.
//
// Prints JSON on stdout (progress on stderr):
//   { students, seconds, errors, sent, stored, lost, journal: {p50, p95, p99, max},
//     journalBeforeSubmits and journalDuringSubmits (the same, split at the last 10 s),
//     fanout: {p50, p95, max, missing}, submits: {sent, verdicts, dropped, p95}, statuses }
// `errors` counts journal and submit requests that failed (network or non-2xx);
// `lost` counts entries written that the server never accepted, after a
// drain of up to 30 s at the end (they would still be on the students' devices).
//
// Accounts are load-<n>@bench.test (password bench-load-1234), created on the
// first run and signed in afterwards; every run makes a new room. Options
// (environment): BASE_URL, STUDENTS, SECONDS, AUTOSAVE_MS, SUBMITTERS,
// ADMIN_EMAIL, ADMIN_PASSWORD (the seeded demo admin by default).
import PartySocket from "partysocket";
import { decode } from "turbo-stream";
import WebSocket from "ws";

const BASE_URL = (process.env.BASE_URL ?? "http://localhost:8787").replace(/\/$/, "");
const STUDENTS = Number(process.env.STUDENTS ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 120);
const AUTOSAVE_MS = Number(process.env.AUTOSAVE_MS ?? 2000);
const SUBMITTERS = Math.min(STUDENTS, Number(process.env.SUBMITTERS ?? 60));
const ADMIN = { email: process.env.ADMIN_EMAIL ?? "admin@demo.edu", password: process.env.ADMIN_PASSWORD ?? "admin1234" };
const PASSWORD = "bench-load-1234";
const CATEGORY = "Basics";
const log = (...parts) => console.error("•", ...parts);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ------------------------------------------------------------------ HTTP as the browser sends it

/** A POST from our own origin (route actions and writing resource routes check it). */
async function post(path, body, cookie, { json = false, data = false } = {}) {
  const headers = { Origin: BASE_URL, ...(cookie ? { Cookie: cookie } : {}) };
  if (json) headers["Content-Type"] = "application/json";
  const res = await fetch(`${BASE_URL}${path}`, {
    method: "POST",
    headers,
    body: json ? JSON.stringify(body) : new URLSearchParams(body),
    redirect: "manual",
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

// ------------------------------------------------------------------ the run

// journalMs: every journal request's time; journalAt: when each one started (Date.now()), to split the phases.
const stats = { sent: 0, stored: 0, errors: 0, journalMs: [], journalAt: [], statuses: {} };
const count = (status) => (stats.statuses[status] = (stats.statuses[status] ?? 0) + 1);

/** One journal POST with everything this student has not had accepted yet. */
async function flush(student) {
  if (student.pending.length === 0 || student.inFlight) return;
  student.inFlight = true;
  const entries = student.pending.slice(0, 100);
  const started = performance.now();
  const startedAt = Date.now();
  try {
    const res = await post(`/api/journal/${student.testId}`, { entries }, student.cookie, { json: true });
    stats.journalMs.push(performance.now() - started);
    stats.journalAt.push(startedAt);
    count(res.status);
    if (!res.ok) {
      stats.errors++;
      await res.body?.cancel();
      return;
    }
    const answer = await res.json();
    if (answer.anchor) student.anchor = answer.anchor;
    const done = new Set([...answer.accepted, ...answer.rejected.map((r) => r.id)]);
    stats.stored += answer.accepted.length;
    student.rejected += answer.rejected.length;
    student.pending = student.pending.filter((e) => !done.has(e.id));
  } catch (error) {
    stats.errors++;
    count(String(error?.cause?.code ?? error?.name ?? "error"));
  } finally {
    student.inFlight = false;
  }
}

async function main() {
  log(`${BASE_URL}: ${STUDENTS} students, ${SECONDS} s of autosaves every ${AUTOSAVE_MS} ms, ${SUBMITTERS} submit at the end`);
  const health = await fetch(`${BASE_URL}/`).catch(() => null);
  if (!health) throw new Error(`nothing answers at ${BASE_URL}: start the app first (npm start)`);

  const admin = await signIn(ADMIN.email, ADMIN.password);
  const created = await action("/admin?index", { intent: "create", roomName: `Load ${new Date().toISOString()}`, category: CATEGORY, questionType: "coding", language: "python", durationMinutes: "60" }, admin);
  const roomId = created.roomId;
  await action(`/admin/room/${roomId}`, { intent: "enable" }, admin);
  log(`room ${roomId}`);

  let t = Date.now();
  const students = [];
  await pool([...Array(STUDENTS).keys()], 8, async (n) => {
    students.push({ n, ...(await account(n)), pending: [], seq: 0, rejected: 0, inFlight: false });
  });
  log(`${students.length} accounts signed in (${Date.now() - t} ms)`);

  // Join with the OTP (valid 30 s: a fresh one for each batch), then wait on the party.
  t = Date.now();
  let otp = null;
  let otpAt = 0;
  await pool(students, 8, async (student) => {
    if (Date.now() - otpAt > 20_000) {
      otpAt = Date.now();
      otp = action(`/admin/room/${roomId}`, { intent: "generate-otp" }, admin).then((answer) => answer.otp);
    }
    const joined = await post("/student.data?index", { intent: "join-test", otp: await otp }, student.cookie);
    if (joined.status >= 400) throw new Error(`join of ${student.email}: ${joined.status}`);
    await joined.body?.cancel();
  });
  log(`${students.length} joined (${Date.now() - t} ms)`);
  t = Date.now();
  await pool(students, 20, (student) => openParty(roomId, student));
  log(`${students.length} parties open (${Date.now() - t} ms)`);

  // Fan-out: from the admin's Start Test until every waiting socket has it.
  const startAt = Date.now();
  await action(`/admin/room/${roomId}`, { intent: "start" }, admin);
  const fanoutDeadline = Date.now() + 30_000;
  while (students.some((s) => s.startedAt === undefined) && Date.now() < fanoutDeadline) await sleep(20);
  const fanout = students.filter((s) => s.startedAt !== undefined).map((s) => s.startedAt - startAt);
  log(`fan-out: ${fanout.length}/${students.length} in ${Math.max(0, ...fanout)} ms`);

  // Launch, then read the test and its questions from the page's loader, as the page does.
  t = Date.now();
  await pool(students, 8, async (student) => {
    const body = new URLSearchParams();
    for (let i = 0; i < 6; i++) body.append("term", "on");
    const launched = await fetch(`${BASE_URL}/test/${roomId}/terms`, { method: "POST", headers: { Origin: BASE_URL, Cookie: student.cookie }, body, redirect: "manual" });
    if (launched.status !== 302) throw new Error(`launch of ${student.email}: ${launched.status}`);
    const page = await fetch(`${BASE_URL}/test/${roomId}/coding.data?_routes=routes/test.$roomId.coding`, { headers: { Cookie: student.cookie } });
    const data = (await decodeData(page))?.["routes/test.$roomId.coding"]?.data;
    if (!data?.testId) throw new Error(`the coding page of ${student.email} has no test`);
    student.testId = data.testId;
    student.questions = data.questions.map((q) => q.id);
  });
  log(`${students.length} launched (${Date.now() - t} ms)`);

  // Autosaves: each student on its own 2 s clock, staggered.
  const ends = Date.now() + SECONDS * 1000;
  const submitFrom = ends - 10_000;
  const submits = { sent: 0, verdicts: 0, dropped: 0, ms: [] };
  const pings = setInterval(() => {
    for (const s of students) if (s.socket.readyState === WebSocket.OPEN) s.socket.send(JSON.stringify({ type: "ping", sentAt: Date.now() }));
  }, 15_000);
  // The page's journal: one request in flight per student; what piles up meanwhile goes in the next one.
  const kick = async (student) => {
    if (student.inFlight) return;
    while (student.pending.length > 0 && !student.inFlight) {
      const before = student.pending.length;
      await flush(student);
      if (student.pending.length >= before) break; // refused or failed: the next autosave tries again
    }
  };
  await Promise.all(
    students.map(async (student, i) => {
      await sleep((i / students.length) * AUTOSAVE_MS);
      const sends = [];
      // Submit Code within the last 10 s, beside the autosaves, as a student at the end of a test does.
      if (i < SUBMITTERS) {
        sends.push(
          sleep(Math.max(0, submitFrom + Math.random() * 10_000 - Date.now())).then(async () => {
            submits.sent++;
            const started = performance.now();
            try {
              const verdict = await action(`/test/${roomId}/coding`, { intent: "submit", questionId: student.questions[0], code: "print(input())" }, student.cookie);
              if (verdict?.kind !== "submit") return void submits.dropped++;
              submits.verdicts++;
              submits.ms.push(performance.now() - started);
            } catch {
              submits.dropped++;
              stats.errors++;
            }
          }),
        );
      }
      for (let tick = 0; Date.now() < ends; tick++) {
        const questionId = student.questions[tick % student.questions.length];
        student.pending.push({
          id: crypto.randomUUID(),
          seq: student.seq++,
          kind: "code",
          payload: { questionId, code: `print(input())  # ${student.n} ${tick}` },
          createdAt: Date.now(),
          ...(student.anchor ? { anchor: student.anchor } : {}),
        });
        stats.sent++;
        sends.push(kick(student));
        await sleep(AUTOSAVE_MS);
      }
      await Promise.all(sends);
    }),
  );
  clearInterval(pings);

  // Drain: what is still pending is sent again for up to 30 s, as the page would.
  const drainUntil = Date.now() + 30_000;
  while (students.some((s) => s.pending.length > 0) && Date.now() < drainUntil) {
    await pool(students.filter((s) => s.pending.length > 0), 20, flush);
    await sleep(500);
  }
  for (const s of students) s.socket.close();

  const result = {
    students: STUDENTS,
    seconds: SECONDS,
    errors: stats.errors,
    sent: stats.sent,
    stored: stats.stored,
    rejected: students.reduce((sum, s) => sum + s.rejected, 0),
    lost: stats.sent - stats.stored,
    journal: latencies(stats.journalMs),
    // The same, split: before the last 10 s, and during them (the Submit Code burst shares the machine with the runner).
    journalBeforeSubmits: latencies(stats.journalMs.filter((_, i) => stats.journalAt[i] < submitFrom)),
    journalDuringSubmits: latencies(stats.journalMs.filter((_, i) => stats.journalAt[i] >= submitFrom)),
    fanout: { p50: percentile(fanout, 50), p95: percentile(fanout, 95), max: percentile(fanout, 100), missing: STUDENTS - fanout.length },
    submits: { sent: submits.sent, verdicts: submits.verdicts, dropped: submits.dropped, p95: percentile(submits.ms, 95) },
    statuses: stats.statuses,
  };
  console.log(JSON.stringify(result, null, 2));
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
