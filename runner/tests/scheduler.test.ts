// The scheduler's priorities: the playground ("low") never delays judging
// ("normal") and can never fill the queue that tests need.
import { describe, expect, it } from "vitest";
import { QueueFullError, Scheduler } from "../src/scheduler.ts";

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe("priorities", () => {
  it("runs a waiting normal task before a low one that arrived earlier", async () => {
    const scheduler = new Scheduler(1, 10, 1000);
    const order: string[] = [];
    const busy = gate();
    const first = scheduler.admit();
    const blocking = first.schedule(async () => {
      order.push("first");
      await busy.opened;
    });
    const low = scheduler.admit({ priority: "low" });
    const normal = scheduler.admit({ priority: "normal" });
    const runs = [
      low.schedule(async () => void order.push("low")),
      normal.schedule(async () => void order.push("normal")),
    ];
    busy.open();
    await Promise.all([blocking, ...runs]);
    expect(order).toEqual(["first", "normal", "low"]);
  });

  it("never interrupts a running low task, but puts a judge's cases before the low request's next task", async () => {
    const scheduler = new Scheduler(1, 10, 1000);
    const order: string[] = [];
    const compiling = gate();
    const low = scheduler.admit({ priority: "low" });
    // The playground's compile is running when a test's judge arrives.
    const lowCompile = low.schedule(async () => {
      order.push("low compile");
      await compiling.opened;
    });
    const judge = scheduler.admit();
    const cases = [1, 2, 3].map((i) => judge.schedule(async () => void order.push(`case ${i}`)));
    compiling.open();
    await lowCompile;
    const lowRun = low.schedule(async () => void order.push("low run"));
    await Promise.all([...cases, lowRun]);
    expect(order).toEqual(["low compile", "case 1", "case 2", "case 3", "low run"]);
  });

  it("keeps the order of arrival within a priority", async () => {
    const scheduler = new Scheduler(1, 10, 1000);
    const order: string[] = [];
    const busy = gate();
    const blocking = scheduler.admit().schedule(() => busy.opened);
    const tickets = ["a", "b", "c"].map((name) => ({ name, ticket: scheduler.admit({ priority: "low" }) }));
    const runs = tickets.reverse().map(({ name, ticket }) => ticket.schedule(async () => void order.push(name)));
    busy.open();
    await Promise.all([blocking, ...runs]);
    expect(order).toEqual(["a", "b", "c"]);
  });
});

describe("admission by priority", () => {
  it("refuses a low request once half the queue waits, while normal requests still get in", () => {
    const scheduler = new Scheduler(1, 4, 1000);
    scheduler.admit({ priority: "low" });
    scheduler.admit();
    expect(() => scheduler.admit({ priority: "low" })).toThrow(QueueFullError);
    scheduler.admit();
    scheduler.admit();
    expect(() => scheduler.admit()).toThrow(QueueFullError);
    expect(scheduler.stats).toMatchObject({ running: 0, waiting: 4 });
  });

  it("admits low requests again when the queue drains", () => {
    const scheduler = new Scheduler(1, 2, 1000);
    const a = scheduler.admit();
    expect(() => scheduler.admit({ priority: "low" })).toThrow(QueueFullError);
    a.done();
    expect(() => scheduler.admit({ priority: "low" })).not.toThrow();
  });

  it("always admits the runner's own start-up work", () => {
    const scheduler = new Scheduler(1, 0, 1000);
    expect(() => scheduler.admit({ internal: true, priority: "low" })).not.toThrow();
  });
});
