// A bounded queue in front of a fixed set of slots. Each slot is one
// unprivileged uid, so sandboxes that run at the same time never share a uid.
// Tasks run in the order of the request they belong to: a request that has
// started (its test cases after its compile) goes before requests that arrived
// later, which keeps latency low under a burst. An accepted request is never
// dropped; a request that finds the queue full is refused up front (429).
//
// Priorities: a "low" request (the playground) runs its tasks only when no
// "normal" task (judging a test, evaluation, practice) waits, and is refused
// once half the queue is taken, so playground traffic can neither delay a
// test's judging nor fill the queue that tests need. A task already running
// is never interrupted.
import type { Priority } from "../../contracts/runner.ts";

export class QueueFullError extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super("Queue full");
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const RANK: Record<Priority, number> = { normal: 0, low: 1 };

type Task = {
  rank: number;
  order: number;
  seq: number;
  run: (uid: number) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

export type Ticket = {
  /** Runs `fn` in a free slot, after the earlier requests' tasks. */
  schedule<T>(fn: (uid: number) => Promise<T>): Promise<T>;
  /** Call when the request is finished (or failed), to free its queue place. */
  done(): void;
};

export class Scheduler {
  private readonly freeUids: number[];
  private readonly tasks: Task[] = [];
  private nextOrder = 0;
  private nextSeq = 0;
  private waitingRequests = 0;
  private activeRequests = 0;
  private recentJobMs = 500;

  readonly concurrency: number;
  private readonly maxQueue: number;

  constructor(concurrency: number, maxQueue: number, uidBase: number) {
    this.concurrency = concurrency;
    this.maxQueue = maxQueue;
    this.freeUids = Array.from({ length: concurrency }, (_, i) => uidBase + i);
  }

  /** For /healthz: how busy, and how big (a pool of runners balances on these). */
  get stats() {
    return { running: this.concurrency - this.freeUids.length, waiting: this.waitingRequests, slots: this.concurrency, maxWaiting: this.maxQueue };
  }

  /** Admits a request or throws QueueFullError; the runner's own start-up work is always admitted. */
  admit({ internal = false, priority = "normal" }: { internal?: boolean; priority?: Priority } = {}): Ticket {
    const limit = priority === "low" ? Math.ceil(this.maxQueue / 2) : this.maxQueue;
    if (!internal && this.waitingRequests >= limit) {
      const seconds = Math.ceil(((this.waitingRequests + 1) * this.recentJobMs) / this.concurrency / 1000);
      throw new QueueFullError(Math.max(1, seconds));
    }
    const rank = RANK[priority];
    const order = this.nextOrder++;
    const admitted = Date.now();
    let started = false;
    let finished = false;
    this.waitingRequests++;
    return {
      schedule: <T>(fn: (uid: number) => Promise<T>) =>
        new Promise<T>((resolve, reject) => {
          const task: Task = {
            rank,
            order,
            seq: this.nextSeq++,
            run: async (uid) => {
              if (!started) {
                started = true;
                this.waitingRequests--;
                this.activeRequests++;
              }
              return fn(uid);
            },
            resolve: resolve as (value: unknown) => void,
            reject,
          };
          this.insert(task);
          this.pump();
        }),
      done: () => {
        if (finished) return;
        finished = true;
        if (started) this.activeRequests--;
        else this.waitingRequests--;
        this.recentJobMs = this.recentJobMs * 0.8 + (Date.now() - admitted) * 0.2;
      },
    };
  }

  private insert(task: Task) {
    // Sorted by (rank, order, seq); new tasks usually belong at the end.
    let i = this.tasks.length;
    while (i > 0 && comesAfter(this.tasks[i - 1]!, task)) i--;
    this.tasks.splice(i, 0, task);
  }

  private pump() {
    while (this.freeUids.length > 0 && this.tasks.length > 0) {
      const task = this.tasks.shift()!;
      const uid = this.freeUids.pop()!;
      task
        .run(uid)
        .then(task.resolve, task.reject)
        .finally(() => {
          this.freeUids.push(uid);
          this.pump();
        });
    }
  }
}

function comesAfter(a: Task, b: Task): boolean {
  if (a.rank !== b.rank) return a.rank > b.rank;
  if (a.order !== b.order) return a.order > b.order;
  return a.seq > b.seq;
}
