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
// Issue 26 adds: ROOMS rooms at once (a school's exam; STUDENTS split among
// them, SUBMITTERS per room), code sent at most every CODE_SEND_MS (default
// 5000, as the page's journal paces it; 0 sends every autosave at once, as
// before), and what a student costs: requests per student-minute, the
// Worker's CPU per request (workerd's CPU time from /proc around the timed
// phase), D1 queries and rows per request and per student-minute (the
// Worker's D1 meter, /admin/api/d1-meter, when D1_METER=1), and party
// messages per student-minute. `rooms` lists each room's fan-out and
// verdicts; `fanout` is the worst room's.
//
// Accounts are load-<n>@bench.test (password bench-load-1234), created on the
// first run and signed in afterwards; every run makes new rooms. Options
// (environment): BASE_URL, STUDENTS, ROOMS, SECONDS, AUTOSAVE_MS,
// CODE_SEND_MS, SUBMITTERS, ADMIN_EMAIL, ADMIN_PASSWORD (the seeded demo
// admin by default).
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import PartySocket from "partysocket";
import { decode } from "turbo-stream";
import WebSocket from "ws";

const BASE_URL = (process.env.BASE_URL ?? "http://localhost:8787").replace(/\/$/, "");
const STUDENTS = Number(process.env.STUDENTS ?? 300);
const SECONDS = Number(process.env.SECONDS ?? 120);
const AUTOSAVE_MS = Number(process.env.AUTOSAVE_MS ?? 2000);
const ROOMS = Math.max(1, Number(process.env.ROOMS ?? 1));
const CODE_SEND_MS = Number(process.env.CODE_SEND_MS ?? 5000);
/** Per room. */
const SUBMITTERS = Math.min(Math.floor(STUDENTS / ROOMS), Number(process.env.SUBMITTERS ?? 60));
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

// ------------------------------------------------------------------ what the Worker spends

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

/** The Worker's D1 meter (decision 029), or null when it is off. */
async function d1Reading(admin) {
  const res = await fetch(`${BASE_URL}/admin/api/d1-meter`, { headers: { Cookie: admin } });
  if (!res.ok) {
    await res.body?.cancel();
    return null;
  }
  return res.json();
}

// ------------------------------------------------------------------ the run

// journalMs: every journal request's time; journalAt: when each one started (Date.now()), to split the phases.
const stats = { sent: 0, stored: 0, errors: 0, journalMs: [], journalAt: [], statuses: {}, partyMessages: 0 };
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
  log(`${BASE_URL}: ${STUDENTS} students in ${ROOMS} room(s), ${SECONDS} s of autosaves every ${AUTOSAVE_MS} ms sent every ${CODE_SEND_MS} ms, ${SUBMITTERS} submit per room at the end`);
  const health = await fetch(`${BASE_URL}/`).catch(() => null);
  if (!health) throw new Error(`nothing answers at ${BASE_URL}: start the app first (npm start)`);

  const admin = await signIn(ADMIN.email, ADMIN.password);
  const rooms = [];
  for (let r = 0; r < ROOMS; r++) {
    const created = await action("/admin?index", { intent: "create", roomName: `Load ${r + 1} ${new Date().toISOString()}`, category: CATEGORY, questionType: "coding", language: "python", durationMinutes: "60" }, admin);
    await action(`/admin/room/${created.roomId}`, { intent: "enable" }, admin);
    rooms.push({ id: created.roomId, students: [], otp: null, otpAt: 0 });
  }
  log(`rooms ${rooms.map((r) => r.id).join(", ")}`);

  let t = Date.now();
  const students = [];
  await pool([...Array(STUDENTS).keys()], 8, async (n) => {
    students.push({ n, ...(await account(n)), pending: [], seq: 0, rejected: 0, inFlight: false });
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
    student.questions = data.questions.map((q) => q.id);
  });
  log(`${students.length} launched (${Date.now() - t} ms)`);

  // The timed phase: what the Worker spends is read around it.
  const pids = workerdPids();
  const cpuBefore = cpuMs(pids);
  const d1Before = await d1Reading(admin);
  const phaseStart = Date.now();

  // Autosaves: each student on its own 2 s clock, staggered.
  const ends = Date.now() + SECONDS * 1000;
  // The page's journal starts its code pacing at a random point of the window, so pages opened together do not send in step.
  for (const s of students) s.lastSentAt = Date.now() - Math.random() * CODE_SEND_MS;
  const submitFrom = ends - 10_000;
  for (const room of rooms) room.submits = { sent: 0, verdicts: 0, dropped: 0, ms: [] };
  const pings = setInterval(() => {
    for (const s of students)
      if (s.socket.readyState === WebSocket.OPEN) {
        s.socket.send(JSON.stringify({ type: "ping", sentAt: Date.now() }));
        stats.partyMessages++;
      }
  }, 15_000);
  // The page's journal: one request in flight per student; what piles up meanwhile goes in the next one.
  const kick = async (student) => {
    if (student.inFlight) return;
    while (student.pending.length > 0 && !student.inFlight) {
      const before = student.pending.length;
      student.lastSentAt = Date.now();
      await flush(student);
      if (student.pending.length >= before) break; // refused or failed: the next autosave tries again
      // Code typed while that request was on its way waits for its turn, as the page's journal does.
      if (CODE_SEND_MS > 0 && student.pending.length > 0) {
        void sendCode(student);
        break;
      }
    }
  };
  // Code waits at most CODE_SEND_MS after the last request (the page's CODE_SEND_MS), then goes with what piled up.
  const sendCode = (student) => {
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
  await Promise.all(
    students.map(async (student, i) => {
      await sleep((i / students.length) * AUTOSAVE_MS);
      const room = student.room;
      const sends = [];
      // Submit Code within the last 10 s, beside the autosaves, as a student at the end of a test does.
      if (room.students.indexOf(student) < SUBMITTERS) {
        const submits = room.submits;
        sends.push(
          sleep(Math.max(0, submitFrom + Math.random() * 10_000 - Date.now())).then(async () => {
            submits.sent++;
            const started = performance.now();
            try {
              // The page sends what waits first (a Submit flushes), then presses Submit.
              await kick(student);
              const verdict = await action(`/test/${room.id}/coding`, { intent: "submit", questionId: student.questions[0], code: "print(input())" }, student.cookie);
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
        sends.push(sendCode(student));
        await sleep(AUTOSAVE_MS);
      }
      await Promise.all(sends);
    }),
  );
  clearInterval(pings);
  const phaseMs = Date.now() - phaseStart;
  const journalRequests = stats.journalMs.length;
  const submitRequests = rooms.reduce((n, r) => n + r.submits.sent, 0);
  const cpuAfter = cpuMs(pids);
  const d1After = await d1Reading(admin);

  // Drain: what is still pending is sent again for up to 30 s, as the page would.
  const drainUntil = Date.now() + 30_000;
  while (students.some((s) => s.pending.length > 0) && Date.now() < drainUntil) {
    await pool(students.filter((s) => s.pending.length > 0), 20, flush);
    await sleep(500);
  }
  for (const s of students) s.socket.close();

  const studentMinutes = (STUDENTS * phaseMs) / 60_000;
  const requests = journalRequests + submitRequests;
  const perMinute = (n) => (n === null ? null : Math.round((n / studentMinutes) * 100) / 100);
  const perRequest = (n) => (n === null ? null : Math.round((n / Math.max(1, requests)) * 100) / 100);
  const d1 = d1Before && d1After ? Object.fromEntries(Object.keys(d1After).map((k) => [k, d1After[k] - d1Before[k]])) : null;
  const roomResults = rooms.map((room) => ({
    id: room.id,
    students: room.students.length,
    fanout: { p50: percentile(room.fanout, 50), p95: percentile(room.fanout, 95), max: percentile(room.fanout, 100), missing: room.students.length - room.fanout.length },
    verdicts: { sent: room.submits.sent, verdicts: room.submits.verdicts, dropped: room.submits.dropped, p95: percentile(room.submits.ms, 95) },
  }));
  const allFanout = rooms.flatMap((r) => r.fanout);
  const worst = roomResults.reduce((a, b) => ((b.fanout.p95 ?? 0) > (a.fanout.p95 ?? 0) ? b : a));
  const allSubmits = rooms.flatMap((r) => r.submits.ms);

  const result = {
    students: STUDENTS,
    rooms: roomResults,
    seconds: SECONDS,
    codeSendMs: CODE_SEND_MS,
    errors: stats.errors,
    sent: stats.sent,
    stored: stats.stored,
    rejected: students.reduce((sum, s) => sum + s.rejected, 0),
    lost: stats.sent - stats.stored,
    journal: latencies(stats.journalMs),
    // The same, split: before the last 10 s, and during them (the Submit Code burst shares the machine with the runner).
    journalBeforeSubmits: latencies(stats.journalMs.filter((_, i) => stats.journalAt[i] < submitFrom)),
    journalDuringSubmits: latencies(stats.journalMs.filter((_, i) => stats.journalAt[i] >= submitFrom)),
    // The worst room's fan-out (each room's is under `rooms`).
    fanout: { ...worst.fanout, all: { p95: percentile(allFanout, 95), missing: STUDENTS - allFanout.length } },
    submits: {
      sent: submitRequests,
      verdicts: rooms.reduce((n, r) => n + r.submits.verdicts, 0),
      dropped: rooms.reduce((n, r) => n + r.submits.dropped, 0),
      p95: percentile(allSubmits, 95),
    },
    // What a student costs, over the timed phase (decision 029).
    studentMinutes: Math.round(studentMinutes),
    requestsPerStudentMinute: perMinute(requests),
    partyMessagesPerStudentMinute: perMinute(stats.partyMessages),
    workerCpuMsPerRequest: pids.length ? perRequest(cpuAfter - cpuBefore) : null,
    workerCpuMsPerStudentMinute: pids.length ? perMinute(cpuAfter - cpuBefore) : null,
    workerProcesses: pids.length,
    d1QueriesPerRequest: d1 ? perRequest(d1.queries) : null,
    d1RowsWrittenPerStudentMinute: d1 ? perMinute(d1.rowsWritten) : null,
    d1RowsReadPerStudentMinute: d1 ? perMinute(d1.rowsRead) : null,
    d1: d1 ? { ...d1, note: "rowsRead counts only calls D1 answers with metadata; `unmetered` is how many did not (drizzle's raw selects)" } : null,
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
