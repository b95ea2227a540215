import { describe, expect, it } from "vitest";
import { lazyLoadsSettled, lazyModule } from "./lazy";

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
