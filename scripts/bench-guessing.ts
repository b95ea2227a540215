// npm run bench:guessing: how long guessing takes an attacker under the
// configured limits (issue 13, decision 018). Prints JSON on stdout (progress
// on stderr):
//   { limits, joinCodes: { testRoom30s, practiceRoom24h, unthrottled }, passwords, measured }
//
// 1. Computed from the constants in app/lib/rate-limits/limits.ts, whose own
//    attempt() decides every simulated guess: the expected number of guesses,
//    and the time, to find one live 6-digit code from 1 client and from 100
//    (a client is a student account: the join limit is per student), for the
//    30-second test-room code and the 24-hour practice-room code.
// 2. Measured, when a server answers at BASE_URL (default http://localhost:8787,
//    e.g. `npm start`): signs up two throwaway students and sends wrong codes
//    one by one and 20 at once, then wrong passwords for an existing and a
//    missing account, and counts the answers. It writes two accounts and
//    spends 10 of the client address's 50 wrong passwords for 15 minutes.
//    Every request goes to BASE_URL; nothing else is contacted.
import {
  JOIN_CODE_FAILURES_PER_MINUTE,
  LIMITS,
  lockoutMs,
  SIGN_IN_ACCOUNT_FAILURES,
} from "../app/lib/rate-limits/limits.ts";
import { attackOnCode, CODE_SPACE, guessesIn, humanDuration } from "./bench/guessing-math.ts";

const BASE_URL = (process.env.BASE_URL ?? "http://localhost:8787").replace(/\/$/, "");
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const TEST_OTP_MS = 30_000;
const PRACTICE_OTP_MS = DAY;
/** The measurement before the limits: 150 wrong codes in 3 s from one client. */
const UNTHROTTLED_PER_MINUTE = (150 / 3) * 60;
const log = (...parts: unknown[]) => console.error("•", ...parts);

// ------------------------------------------------------------------ computed

function computed() {
  const join = LIMITS["join-code:student"];
  // Sustained, over a day of guessing the instant the limit allows.
  const joinPerMinute = guessesIn(join, DAY) / (DAY / MINUTE);
  const attacks = (perClientPerMinute: number, lifetimeMs: number) => ({
    oneClient: attackOnCode(perClientPerMinute, 1, lifetimeMs),
    hundredClients: attackOnCode(perClientPerMinute, 100, lifetimeMs),
  });
  const account = LIMITS["sign-in:account"];
  const ip = LIMITS["sign-in:ip"];
  return {
    limits: LIMITS,
    codeSpace: CODE_SPACE,
    assumptions: [
      "one live code at a time, replaced by a fresh random code when it expires",
      "a client is one student account (the join-code limit is per student) and guesses the instant the limit allows",
      "guesses within one code's lifetime are all different",
    ],
    joinCodes: {
      perStudentPerMinute: Math.round(joinPerMinute * 100) / 100,
      testRoom30s: attacks(joinPerMinute, TEST_OTP_MS),
      practiceRoom24h: attacks(joinPerMinute, PRACTICE_OTP_MS),
      unthrottled: {
        note: "before the limits: 150 wrong codes in 3 s from one client (issue 13)",
        testRoom30s: attacks(UNTHROTTLED_PER_MINUTE, TEST_OTP_MS),
        practiceRoom24h: attacks(UNTHROTTLED_PER_MINUTE, PRACTICE_OTP_MS),
      },
    },
    passwords: {
      perAccount: {
        note: "from any number of clients together",
        lockoutsMinutes: [0, 1, 2, 3, 4, 5].map((n) => lockoutMs(account, n) / MINUTE),
        guessesFirstHour: guessesIn(account, HOUR),
        guessesPerDay: guessesIn(account, DAY),
      },
      perClientAddress: {
        note: "over any accounts; a classroom behind one address shares it",
        guessesFirstHour: guessesIn(ip, HOUR),
        guessesPerDay: guessesIn(ip, DAY),
      },
    },
  };
}

// ------------------------------------------------------------------ measured

type Tally = Record<string, number>;
const tally = (statuses: number[]): Tally => statuses.reduce<Tally>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

async function post(path: string, fields: Record<string, string>, cookie?: string) {
  const started = performance.now();
  const res = await fetch(`${BASE_URL}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    // Remix refuses a form posted from another origin.
    headers: { Origin: BASE_URL, ...(cookie ? { Cookie: cookie } : {}) },
    redirect: "manual",
  });
  const body = await res.text();
  return { status: res.status, retryAfter: res.headers.get("Retry-After"), body, ms: performance.now() - started, res };
}

async function reachable() {
  try {
    const res = await fetch(`${BASE_URL}/api/health`, { signal: AbortSignal.timeout(3000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function newStudent(label: string) {
  const email = `bench-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@bench.invalid`;
  const password = `bench-${crypto.randomUUID()}`;
  const r = await post("/auth", { intent: "signup", fullName: "Bench Guesser", email, password });
  if (r.status !== 302) throw new Error(`sign-up answered ${r.status}`);
  const cookie = r.res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
  return { email, password, cookie };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function measured() {
  if (!(await reachable())) return { skipped: `no server answered at ${BASE_URL}/api/health (start one with npm start, or set BASE_URL)` };
  // Outside the code space (100000-999999), so never a live code, yet a well-formed one that is looked up.
  const WRONG_OTP = "000000";
  const JOIN = "/student?index";

  log(`wrong join codes one by one at ${BASE_URL}`);
  const a = await newStudent("seq");
  const sequential = [];
  for (let i = 0; i < 2 * JOIN_CODE_FAILURES_PER_MINUTE; i++) sequential.push(await post(JOIN, { intent: "join-test", otp: WRONG_OTP }, a.cookie));

  log("20 wrong join codes at once");
  const b = await newStudent("par");
  const parallel = await Promise.all(Array.from({ length: 20 }, () => post(JOIN, { intent: "join-test", otp: WRONG_OTP }, b.cookie)));

  log("wrong passwords: an existing account and a missing one");
  const signIn = async (email: string) => {
    const answers = [];
    for (let i = 0; i < SIGN_IN_ACCOUNT_FAILURES + 2; i++) answers.push(await post("/auth", { intent: "login", email, password: "wrong-password" }));
    return answers;
  };
  const existing = await signIn(a.email);
  const missing = await signIn(`nobody-${Date.now()}@bench.invalid`);
  const rightAfterLimit = await post("/auth", { intent: "login", email: a.email, password: a.password });
  const message = (body: string) => /Too many failed sign-in attempts[^"\\<]*/.exec(body)?.[0]?.replace(/\d+ (seconds?|minutes?)/, "N") ?? null;
  const shape = (rs: typeof existing) => rs.map((r) => `${r.status}:${message(r.body) ?? ""}:${r.retryAfter ? "Retry-After" : ""}`);

  const first429 = sequential.findIndex((r) => r.status === 429);
  return {
    baseUrl: BASE_URL,
    joinCodes: {
      sequential: {
        attempts: sequential.length,
        statuses: tally(sequential.map((r) => r.status)),
        first429AtAttempt: first429 >= 0 ? first429 + 1 : null,
        retryAfterSeconds: first429 >= 0 ? Number(sequential[first429]!.retryAfter) : null,
        medianMs: Math.round(median(sequential.map((r) => r.ms))),
      },
      parallel: { attempts: parallel.length, statuses: tally(parallel.map((r) => r.status)) },
    },
    passwords: {
      existingAccount: tally(existing.map((r) => r.status)),
      missingAccount: tally(missing.map((r) => r.status)),
      sameAnswersWhetherOrNotTheAccountExists: JSON.stringify(shape(existing)) === JSON.stringify(shape(missing)),
      rightPasswordAfterTheLimit: rightAfterLimit.status,
      retryAfterSeconds: Number(existing.find((r) => r.status === 429)?.retryAfter ?? NaN) || null,
      medianMsPerWrongPassword: Math.round(median(existing.filter((r) => r.status === 401).map((r) => r.ms))),
      medianMsPerRefusal: Math.round(median(existing.filter((r) => r.status === 429).map((r) => r.ms))),
    },
  };
}

const result = computed();
const run = await measured().catch((error: unknown) => ({ failed: String(error) }));
console.log(JSON.stringify({ ...result, measured: run }, null, 2));
log(
  `one live 30-second code: ${result.joinCodes.testRoom30s.oneClient.expectedTime} from 1 client, ${result.joinCodes.testRoom30s.hundredClients.expectedTime} from 100;`,
  `a 24-hour code: ${result.joinCodes.practiceRoom24h.oneClient.expectedTime} and ${result.joinCodes.practiceRoom24h.hundredClients.expectedTime}`,
  `(unthrottled: ${humanDuration(result.joinCodes.unthrottled.testRoom30s.oneClient.expectedTimeMs)} from 1 client)`,
);
