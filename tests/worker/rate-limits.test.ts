// Issue 13 section 1: wrong join codes and wrong passwords are limited across
// isolates (state in the RateLimiter Durable Object, decision 018), only
// failures count, and a right answer during a lockout is refused as well.
import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN_CODE_IP_FAILURES,
  JOIN_CODE_FAILURES_PER_MINUTE,
  limiterName,
  SIGN_IN_ACCOUNT_FAILURES,
  SIGN_IN_IP_FAILURES,
  type LimitName,
  type LimitState,
} from "~/lib/rate-limits/limits";
import { ADMIN_CODE, call, signUp, uniqueEmail, withoutNonces } from "./helpers";
import { join, makeRoom, one, seedCodingCategory, signUpAdmin } from "./rooms-fixture";

const WRONG_OTP = "000000";

beforeAll(async () => {
  await signUpAdmin();
  await seedCodingCategory("RL-Coding");
});

/** A client address of its own for each test, so no two tests (or runs) share an IP's limit. */
const freshIp = () => `2001:db8:${[0, 0, 0].map(() => Math.floor(Math.random() * 0xffff).toString(16)).join(":")}::1`;

function loginFrom(ip: string, email: string, password: string, path = "/auth") {
  return call(path, {
    method: "POST",
    body: new URLSearchParams({ intent: "login", email, password }),
    headers: { "CF-Connecting-IP": ip },
  });
}

const joinedRoom = (roomId: string, email: string) =>
  one<{ n: number }>("SELECT count(*) AS n FROM room_participants WHERE room_id = ? AND email = ?", roomId, email).then((r) => r.n);

const sessionsOf = (email: string) =>
  one<{ n: number }>("SELECT count(*) AS n FROM session s JOIN user u ON u.id = s.user_id WHERE u.email = ?", email).then((r) => r.n);

const stubOf = (limit: LimitName, key: string) => env.RateLimiter.getByName(limiterName(limit, key));

/** Moves a key's clock back by `ms`, as if that much time had passed. */
async function timePasses(limit: LimitName, key: string, ms: number) {
  await runInDurableObject(stubOf(limit, key), (_instance, state) => {
    const s = state.storage.kv.get<LimitState>("state");
    if (!s) throw new Error(`no state for ${limit} ${key}`);
    state.storage.kv.put<LimitState>("state", {
      failures: s.failures.map((t) => t - ms),
      pending: s.pending.map((t) => t - ms),
      strikes: s.strikes,
      blockedUntil: s.blockedUntil - ms,
      lastFailureAt: s.lastFailureAt - ms,
    });
  });
}

function expectRetryAfter(res: Response, max: number) {
  const seconds = Number(res.headers.get("Retry-After"));
  expect(seconds, `Retry-After: ${res.headers.get("Retry-After")}`).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(max);
  return seconds;
}

// Every wrong password costs a real hash; on 2 busy cores that is slow.
describe("wrong join codes", { timeout: 60_000 }, () => {
  it(`allows ${JOIN_CODE_FAILURES_PER_MINUTE} a minute; the next answers 429 with Retry-After, and the right code is refused too`, async () => {
    const room = await makeRoom("RL-Coding", "coding");
    const s = await signUp({ role: "student" });
    for (let i = 0; i < JOIN_CODE_FAILURES_PER_MINUTE; i++) {
      const res = await join(s.cookie, WRONG_OTP);
      expect(res.status, `wrong code ${i + 1}`).toBe(404);
      expect(await res.text()).toContain("Invalid or expired OTP");
    }
    const limited = await join(s.cookie, WRONG_OTP);
    expect(limited.status).toBe(429);
    expectRetryAfter(limited, 60);
    expect(await limited.text()).toMatch(/Too many wrong codes\. Please wait \d+ (seconds?|minute) and try again\./);

    const right = await join(s.cookie, room.otp);
    expect(right.status).toBe(429);
    expect(await right.text()).toContain("Too many wrong codes");
    expect(await joinedRoom(room.id, s.email)).toBe(0);

    // Another student (same address) is not affected.
    const other = await signUp({ role: "student" });
    expect((await join(other.cookie, WRONG_OTP)).status).toBe(404);
    expect((await join(other.cookie, room.otp)).status).toBe(302);
    expect(await joinedRoom(room.id, other.email)).toBe(1);

    // Once the minute has passed, the right code joins.
    const { id } = await one<{ id: string }>("SELECT id FROM user WHERE email = ?", s.email);
    await timePasses("join-code:student", id, 61_000);
    expect((await join(s.cookie, room.otp)).status).toBe(302);
    expect(await joinedRoom(room.id, s.email)).toBe(1);
  });

  it("the page's fetcher gets the message as action data, with 429 and Retry-After", async () => {
    const s = await signUp({ role: "student" });
    for (let i = 0; i < JOIN_CODE_FAILURES_PER_MINUTE; i++) await join(s.cookie, WRONG_OTP);
    const res = await call("/student.data?index", {
      method: "POST",
      body: new URLSearchParams({ intent: "join-test", otp: WRONG_OTP }),
      cookie: s.cookie,
    });
    expect(res.status).toBe(429);
    expectRetryAfter(res, 60);
    expect(await res.text()).toContain("Too many wrong codes");
  });

  it("only failures count: right codes never slow a student, and do not count as wrong ones", async () => {
    const room = await makeRoom("RL-Coding", "coding");
    const s = await signUp({ role: "student" });
    for (let i = 0; i < 3 * JOIN_CODE_FAILURES_PER_MINUTE; i++) expect((await join(s.cookie, room.otp)).status).toBe(302);
    for (let i = 0; i < JOIN_CODE_FAILURES_PER_MINUTE - 1; i++) expect((await join(s.cookie, WRONG_OTP)).status).toBe(404);
    expect((await join(s.cookie, room.otp)).status).toBe(302);
    // The right code was not a failure: one wrong code is still allowed...
    expect((await join(s.cookie, WRONG_OTP)).status).toBe(404);
    // ...but a right one does not buy more guesses.
    expect((await join(s.cookie, WRONG_OTP)).status).toBe(429);
  });

  it("parallel guesses cannot slip past the check: at most the limit get an answer", async () => {
    const s = await signUp({ role: "student" });
    const statuses = await Promise.all(Array.from({ length: 20 }, () => join(s.cookie, WRONG_OTP).then((r) => r.status)));
    expect(statuses.filter((x) => x === 404)).toHaveLength(JOIN_CODE_FAILURES_PER_MINUTE);
    expect(statuses.filter((x) => x === 429)).toHaveLength(20 - JOIN_CODE_FAILURES_PER_MINUTE);
  });

  it("the limit lives in the Durable Object, shared by every isolate and kept across its eviction", async () => {
    const room = await makeRoom("RL-Coding", "coding");
    const s = await signUp({ role: "student" });
    const { id } = await one<{ id: string }>("SELECT id FROM user WHERE email = ?", s.email);
    const stub = stubOf("join-code:student", id);

    // Two wrong codes through the Worker are in the object's storage...
    for (let i = 0; i < 2; i++) expect((await join(s.cookie, WRONG_OTP)).status).toBe(404);
    const stored = await runInDurableObject(stub, (_i, state) => state.storage.kv.get<LimitState>("state"));
    expect(stored?.failures).toHaveLength(2);
    await evictDurableObject(stub);

    // ...and wrong guesses that another isolate sent straight to the object count for this one.
    for (let i = 2; i < JOIN_CODE_FAILURES_PER_MINUTE; i++) {
      const d = await stub.attempt("join-code:student");
      if (!d.allowed) throw new Error(`guess ${i + 1} refused`);
      await stub.failed("join-code:student", d.at);
    }
    const res = await join(s.cookie, room.otp);
    expect(res.status).toBe(429);
    expect(await joinedRoom(room.id, s.email)).toBe(0);

    // Once nothing in it counts any more, its alarm deletes the state.
    await timePasses("join-code:student", id, 2 * 60_000);
    expect(await runDurableObjectAlarm(stub)).toBe(true);
    expect(await runInDurableObject(stub, (_i, state) => state.storage.kv.get("state"))).toBeUndefined();
  });
});

describe("wrong passwords", { timeout: 120_000 }, () => {
  const tooMany = /Too many failed sign-in attempts\. Please wait \d+ (seconds?|minutes?) and try again\./;

  it(`locks an account after ${SIGN_IN_ACCOUNT_FAILURES} wrong passwords from any address; the right one is refused until the lockout ends`, async () => {
    const { email, password } = await signUp();
    for (let i = 0; i < SIGN_IN_ACCOUNT_FAILURES; i++) {
      // A new address each time: the account's limit does not care where guesses come from.
      const res = await loginFrom(freshIp(), email, `wrong-password-${i}`);
      expect(res.status, `wrong password ${i + 1}`).toBe(401);
      expect(await res.text()).toContain("Invalid email or password");
    }
    const sessions = await sessionsOf(email);
    const refused = await loginFrom(freshIp(), email, password);
    expect(refused.status).toBe(429);
    expectRetryAfter(refused, 60);
    expect(await refused.text()).toMatch(tooMany);
    expect(refused.headers.getSetCookie().some((c) => c.startsWith("better-auth.session_token=") && !c.includes("Max-Age=0"))).toBe(false);
    expect(await sessionsOf(email)).toBe(sessions);

    await timePasses("sign-in:account", email, 61_000);
    const ok = await loginFrom(freshIp(), email, password);
    expect(ok.status).toBe(302);
    for (let i = 0; i < SIGN_IN_ACCOUNT_FAILURES; i++) expect((await loginFrom(freshIp(), email, "wrong-password")).status).toBe(401);
    // A right password cleared the account, so this is the first lockout again.
    expectRetryAfter(await loginFrom(freshIp(), email, password), 60);
  });

  it("backs off: each further lockout of an account is twice as long", async () => {
    const email = uniqueEmail("backoff");
    const ip = freshIp();
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < SIGN_IN_ACCOUNT_FAILURES; i++) expect((await loginFrom(ip, email, "wrong-password")).status).toBe(401);
      const res = await loginFrom(ip, email, "wrong-password");
      expect(res.status).toBe(429);
      waits.push(expectRetryAfter(res, 15 * 60));
      await timePasses("sign-in:account", email, waits.at(-1)! * 1000);
    }
    expect(waits[0]).toBeLessThanOrEqual(60);
    expect(waits[1]).toBeGreaterThan(60);
    expect(waits[1]).toBeLessThanOrEqual(120);
    expect(waits[2]).toBeGreaterThan(180);
    expect(waits[2]).toBeLessThanOrEqual(240);
  });

  it("answers the same whether or not the account exists", async () => {
    const existing = (await signUp()).email;
    const missing = uniqueEmail("nobody");
    const answers: { status: number; body: string; retryAfter: boolean }[][] = [];
    for (const email of [existing, missing]) {
      const ip = freshIp();
      const seen = [];
      for (let i = 0; i <= SIGN_IN_ACCOUNT_FAILURES; i++) {
        const res = await loginFrom(ip, email, "wrong-password");
        seen.push({
          status: res.status,
          body: withoutNonces(await res.text()).replace(/\d+ (seconds?|minutes?)/, "N"),
          retryAfter: res.headers.has("Retry-After"),
        });
      }
      answers.push(seen);
    }
    expect(answers[0]!.map((a) => a.status)).toEqual([...Array(SIGN_IN_ACCOUNT_FAILURES).fill(401), 429]);
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]!.at(-1)!.body).toMatch(/Too many failed sign-in attempts\. Please wait N and try again\./);
    expect(answers[0]!.at(-1)!.retryAfter).toBe(true);
  });

  it(`limits one address to ${SIGN_IN_IP_FAILURES} wrong passwords over any accounts; other addresses are not affected`, async () => {
    const ip = freshIp();
    // Different accounts (none exists), so only the address's limit applies.
    for (let i = 0; i < SIGN_IN_IP_FAILURES; i++) {
      expect((await loginFrom(ip, uniqueEmail("spray"), "wrong-password")).status, `guess ${i + 1}`).toBe(401);
    }
    const { email, password } = await signUp();
    const refused = await loginFrom(ip, email, password);
    expect(refused.status).toBe(429);
    expectRetryAfter(refused, 60);
    expect(await refused.text()).toMatch(tooMany);
    expect(await sessionsOf(email)).toBe(1); // the one sign-up made

    expect((await loginFrom(freshIp(), email, password)).status).toBe(302);
  });

  it("right passwords never count: a user signs in again and again", async () => {
    const { email, password } = await signUp();
    const ip = freshIp();
    for (let i = 0; i < 2 * SIGN_IN_ACCOUNT_FAILURES; i++) expect((await loginFrom(ip, email, password)).status).toBe(302);
    // Typos before a right password are forgiven for the account.
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < SIGN_IN_ACCOUNT_FAILURES - 1; i++) expect((await loginFrom(ip, email, "typo-password")).status).toBe(401);
      expect((await loginFrom(ip, email, password)).status).toBe(302);
    }
  });

  it("a malformed form answers 400 before the limit is asked, and costs nothing", async () => {
    const ip = freshIp();
    const email = uniqueEmail("shape");
    for (let i = 0; i < 2 * SIGN_IN_ACCOUNT_FAILURES; i++) expect((await loginFrom(ip, email, "short")).status).toBe(400);
    expect((await loginFrom(ip, email, "wrong-password")).status).toBe(401);
  });
});

describe("other guesses at a secret", { timeout: 120_000 }, () => {
  const post = (path: string, ip: string, fields: Record<string, string>, cookie?: string) =>
    call(path, { method: "POST", body: new URLSearchParams(fields), headers: { "CF-Connecting-IP": ip }, cookie });

  it("wrong current passwords on Settings count against the account's sign-in limit", async () => {
    const s = await signUp();
    const change = (currentPassword: string) =>
      post("/student/settings", freshIp(), { currentPassword, newPassword: "brand-new-pass", confirmPassword: "brand-new-pass" }, s.cookie);
    for (let i = 0; i < SIGN_IN_ACCOUNT_FAILURES; i++) {
      const res = await change(`not-it-${i}`);
      expect(res.status, `wrong current password ${i + 1}`).toBe(400);
      expect(await res.text()).toContain("Current password is incorrect");
    }
    const refused = await change(s.password);
    expect(refused.status).toBe(429);
    expectRetryAfter(refused, 60);
    expect(await refused.text()).toMatch(/Too many wrong passwords\. Please wait \d+ (seconds?|minute) and try again\./);
    // The password did not change, and signing in to the account waits as well.
    expect((await loginFrom(freshIp(), s.email, s.password)).status).toBe(429);
    await timePasses("sign-in:account", s.email, 61_000);
    expect((await loginFrom(freshIp(), s.email, s.password)).status).toBe(302);
  });

  it(`wrong admin secret codes: ${ADMIN_CODE_IP_FAILURES} per address, then 429 even for the right code; no account is created`, async () => {
    const ip = freshIp();
    const adminSignUp = (email: string, adminCode: string) =>
      post("/auth", ip, { intent: "signup", fullName: "Maybe Admin", email, password: "password123", asAdmin: "on", adminCode });
    for (let i = 0; i < ADMIN_CODE_IP_FAILURES; i++) {
      const res = await adminSignUp(uniqueEmail("guess"), `GUESS-${i}`);
      expect(res.status, `wrong code ${i + 1}`).toBe(403);
      expect(await res.text()).toContain("Invalid admin secret code");
    }
    const email = uniqueEmail("late-admin");
    const refused = await adminSignUp(email, ADMIN_CODE);
    expect(refused.status).toBe(429);
    expectRetryAfter(refused, 60);
    expect(await refused.text()).toMatch(/Too many wrong admin codes\. Please wait \d+ (seconds?|minute) and try again\./);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM user WHERE email = ?", email)).n).toBe(0);
    // From another address the right code works, and right codes never count.
    const elsewhere = freshIp();
    for (let i = 0; i < ADMIN_CODE_IP_FAILURES + 1; i++) {
      const res = await post("/auth", elsewhere, { intent: "signup", fullName: "Real Admin", email: uniqueEmail("admin"), password: "password123", asAdmin: "on", adminCode: ADMIN_CODE });
      expect(res.status).toBe(302);
    }
  });
});
