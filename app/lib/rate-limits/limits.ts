// Limits on guessing (issue 13, decision 018): how many wrong join codes and
// wrong passwords a key may send before it has to wait, and the pure math of
// one key's state. The RateLimiter Durable Object keeps one such state per key
// and calls these functions; nothing here touches the runtime, so the bench
// (scripts/bench-guessing.ts) and the unit tests import it directly.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export type LimitPolicy = {
  /** Failures a key may make within `windowMs` before it is locked out. */
  maxFailures: number;
  windowMs: number;
  /** The first lockout, counted from the failure that filled the window. */
  lockoutMs: number;
  /** Each further lockout is this many times longer (1: no backoff), up to `maxLockoutMs`. */
  backoff: number;
  maxLockoutMs: number;
  /** After this long without a failure the key starts over (the backoff too). */
  forgetMs: number;
  /** A success clears the key. Only where a success proves the key's owner: never for a shared IP. */
  resetOnSuccess: boolean;
};

/** Wrong join codes a student may enter per minute; the next attempt, right or wrong, answers 429. */
export const JOIN_CODE_FAILURES_PER_MINUTE = 5;
/** Wrong passwords per account (any IP) before a lockout of 1, 2, 4, 8, then 15 minutes. */
export const SIGN_IN_ACCOUNT_FAILURES = 5;
/**
 * Wrong passwords per client IP (any account). Higher than per account: a
 * classroom signs in from behind one address.
 */
export const SIGN_IN_IP_FAILURES = 50;
/** Wrong admin secret codes (admin sign-up) per client IP before a lockout of 1, 2, 4, 8, then 15 minutes. */
export const ADMIN_CODE_IP_FAILURES = 5;
/**
 * LTI login initiations per client IP and minute: each stores a state in D1
 * for 10 minutes. High enough for a lecture hall behind one address launching
 * at the start of a test.
 */
export const LTI_LOGINS_PER_IP_MINUTE = 200;

/** `max` in a minute, then a minute's lockout that never grows: a plain per-minute cap, forgotten a minute later. */
function perMinute(max: number) {
  return { maxFailures: max, windowMs: MINUTE, lockoutMs: MINUTE, backoff: 1, maxLockoutMs: MINUTE, forgetMs: MINUTE };
}

export const LIMITS = {
  // Per student. Shared by test-room and practice-room codes: the same person guessing.
  "join-code:student": {
    ...perMinute(JOIN_CODE_FAILURES_PER_MINUTE),
    // A student who knows one live code must not be able to buy more guesses with it.
    resetOnSuccess: false,
  },
  // Per account (the email as typed, whether or not the account exists).
  "sign-in:account": {
    maxFailures: SIGN_IN_ACCOUNT_FAILURES,
    windowMs: 15 * MINUTE,
    lockoutMs: MINUTE,
    backoff: 2,
    maxLockoutMs: 15 * MINUTE,
    forgetMs: 24 * HOUR,
    resetOnSuccess: true,
  },
  // Per client IP (an IPv6 client by its /64).
  "sign-in:ip": {
    maxFailures: SIGN_IN_IP_FAILURES,
    windowMs: 15 * MINUTE,
    lockoutMs: MINUTE,
    backoff: 2,
    maxLockoutMs: 15 * MINUTE,
    forgetMs: HOUR,
    resetOnSuccess: false,
  },
  // Per client IP: the admin sign-up code is one secret shared by every admin.
  "admin-code:ip": {
    maxFailures: ADMIN_CODE_IP_FAILURES,
    windowMs: 15 * MINUTE,
    lockoutMs: MINUTE,
    backoff: 2,
    maxLockoutMs: 15 * MINUTE,
    forgetMs: 24 * HOUR,
    resetOnSuccess: false,
  },
  // Per client IP: every LTI login initiation counts (it writes a state), so each is reported as a "failure".
  "lti-login:ip": { ...perMinute(LTI_LOGINS_PER_IP_MINUTE), resetOnSuccess: false },
} as const satisfies Record<string, LimitPolicy>;

export type LimitName = keyof typeof LIMITS;

export const isLimitName = (name: string): name is LimitName => Object.hasOwn(LIMITS, name);

/** The name of the RateLimiter Durable Object that holds one key of one limit. */
export const limiterName = (limit: LimitName, key: string) => `${limit}|${key}`;

/**
 * One key's state. An allowed attempt is `pending` until its caller reports
 * it: a wrong guess becomes one of the `failures`, a right one is dropped.
 */
export type LimitState = {
  failures: number[];
  pending: number[];
  /** Lockouts so far; the next one lasts lockoutMs x backoff^strikes. */
  strikes: number;
  blockedUntil: number;
  lastFailureAt: number;
};

export const EMPTY_STATE: LimitState = { failures: [], pending: [], strikes: 0, blockedUntil: 0, lastFailureAt: 0 };

/** An attempt never reported after this long (its request died) counts as a failure. */
export const PENDING_MS = 30 * SECOND;
/** The wait asked of an attempt refused only because others are still in flight. */
export const IN_FLIGHT_RETRY_MS = SECOND;

export type AttemptDecision = { allowed: true; at: number } | { allowed: false; retryAfterMs: number };

/** How long the lockout after `strikes` earlier ones lasts. */
export function lockoutMs(policy: LimitPolicy, strikes: number): number {
  return Math.min(policy.lockoutMs * policy.backoff ** strikes, policy.maxLockoutMs);
}

/** What still counts at `now`: nothing once forgotten; else failures and attempts in the window. */
function current(state: LimitState, policy: LimitPolicy, now: number): LimitState {
  const s = { ...EMPTY_STATE, ...state };
  if (s.pending.length === 0 && s.blockedUntil <= now && now - s.lastFailureAt >= policy.forgetMs) return EMPTY_STATE;
  const inWindow = (t: number) => t > now - policy.windowMs;
  const stale = s.pending.filter((t) => t <= now - PENDING_MS);
  return {
    ...s,
    failures: [...s.failures, ...stale].filter(inWindow),
    pending: s.pending.filter((t) => t > now - PENDING_MS).filter(inWindow),
  };
}

/**
 * Asks to make one guess at `now`, before the guess is checked. Failures fill
 * the window; a full window locks the key out from its last failure, and
 * while locked out every attempt, right or wrong, is refused and counts for
 * nothing. Attempts still in flight count towards the window too, so parallel
 * guesses cannot all pass one check; but only reported failures lock a key
 * out, so a burst of right answers in flight (a classroom signing in) is at
 * worst asked to wait a second.
 */
export function attempt(state: LimitState, policy: LimitPolicy, now: number): { state: LimitState; decision: AttemptDecision } {
  let s = current(state, policy, now);
  if (s.failures.length >= policy.maxFailures) {
    const last = Math.max(...s.failures);
    s = { ...s, failures: [], strikes: s.strikes + 1, blockedUntil: last + lockoutMs(policy, s.strikes) };
  }
  if (now < s.blockedUntil) return { state: s, decision: { allowed: false, retryAfterMs: s.blockedUntil - now } };
  if (s.failures.length + s.pending.length >= policy.maxFailures) {
    return { state: s, decision: { allowed: false, retryAfterMs: IN_FLIGHT_RETRY_MS } };
  }
  s = { ...s, pending: [...s.pending, now], lastFailureAt: now };
  return { state: s, decision: { allowed: true, at: now } };
}

const without = (list: number[], at: number) => {
  const i = list.indexOf(at);
  return i < 0 ? list : list.filter((_, j) => j !== i);
};

/** The guess allowed at `at` was wrong. */
export function fail(state: LimitState, at: number): LimitState {
  const s = { ...EMPTY_STATE, ...state };
  if (!s.pending.includes(at)) return s; // already counted (it went stale) or forgotten
  return { ...s, pending: without(s.pending, at), failures: [...s.failures, at] };
}

/** The attempt allowed at `at` was not made (another limit refused it): no failure, and no success either. */
export function cancel(state: LimitState, at: number): LimitState {
  const s = { ...EMPTY_STATE, ...state };
  return { ...s, pending: without(s.pending, at), failures: without(s.failures, at) };
}

/** The guess made at `at` was right: not a failure, and the key starts over where the policy says so. */
export function succeed(state: LimitState, policy: LimitPolicy, at: number): LimitState {
  const s = cancel(state, at);
  // Other attempts still in flight keep counting.
  return policy.resetOnSuccess ? { ...EMPTY_STATE, pending: s.pending, lastFailureAt: s.lastFailureAt } : s;
}

/** When the state no longer matters and may be deleted. */
export function expiresAt(state: LimitState, policy: LimitPolicy): number {
  return Math.max(state.blockedUntil, state.lastFailureAt + Math.max(policy.windowMs, policy.forgetMs));
}

/** Retry-After in whole seconds, never 0. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / SECOND));
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export const MESSAGES = {
  joinCode: (seconds: number) => `Too many wrong codes. Please wait ${waitText(seconds)} and try again.`,
  // The same words whether or not the account exists, and for the account's limit or the IP's.
  signIn: (seconds: number) => `Too many failed sign-in attempts. Please wait ${waitText(seconds)} and try again.`,
  // Change password: the current password counts against the same limits as signing in.
  currentPassword: (seconds: number) => `Too many wrong passwords. Please wait ${waitText(seconds)} and try again.`,
  adminCode: (seconds: number) => `Too many wrong admin codes. Please wait ${waitText(seconds)} and try again.`,
  ltiLogin: (seconds: number) => `Too many LMS launches from your network. Please wait ${waitText(seconds)} and try again.`,
};

/**
 * The rate-limit key of a client address (Cloudflare's CF-Connecting-IP). An
 * IPv6 client usually holds a whole /64, so that is its key; one without an
 * address (local tools) shares "unknown".
 */
export function clientKey(address: string | null | undefined): string {
  const ip = address?.trim().toLowerCase();
  if (!ip) return "unknown";
  if (!ip.includes(":")) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (mapped) return mapped[1]!;
  const [head = "", tail] = ip.split("::", 2);
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  const prefix = groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, ""));
  return `${prefix.join(":")}::/64`;
}
