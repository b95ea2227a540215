import { describe, expect, it } from "vitest";
import { latestWriter } from "./latest-writer";

function slowStore() {
  const writes: [string, number][] = [];
  let release: (() => void)[] = [];
  const write = (key: string, value: number) =>
    new Promise<void>((resolve) => {
      writes.push([key, value]);
      release.push(resolve);
    });
  const finishAll = async () => {
    while (release.length) {
      const now = release;
      release = [];
      now.forEach((r) => r());
      await new Promise((r) => setTimeout(r, 0));
    }
  };
  return { writes, write, finishAll };
}

describe("latestWriter", () => {
  it("writes the first value at once, and only the newest of a burst after it", async () => {
    const store = slowStore();
    const writer = latestWriter(store.write);
    writer.write("q1", 1);
    expect(store.writes).toEqual([["q1", 1]]);
    for (let v = 2; v <= 50; v++) writer.write("q1", v);
    await store.finishAll();
    await writer.settled();
    expect(store.writes).toEqual([
      ["q1", 1],
      ["q1", 50],
    ]);
  });

  it("never drops one key's value for another's", async () => {
    const store = slowStore();
    const writer = latestWriter(store.write);
    writer.write("q1", 1);
    writer.write("q1", 2);
    writer.write("q2", 7);
    writer.write("q1", 3);
    await store.finishAll();
    await writer.settled();
    expect(store.writes).toEqual([
      ["q1", 1],
      ["q1", 3],
      ["q2", 7],
    ]);
  });

  it("goes on after a failed write, and writes again on the next change", async () => {
    const seen: number[] = [];
    let fail = true;
    const writer = latestWriter(async (_key, value: number) => {
      seen.push(value);
      if (fail) throw new Error("QuotaExceededError");
    });
    writer.write("q1", 1);
    await writer.settled();
    fail = false;
    writer.write("q1", 2);
    await writer.settled();
    expect(seen).toEqual([1, 2]);
  });
});
