// npm run bench:rejudge: a rejudge beside a live test (issue 35, decision 039).
// Runs its own server (scripts/e2e-server.mjs on free ports: a frozen copy
// of the build, a fresh seeded D1 and its own runner; `npm run build` first).
//
// - Seeds a category of two Python questions with 5 cases each, a room of
//   REJUDGED students (default 300) who each have a final submission of the
//   first question (straight into D1: they never sign in), and a live room of
//   LIVE students (default 30) who sign up, join, launch and press Run Code
//   (the coding page's route action, as a fetcher posts it), each pausing
//   THINK_MS (default 1000 ms, ± half) between presses.
// - Phase 1 (BASELINE_SECONDS, default 20): the live room alone.
// - Phase 2: the instructor fixes a case of the first question and starts a
//   rejudge of it from the results page; the live room goes on pressing Run
//   Code until the room's object says (over the party) that the preview is
//   ready.
//
// Prints JSON on stdout (progress on stderr):
//   { rejudged, rejudgeSeconds, rejudgeSubmissionsPerSecond, changed,
//     liveRunP95Ms: { without, with, difference }, liveRunP50Ms: {...},
//     liveRuns: { without, with, errors }, targetMs: 1000, withinTarget }
// Options (environment): REJUDGED, LIVE, BASELINE_SECONDS, THINK_MS.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import PartySocket from "partysocket";
import { decode } from "turbo-stream";
import WebSocket from "ws";
import { bin, root, startE2eServer } from "./lib.mjs";

const REJUDGED = Number(process.env.REJUDGED ?? 300);
const LIVE = Number(process.env.LIVE ?? 30);
const BASELINE_SECONDS = Number(process.env.BASELINE_SECONDS ?? 20);
const THINK_MS = Number(process.env.THINK_MS ?? 1000);
const ADMIN = { email: "admin@demo.edu", password: "admin1234" };
const CATEGORY = "Rejudge Bench";
const Q = ["rjb-q0", "rjb-q1"];
const log = (...parts) => console.error("•", ...parts);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let server = null;
const sqlDir = mkdtempSync(join(tmpdir(), "bench-rejudge-"));
let BASE_URL = "";

async function cleanUp() {
  rmSync(sqlDir, { recursive: true, force: true });
  if (server) await server.stop();
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    cleanUp().finally(() => process.exit(130));
  });
}

// ------------------------------------------------------------------ HTTP as the browser sends it

async function post(path, body, cookie) {
  return fetch(`${BASE_URL}${path}`, {
    method: "POST",
    headers: { Origin: BASE_URL, ...(cookie ? { Cookie: cookie } : {}) },
    body: new URLSearchParams(body),
    redirect: "manual",
  });
}
const cookieOf = (res) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** A route action through `.data`, as a fetcher submits it; the action's data. */
async function action(path, body, cookie) {
  const [pathname, search = ""] = path.split("?");
  const res = await post(`${pathname}.data${search ? `?${search}` : ""}`, body, cookie);
  const decoded = await decode(res.body);
  await decoded.done;
  const value = decoded.value?.data ?? decoded.value;
  if (res.status >= 400) throw new Error(`${path} ${body.intent}: ${res.status} ${JSON.stringify(value)}`);
  return value;
}

async function pool(items, width, work) {
  const queue = [...items.entries()];
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await work(next[1], next[0]);
    }),
  );
}

const percentile = (values, p) => {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
};

/** SQL into the bench server's own local D1 (wrangler's CLI beside the running Worker: short writes, retried while busy). */
function d1(sqlText, what) {
  const file = join(sqlDir, `${what.replace(/\W+/g, "-")}.sql`);
  writeFileSync(file, sqlText);
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(bin("wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", `.wrangler/e2e-state-${server.port}`, "--file", file], {
        cwd: root,
        env: { ...process.env, CI: "true", WRANGLER_SEND_METRICS: "false" },
        stdio: ["ignore", "ignore", "pipe"],
      });
      return;
    } catch (error) {
      if (attempt >= 5 || !/SQLITE_BUSY|locked/.test(String(error.stderr ?? error))) throw new Error(`${what}: ${error.stderr ?? error}`);
    }
  }
}
const q = (s) => `'${String(s).replaceAll("'", "''")}'`;

// ------------------------------------------------------------------ the run

async function main() {
  log("starting the bench's own server (scripts/e2e-server.mjs on free ports; it needs a build: npm run build)");
  server = await startE2eServer();
  BASE_URL = server.base;
  log(`server at ${BASE_URL}`);

  // Two Python echo questions of 5 cases (1 open, 4 hidden), in a category of their own.
  const seed = [`INSERT INTO categories (id, name) VALUES ('cat-rjb', ${q(CATEGORY)});`];
  for (const id of Q) {
    seed.push(`INSERT INTO questions (id, title, description, language, category, type) VALUES (${q(id)}, ${q(`Echo ${id}`)}, 'Print the line you read.', 'python', ${q(CATEGORY)}, 'coding');`);
    for (let i = 0; i < 5; i++) {
      seed.push(`INSERT INTO test_cases (id, question_id, input, expected_output, points, is_hidden, position) VALUES (${q(`${id}-tc${i}`)}, ${q(id)}, ${q(`line ${i}\n`)}, ${q(`line ${i}\n`)}, 10, ${i > 0 ? 1 : 0}, ${i});`);
    }
  }
  d1(seed.join("\n"), "questions");

  const signIn = await post("/auth", { intent: "login", email: ADMIN.email, password: ADMIN.password });
  if (signIn.status !== 302) throw new Error(`admin sign-in: ${signIn.status}`);
  const admin = cookieOf(signIn);
  const room = async (name) => {
    const created = await action("/admin?index", { intent: "create", roomName: name, category: CATEGORY, questionType: "coding", language: "python", durationMinutes: "60" }, admin);
    await action(`/admin/room/${created.roomId}`, { intent: "enable" }, admin);
    return created.roomId;
  };
  const liveRoom = await room(`Live ${new Date().toISOString()}`);
  const rejudgeRoom = await room(`Rejudged ${new Date().toISOString()}`);

  // The rejudged room: students with a final submission of the first question each (most pass all, some print nothing).
  const now = Date.now();
  const rows = [];
  for (let i = 0; i < REJUDGED; i++) {
    const user = `rjb-user-${i}`;
    const test = `rjb-test-${i}`;
    const good = i % 10 !== 0;
    const passed = good ? JSON.stringify(Q.slice(0, 1).flatMap((qid) => [0, 1, 2, 3, 4].map((n) => `${qid}-tc${n}`))) : "[]";
    rows.push(
      `INSERT INTO user (id, name, email) VALUES (${q(user)}, ${q(`Rejudged ${i}`)}, ${q(`${user}@bench.test`)});`,
      `INSERT INTO room_participants (id, room_id, student_id, full_name, email, category, status) VALUES (${q(`rjb-p-${i}`)}, ${q(rejudgeRoom)}, ${q(user)}, ${q(`Rejudged ${i}`)}, ${q(`${user}@bench.test`)}, ${q(CATEGORY)}, 'completed');`,
      `INSERT INTO student_tests (id, room_id, student_id, total_score, status, is_completed, submitted_at) VALUES (${q(test)}, ${q(rejudgeRoom)}, ${q(user)}, ${good ? 50 : 0}, 'completed', 1, ${now});`,
      `INSERT INTO submissions (id, student_test_id, question_id, question_title, code, language, test_cases_passed, test_cases_total, score, marks_obtained, passed_test_case_ids, submitted_at, judged_at) VALUES (${q(`rjb-sub-${i}`)}, ${q(test)}, ${q(Q[0])}, 'Echo', ${q(good ? "print(input())" : "pass")}, 'python', ${good ? 5 : 0}, 5, ${good ? 100 : 0}, ${good ? 50 : 0}, ${q(passed)}, ${now}, ${now});`,
    );
  }
  d1(rows.join("\n"), "submissions");
  log(`seeded ${REJUDGED} final submissions in room ${rejudgeRoom}`);

  // The live room: students sign up, join with the OTP, and launch once the admin starts it.
  const students = Array.from({ length: LIVE }, (_, n) => ({ n, email: `rjb-live-${n}-${now}@bench.test` }));
  await pool(students, 5, async (s) => {
    const res = await post("/auth", { intent: "signup", fullName: `Live ${s.n}`, email: s.email, password: "bench-rejudge-1234" });
    if (res.status !== 302) throw new Error(`sign-up of ${s.email}: ${res.status}`);
    s.cookie = cookieOf(res);
  });
  const { otp } = await action(`/admin/room/${liveRoom}`, { intent: "generate-otp" }, admin);
  await pool(students, 10, async (s) => {
    const res = await post("/student.data?index", { intent: "join-test", otp }, s.cookie);
    if (res.status >= 400) throw new Error(`join of ${s.email}: ${res.status}`);
    await res.body?.cancel();
  });
  await action(`/admin/room/${liveRoom}`, { intent: "start" }, admin);
  await pool(students, 10, async (s) => {
    const body = new URLSearchParams();
    for (let i = 0; i < 6; i++) body.append("term", String(i));
    const res = await fetch(`${BASE_URL}/test/${liveRoom}/terms`, { method: "POST", headers: { Origin: BASE_URL, Cookie: s.cookie }, body, redirect: "manual" });
    if (res.status !== 302) throw new Error(`launch of ${s.email}: ${res.status}`);
  });
  log(`${LIVE} live students in room ${liveRoom}`);

  // Run Code, pressed again and again; each press's time is kept in the phase it started in.
  const runs = { without: [], with: [], errors: 0 };
  let phase = "warmup";
  let stop = false;
  const presser = async (s) => {
    await sleep(Math.random() * THINK_MS);
    while (!stop) {
      const started = Date.now();
      const at = phase;
      try {
        const res = await post(`/test/${liveRoom}/coding.data`, { intent: "run", questionId: Q[s.n % 2], code: "print(input())" }, s.cookie);
        await res.arrayBuffer();
        if (res.status !== 200) runs.errors++;
        else if (at === phase && runs[at]) runs[at].push(Date.now() - started);
      } catch {
        runs.errors++;
      }
      await sleep(THINK_MS / 2 + Math.random() * THINK_MS);
    }
  };
  const pressing = Promise.all(students.map(presser));

  await sleep(3000);
  phase = "without";
  log(`phase 1: the live room alone for ${BASELINE_SECONDS} s`);
  await sleep(BASELINE_SECONDS * 1000);

  // The admin's results page hears the rejudge's progress on the room's party.
  const url = new URL(BASE_URL);
  const socket = new PartySocket({
    host: url.host,
    protocol: "ws",
    party: "room-party",
    room: rejudgeRoom,
    prefix: "parties",
    WebSocket: class extends WebSocket {
      constructor(u, p) {
        super(u, p, { headers: { Cookie: admin, Origin: BASE_URL } });
      }
    },
  });
  await new Promise((resolve) => socket.addEventListener("open", resolve, { once: true }));
  let lastLog = 0;
  const ready = new Promise((resolve, reject) => {
    socket.addEventListener("message", (event) => {
      const m = JSON.parse(String(event.data));
      if (m.type !== "rejudge-changed") return;
      if (Date.now() - lastLog > 2000) {
        lastLog = Date.now();
        log(`Rejudging ${m.done} / ${m.total}`);
      }
      if (m.state === "ready") resolve(m);
      if (m.state === "failed" || m.state === "cancelled") reject(new Error(`the rejudge ended ${m.state}`));
    });
  });

  // The instructor fixes case 3 of the first question (as the question form would, with grading_changed_at), and rejudges it.
  d1(`UPDATE test_cases SET expected_output = 'line 2 fixed\n' WHERE id = '${Q[0]}-tc2'; UPDATE questions SET grading_changed_at = ${Date.now()} WHERE id = '${Q[0]}';`, "fix-case");
  log("phase 2: rejudge beside the live room");
  phase = "with";
  const rejudgeStart = Date.now();
  const started = await action(`/admin/results/${rejudgeRoom}`, { intent: "rejudge-start", questionId: Q[0] }, admin);
  if (!started.ok) throw new Error(`rejudge-start: ${JSON.stringify(started)}`);
  const done = await Promise.race([ready, sleep(15 * 60_000).then(() => Promise.reject(new Error("the rejudge took over 15 minutes")))]);
  const rejudgeMs = Date.now() - rejudgeStart;
  phase = "after";
  stop = true;
  await pressing;
  socket.close();

  // What the preview found: the results page's loader says how many change.
  const page = await fetch(`${BASE_URL}/admin/results/${rejudgeRoom}`, { headers: { Cookie: admin } });
  const html = await page.text();
  const changed = /(\d+) of (\d+) students? changes?/.exec(html)?.[0] ?? null;

  const p95 = { without: percentile(runs.without, 95), with: percentile(runs.with, 95) };
  const p50 = { without: percentile(runs.without, 50), with: percentile(runs.with, 50) };
  const result = {
    rejudged: done.total,
    rejudgeSeconds: Math.round(rejudgeMs / 100) / 10,
    rejudgeSubmissionsPerSecond: Math.round((done.total / (rejudgeMs / 1000)) * 10) / 10,
    changed,
    liveStudents: LIVE,
    liveRunP95Ms: { without: p95.without, with: p95.with, difference: p95.with - p95.without },
    liveRunP50Ms: { without: p50.without, with: p50.with, difference: p50.with - p50.without },
    liveRuns: { without: runs.without.length, with: runs.with.length, errors: runs.errors },
    targetMs: 1000,
    withinTarget: p95.with - p95.without <= 1000,
  };
  console.log(JSON.stringify(result, null, 2));
}

main()
  .then(cleanUp)
  .catch(async (error) => {
    console.error(error);
    await cleanUp();
    process.exit(1);
  });
