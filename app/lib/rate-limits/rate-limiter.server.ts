import { DurableObject } from "cloudflare:workers";
import * as limits from "./limits";
import { EMPTY_STATE, expiresAt, isLimitName, LIMITS, type AttemptDecision, type LimitName, type LimitState } from "./limits";

const STATE = "state";

/**
 * One object per limited key (`limiterName(limit, key)`): a student's wrong
 * join codes, an account's or an address's wrong passwords. A Durable Object
 * runs one request at a time, so the check and the count are one step however
 * many isolates ask at once (decision 018). The state is in the object's own
 * storage, read and written synchronously, and deleted by an alarm once
 * nothing in it counts any more.
 */
export class RateLimiter extends DurableObject<Env> {
  /** May this key guess now? An allowed guess counts towards the limit until it is reported. */
  attempt(limit: LimitName): AttemptDecision {
    const policy = LIMITS[checked(limit)];
    const { state, decision } = limits.attempt(this.read(), policy, Date.now());
    this.write(state, limit);
    return decision;
  }

  /** The guess allowed at `at` was right. */
  succeeded(limit: LimitName, at: number): void {
    const policy = LIMITS[checked(limit)];
    this.write(limits.succeed(this.read(), policy, at), limit);
  }

  /** The guess allowed at `at` was wrong. */
  failed(limit: LimitName, at: number): void {
    this.write(limits.fail(this.read(), at), checked(limit));
  }

  /** The attempt allowed at `at` was not made (another limit refused it): it is no failure, and no success either. */
  cancel(limit: LimitName, at: number): void {
    this.write(limits.cancel(this.read(), at), checked(limit));
  }

  async alarm() {
    const state = this.read();
    const limit = this.ctx.storage.kv.get<LimitName>("limit");
    if (!limit || !isLimitName(limit) || Date.now() >= expiresAt(state, LIMITS[limit])) {
      await this.ctx.storage.deleteAll();
    } else {
      await this.ctx.storage.setAlarm(expiresAt(state, LIMITS[limit]));
    }
  }

  private read(): LimitState {
    return this.ctx.storage.kv.get<LimitState>(STATE) ?? EMPTY_STATE;
  }

  private write(state: LimitState, limit: LimitName) {
    this.ctx.storage.kv.put(STATE, state);
    this.ctx.storage.kv.put("limit", limit);
    // Fire-and-forget is safe: the output gate holds the reply until the alarm is stored.
    void this.ctx.storage.setAlarm(expiresAt(state, LIMITS[limit]));
  }
}

function checked(limit: string): LimitName {
  if (!isLimitName(limit)) throw new Error(`Unknown rate limit: ${limit}`);
  return limit;
}
