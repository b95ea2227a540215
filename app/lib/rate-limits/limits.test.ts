import { describe, expect, it } from "vitest";
import {
  attempt,
  cancel,
  clientKey,
  fail,
  IN_FLIGHT_RETRY_MS,
  PENDING_MS,
  EMPTY_STATE,
  expiresAt,
  LIMITS,
  lockoutMs,
  MESSAGES,
  retryAfterSeconds,
  succeed,
  type LimitPolicy,
  type LimitState,
} from "./limits";

const S = 1000;
const M = 60 * S;

/** Runs `n` guesses at the given times (all wrong unless listed in `right`); returns the decisions and the state. */
function run(policy: LimitPolicy, times: number[], right: number[] = [], from: LimitState = EMPTY_STATE) {
  let state = from;
  const decisions = times.map((now) => {
    const r = attempt(state, policy, now);
    state = r.state;
    if (r.decision.allowed) state = right.includes(now) ? succeed(state, policy, r.decision.at) : fail(state, r.decision.at);
    return r.decision;
  });
  return { decisions, state };
}

const allowed = (ds: { allowed: boolean }[]) => ds.map((d) => d.allowed);

describe("wrong join codes (5 a minute per student)", () => {
  const join = LIMITS["join-code:student"];

  it("allows 5 wrong codes, refuses the 6th with the rest of the minute from the 5th", () => {
    const { decisions } = run(join, [0, 1 * S, 2 * S, 3 * S, 4 * S, 10 * S]);
    expect(allowed(decisions)).toEqual([true, true, true, true, true, false]);
    expect(decisions[5]).toEqual({ allowed: false, retryAfterMs: 4 * S + M - 10 * S });
  });

  it("refuses every attempt, the right code too, until the lockout ends; then allows 5 more", () => {
    const first = run(join, [0, 1, 2, 3, 4, 5 * S]);
    const during = attempt(first.state, join, 60 * S + 3);
    expect(during.decision.allowed).toBe(false);
    // A refused attempt is not a failure: it does not extend the lockout.
    expect(during.state.blockedUntil).toBe(first.state.blockedUntil);
    const after = run(join, [60 * S + 4, 61 * S, 62 * S, 63 * S, 64 * S, 65 * S], [], during.state);
    expect(allowed(after.decisions)).toEqual([true, true, true, true, true, false]);
  });

  it("never lets more than 5 wrong codes through in any minute", () => {
    // One guess every 100 ms for 10 minutes.
    const times = Array.from({ length: 6000 }, (_, i) => i * 100);
    const { decisions } = run(join, times);
    const through = times.filter((_, i) => decisions[i]!.allowed);
    for (const t of through) expect(through.filter((u) => u >= t && u < t + M).length).toBeLessThanOrEqual(5);
    expect(through.length).toBeGreaterThanOrEqual(45);
  });

  it("a right code is not a failure, but does not wipe earlier failures either", () => {
    const { decisions, state } = run(join, [0, 1, 2, 3, 4, 5, 6], [4, 5]);
    expect(allowed(decisions)).toEqual([true, true, true, true, true, true, true]);
    expect(state.failures).toEqual([0, 1, 2, 3, 6]);
    expect(attempt(state, join, 7).decision.allowed).toBe(false);
  });

  it("failures older than a minute no longer count", () => {
    const { decisions } = run(join, [0, 1, 2, 3, M + 10, M + 11, M + 12, M + 13]);
    expect(allowed(decisions)).toEqual(Array(8).fill(true));
  });

  it("guesses in flight count: 5 parallel attempts fill the window, the rest are asked to wait before any answer", () => {
    let state = EMPTY_STATE;
    const results = Array.from({ length: 20 }, () => {
      const r = attempt(state, join, 1000);
      state = r.state;
      return r.decision;
    });
    expect(results.filter((d) => d.allowed)).toHaveLength(5);
    expect(results.filter((d) => !d.allowed)).toEqual(Array(15).fill({ allowed: false, retryAfterMs: IN_FLIGHT_RETRY_MS }));
    // Once the 5 are reported wrong, the key is locked out for the minute.
    for (let i = 0; i < 5; i++) state = fail(state, 1000);
    expect(attempt(state, join, 1500).decision).toEqual({ allowed: false, retryAfterMs: M - 500 });
  });

  it("an attempt never reported (its request died) counts as a failure after 30 s", () => {
    let state = EMPTY_STATE;
    for (let i = 0; i < 5; i++) state = attempt(state, join, i).state;
    const later = attempt(state, join, PENDING_MS + 10);
    expect(later.decision.allowed).toBe(false);
    expect(later.state.strikes).toBe(1);
  });
});

describe("wrong passwords (per account, with backoff)", () => {
  const account = LIMITS["sign-in:account"];

  it("locks out for 1, 2, 4, 8, then 15 minutes", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => lockoutMs(account, n) / M)).toEqual([1, 2, 4, 8, 15, 15, 15]);
  });

  it("5 wrong passwords, then each further round of 5 waits twice as long", () => {
    let state = EMPTY_STATE;
    let now = 0;
    const waits: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 5; i++) {
        const r = attempt(state, account, now);
        if (!r.decision.allowed) throw new Error("expected an allowed guess");
        state = fail(r.state, r.decision.at);
        now += S;
      }
      const refused = attempt(state, account, now);
      state = refused.state;
      if (refused.decision.allowed) throw new Error("expected a lockout");
      waits.push(Math.round((refused.decision.retryAfterMs + S) / M));
      now += refused.decision.retryAfterMs;
    }
    expect(waits).toEqual([1, 2, 4, 8, 15]);
  });

  it("a right password clears the account", () => {
    const { state } = run(account, [0, 1, 2, 3, 4], [4]);
    expect(state).toMatchObject({ failures: [], pending: [], strikes: 0, blockedUntil: 0 });
  });

  it("a cancelled attempt (another limit refused it) takes back its count but does not clear the account", () => {
    const { state } = run(account, [0, 1, 2]);
    const withAttempt = attempt(state, account, 3).state;
    expect(withAttempt.pending).toEqual([3]);
    expect(cancel(withAttempt, 3)).toEqual({ ...withAttempt, pending: [] });
    expect(cancel(withAttempt, 3).failures).toEqual([0, 1, 2]);
    expect(cancel(withAttempt, 99)).toEqual(withAttempt);
  });

  it("a right password clears the account's failures, but not other attempts still in flight", () => {
    let state = run(account, [0, 1, 2]).state;
    state = attempt(state, account, 10).state;
    state = attempt(state, account, 11).state;
    state = succeed(state, account, 11);
    expect(state.failures).toEqual([]);
    expect(state.pending).toEqual([10]);
  });

  it("forgets the backoff after a day without failures", () => {
    const first = run(account, [0, 1, 2, 3, 4, 5]);
    expect(first.state.strikes).toBe(1);
    const next = attempt(first.state, account, 24 * 60 * M + 10);
    expect(next.state.strikes).toBe(0);
    expect(next.state.failures).toEqual([]);
    expect(next.state.pending).toEqual([24 * 60 * M + 10]);
  });
});

describe("wrong passwords per IP", () => {
  const ip = LIMITS["sign-in:ip"];

  it("a classroom's burst of right passwords in flight never locks the address out", () => {
    let state = EMPTY_STATE;
    const decisions = Array.from({ length: 60 }, () => {
      const r = attempt(state, ip, 5000);
      state = r.state;
      return r.decision;
    });
    expect(decisions.filter((d) => d.allowed)).toHaveLength(50);
    expect(decisions.filter((d) => !d.allowed && d.retryAfterMs === IN_FLIGHT_RETRY_MS)).toHaveLength(10);
    for (const d of decisions) if (d.allowed) state = succeed(state, ip, d.at);
    expect(state).toMatchObject({ failures: [], pending: [], strikes: 0, blockedUntil: 0 });
    expect(attempt(state, ip, 6000).decision.allowed).toBe(true);
  });

  it("allows a classroom's typos (50) before a lockout, and a success does not reset a shared address", () => {
    const times = Array.from({ length: 51 }, (_, i) => i * S);
    const { decisions } = run(ip, times);
    expect(decisions.filter((d) => d.allowed)).toHaveLength(50);
    const withSuccess = run(ip, [0, 1, 2], [2]);
    expect(withSuccess.state.failures).toEqual([0, 1]);
  });
});

describe("wrong admin secret codes per IP", () => {
  it("allows 5, then locks out for 1, 2, 4 minutes; a right code does not reset the address", () => {
    const admin = LIMITS["admin-code:ip"];
    const { decisions } = run(admin, [0, 1, 2, 3, 4, 5]);
    expect(allowed(decisions)).toEqual([true, true, true, true, true, false]);
    expect([0, 1, 2].map((n) => lockoutMs(admin, n) / M)).toEqual([1, 2, 4]);
    expect(run(admin, [0, 1, 2], [2]).state.failures).toEqual([0, 1]);
  });
});

describe("helpers", () => {
  it("state expires once nothing in it counts any more", () => {
    const { state } = run(LIMITS["join-code:student"], [0, 1, 2, 3, 4, 5 * S]);
    expect(expiresAt(state, LIMITS["join-code:student"])).toBe(M + 4);
  });

  it("Retry-After is whole seconds, at least 1", () => {
    expect([0, 1, 999, 1000, 1001, 59_001].map(retryAfterSeconds)).toEqual([1, 1, 1, 1, 2, 60]);
  });

  it("messages say how long to wait, in seconds or minutes", () => {
    expect(MESSAGES.joinCode(1)).toBe("Too many wrong codes. Please wait 1 second and try again.");
    expect(MESSAGES.joinCode(45)).toBe("Too many wrong codes. Please wait 45 seconds and try again.");
    expect(MESSAGES.signIn(60)).toBe("Too many failed sign-in attempts. Please wait 1 minute and try again.");
    expect(MESSAGES.signIn(61)).toBe("Too many failed sign-in attempts. Please wait 2 minutes and try again.");
  });

  it.each([
    [null, "unknown"],
    ["", "unknown"],
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:aaaa::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:db8:1:2::", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
  ])("the key of %j is %j", (address, key) => {
    expect(clientKey(address)).toBe(key);
  });
});
