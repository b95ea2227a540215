import type { HeadersFunction } from "@remix-run/cloudflare";
import { FormError } from "~/lib/http/forms.server";
import { clientKey, limiterName, MESSAGES, retryAfterSeconds, type LimitName } from "./limits";

export type LimitKey = { limit: LimitName; key: string };

/** A guess refused by a limit: 429 with Retry-After and a message that says how long to wait. */
export class TooManyAttemptsError extends FormError {
  readonly retryAfter: number;
  constructor(message: string, retryAfter: number) {
    super(message, 429, { "Retry-After": String(retryAfter) });
    this.retryAfter = retryAfter;
  }
}

/** The client's address as Cloudflare saw it (a client cannot set it on Cloudflare's edge). */
export const clientAddressKey = (request: Request) => clientKey(request.headers.get("CF-Connecting-IP"));

/** A student's join-code guesses (test rooms now, practice rooms later: the same person guessing). */
export const joinCodeLimits = (studentId: string): LimitKey[] => [{ limit: "join-code:student", key: studentId }];

/** Sign-in guesses: per account (the address as typed, existing or not) and per client address. */
export const signInLimits = (request: Request, email: string): LimitKey[] => [
  { limit: "sign-in:account", key: email.trim().toLowerCase() },
  { limit: "sign-in:ip", key: clientAddressKey(request) },
];

/** Admin sign-up: wrong admin secret codes per client address. */
export const adminCodeLimits = (request: Request): LimitKey[] => [{ limit: "admin-code:ip", key: clientAddressKey(request) }];

/** LTI login initiations per client address (each stores a state in D1). */
export const ltiLoginLimits = (request: Request): LimitKey[] => [{ limit: "lti-login:ip", key: clientAddressKey(request) }];

/** Counts one request that always costs (an LTI login's D1 write) under its limits; throws TooManyAttemptsError when they are used up. */
export async function countRequest(env: Env, keys: LimitKey[], message: (seconds: number) => string): Promise<void> {
  await (await beginAttempt(env, keys, message)).failed();
}

/** One guess under its limits: report how it went. */
export type Attempt = { succeeded(): Promise<void>; failed(): Promise<void> };

/**
 * Asks every limit for one guess BEFORE the guess is checked (the code looked
 * up, the password hashed). The guess counts towards the limits while it is
 * in flight; report it with `failed()` or `succeeded()` (one never reported
 * counts as a failure after a while). When any limit refuses, the others
 * take their count back (no guess was made) and this throws a 429
 * TooManyAttemptsError worded by `message(seconds)`.
 *
 * A limiter that cannot be reached fails the request (500): failing open would
 * let a flood of guesses through whenever the object is overloaded.
 */
export async function beginAttempt(env: Env, keys: LimitKey[], message: (seconds: number) => string): Promise<Attempt> {
  const stubs = keys.map(({ limit, key }) => ({ limit, stub: env.RateLimiter.getByName(limiterName(limit, key)) }));
  const decisions = await Promise.all(stubs.map(({ limit, stub }) => stub.attempt(limit)));
  const each = (call: (stub: (typeof stubs)[number], at: number) => Promise<void>) =>
    Promise.all(stubs.map((s, i) => {
      const d = decisions[i]!;
      return d.allowed ? call(s, d.at) : undefined;
    })).then(() => undefined);
  const refused = decisions.flatMap((d) => (d.allowed ? [] : [d.retryAfterMs]));
  if (refused.length > 0) {
    // Take back the counts of the limits that allowed it, without the reset a success may bring.
    await each(({ limit, stub }, at) => stub.cancel(limit, at));
    const seconds = retryAfterSeconds(Math.max(...refused));
    throw new TooManyAttemptsError(message(seconds), seconds);
  }
  return {
    succeeded: () => each(({ limit, stub }, at) => stub.succeeded(limit, at)),
    failed: () => each(({ limit, stub }, at) => stub.failed(limit, at)),
  };
}

/**
 * Runs one join-code guess under the student's limit: `isWrong(error)` tells
 * a wrong code (a failure that counts) from every other outcome (joined,
 * removed from the room, ...), which does not.
 */
export async function guessJoinCode<T>(env: Env, studentId: string, guess: () => Promise<T>, isWrong: (error: unknown) => boolean): Promise<T> {
  const attempt = await beginAttempt(env, joinCodeLimits(studentId), MESSAGES.joinCode);
  let result: T;
  try {
    result = await guess();
  } catch (error) {
    await (isWrong(error) ? attempt.failed() : attempt.succeeded());
    throw error;
  }
  await attempt.succeeded();
  return result;
}

/**
 * The `headers` export of a route whose action can answer 429: Remix keeps
 * only an action's Set-Cookie unless the route says otherwise, and the
 * client needs Retry-After. Everything else is as without the export.
 */
export const passRetryAfter: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
