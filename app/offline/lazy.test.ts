import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyLoadsSettled, lazyModule, RETRY_LAZY_LOAD_MS, whenLoaded } from "./lazy";

describe("lazyModule", () => {
  it("loads once, however many ask", async () => {
    let loads = 0;
    const load = lazyModule(async () => ({ n: ++loads }));
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it("forgets a failed load, so the next call tries again", async () => {
    let loads = 0;
    const load = lazyModule(async () => {
      loads++;
      if (loads === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return { ok: true };
    });
    await expect(load()).rejects.toThrow("Failed to fetch");
    await expect(load()).resolves.toEqual({ ok: true });
    await expect(load()).resolves.toEqual({ ok: true });
    expect(loads).toBe(2);
  });

  it("counts among the loads the offline shell waits for", async () => {
    let release = () => {};
    const load = lazyModule(() => new Promise<string>((resolve) => (release = () => resolve("chunk"))));
    void load();
    let settled = false;
    const waiting = lazyLoadsSettled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    release();
    await waiting;
    expect(settled).toBe(true);
  });
});

describe("whenLoaded", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("tries again after a failed load until the module is there, then uses it once", async () => {
    vi.useFakeTimers();
    let loads = 0;
    const used: string[] = [];
    whenLoaded(
      async () => {
        loads++;
        if (loads < 3) throw new TypeError("Failed to fetch dynamically imported module");
        return "module";
      },
      (module) => used.push(module),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(loads).toBe(1);
    expect(used).toEqual([]);
    await vi.advanceTimersByTimeAsync(RETRY_LAZY_LOAD_MS);
    expect(loads).toBe(2);
    await vi.advanceTimersByTimeAsync(RETRY_LAZY_LOAD_MS);
    expect(loads).toBe(3);
    expect(used).toEqual(["module"]);
    await vi.advanceTimersByTimeAsync(RETRY_LAZY_LOAD_MS * 3);
    expect(loads).toBe(3);
  });

  it("once cancelled, neither uses the module nor tries again", async () => {
    vi.useFakeTimers();
    let loads = 0;
    const used: string[] = [];
    let fail = true;
    const cancel = whenLoaded(
      async () => {
        loads++;
        if (fail) throw new TypeError("Failed to fetch dynamically imported module");
        return "module";
      },
      (module) => used.push(module),
    );
    await vi.advanceTimersByTimeAsync(0);
    cancel();
    fail = false;
    await vi.advanceTimersByTimeAsync(RETRY_LAZY_LOAD_MS * 3);
    expect(loads).toBe(1);
    expect(used).toEqual([]);

    // Cancelled while the load is on its way: the module is not used.
    let release = (_: string) => {};
    const late = whenLoaded(() => new Promise<string>((resolve) => (release = resolve)), (module) => used.push(module));
    late();
    release("module");
    await vi.advanceTimersByTimeAsync(0);
    expect(used).toEqual([]);
  });
});
