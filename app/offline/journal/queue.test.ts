import { afterEach, describe, expect, it, vi } from "vitest";
import type { JournalEntry as Entry } from "~/lib/student-tests/journal-protocol";
import { lockRunner } from "./locks";
import { createQueue, MAX_BATCH_BYTES, MAX_BATCH_ENTRIES, takeBatch } from "./queue";
import { STORAGE_FULL_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE, type JournalStorage } from "./storage";

type Method = keyof JournalStorage;

/** A storage in memory whose methods can be made to fail, one by one. */
function fakeStorage() {
  const rows = new Map<number, Entry>();
  let next = 0;
  const failing: Partial<Record<Method, Error>> = {};
  const check = (method: Method) => {
    if (failing[method]) throw failing[method];
  };
  const storage: JournalStorage = {
    async add(_testId, minSeq, build) {
      check("add");
      const seq = Math.max(next, minSeq);
      const entry = build(seq);
      rows.set(seq, entry);
      next = seq + 1;
      return entry;
    },
    async putMany(_testId, entries) {
      check("putMany");
      for (const e of entries) rows.set(e.seq, e);
      next = Math.max(next, ...entries.map((e) => e.seq + 1));
    },
    async list(_testId, limit) {
      check("list");
      return [...rows.values()].sort((a, b) => a.seq - b.seq).slice(0, limit);
    },
    async count() {
      check("count");
      return rows.size;
    },
    async remove(_testId, seqs) {
      check("remove");
      for (const seq of seqs) rows.delete(seq);
    },
  };
  return { storage, rows, failing };
}

let counter = 0;
function queueOver(storage: JournalStorage, testId = `queue-${counter++}`) {
  const onChange = vi.fn();
  const queue = createQueue({ testId, storage, withLock: lockRunner(null), onChange });
  return { queue, onChange };
}
const fields = (code: string) => ({ id: `id-${code}`, kind: "code" as const, payload: { code }, createdAt: 1 });
const codes = (entries: Entry[]) => entries.map((e) => e.payload.code);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("takeBatch", () => {
  const entries = Array.from({ length: 10 }, (_, seq): Entry => ({ ...fields(`c${seq}`), seq }));
  const size = (e: Entry) => new TextEncoder().encode(JSON.stringify(e)).length;

  it("takes at most maxEntries, in the order given", () => {
    expect(takeBatch(entries, 4).map((e) => e.seq)).toEqual([0, 1, 2, 3]);
    expect(takeBatch(entries, 100)).toHaveLength(10);
  });

  it("stops before the entry that would pass maxBytes of UTF-8", () => {
    expect(takeBatch(entries, 100, size(entries[0]!) * 2.5)).toHaveLength(2);
    const wide = { ...entries[0]!, payload: { code: "é".repeat(100) } }; // 2 bytes each in UTF-8
    expect(takeBatch([wide, entries[1]!], 100, size(wide) + 10)).toHaveLength(1);
  });

  it("always takes the first entry, even one larger than maxBytes (the server says whether it is too large)", () => {
    const big = { ...entries[0]!, payload: { code: "x".repeat(MAX_BATCH_BYTES) } };
    expect(takeBatch([big, entries[1]!], 100)).toEqual([big]);
  });
});

describe("the journal's queue", () => {
  it("gives entries increasing seqs and counts them pending", async () => {
    const { storage, rows } = fakeStorage();
    const { queue } = queueOver(storage);
    const added = [await queue.add(fields("a")), await queue.add(fields("b")), await queue.add(fields("c"))];
    expect(added.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(added[0]).toMatchObject(fields("a"));
    expect([...rows.keys()]).toEqual([0, 1, 2]);
    expect(queue.pending()).toBe(3);
    expect(queue.storageError()).toBeNull();
  });

  it("holds an entry in memory when storage fails, says why, and goes on counting seqs", async () => {
    const { storage, rows, failing } = fakeStorage();
    const { queue, onChange } = queueOver(storage);
    await queue.add(fields("a"));
    failing.add = new DOMException("full", "QuotaExceededError");
    const b = await queue.add(fields("b"));
    expect(b.seq).toBe(1);
    expect(rows.size).toBe(1);
    expect(queue.storageError()).toBe(STORAGE_FULL_MESSAGE);
    expect(onChange).toHaveBeenCalled();
    expect(queue.pending()).toBe(2);
    expect(codes(await queue.unsynced())).toEqual(["a", "b"]);

    // Storage works again: repair moves the entry into it, and the error clears.
    delete failing.add;
    await queue.repair();
    expect(queue.storageError()).toBeNull();
    expect([...rows.keys()]).toEqual([0, 1]);
    expect((await queue.add(fields("c"))).seq).toBe(2);
  });

  it("keeps memory-held entries while storage still fails to take them", async () => {
    const { storage, failing } = fakeStorage();
    const { queue } = queueOver(storage);
    failing.add = new Error("boom");
    failing.putMany = new Error("boom");
    await queue.add(fields("a"));
    await queue.repair();
    expect(queue.storageError()).toBe(STORAGE_UNAVAILABLE_MESSAGE);
    expect(codes(await queue.unsynced())).toEqual(["a"]);
    expect(queue.pending()).toBe(1);
  });

  it("after a reload with storage broken, does not reuse a seq (the highest is mirrored in localStorage)", async () => {
    const local = new Map<string, string>();
    vi.stubGlobal("localStorage", { getItem: (k: string) => local.get(k) ?? null, setItem: (k: string, v: string) => void local.set(k, v) });
    const testId = `queue-reload-${counter++}`;
    const before = queueOver(fakeStorage().storage, testId).queue;
    for (const code of ["a", "b", "c"]) await before.add(fields(code));
    const broken = fakeStorage();
    broken.failing.add = new Error("boom");
    broken.failing.list = new Error("boom");
    const after = queueOver(broken.storage, testId).queue;
    expect((await after.add(fields("d"))).seq).toBe(3);
  });

  it("lists storage and memory together in seq order, each entry once", async () => {
    const { storage, rows, failing } = fakeStorage();
    const { queue } = queueOver(storage);
    await queue.add(fields("a"));
    failing.add = new Error("boom");
    await queue.add(fields("b"));
    await queue.add(fields("c"));
    // A write that reached storage but whose answer was lost: the entries are in storage and still in memory.
    const putMany = storage.putMany;
    storage.putMany = async (...args) => {
      await putMany(...args);
      throw new Error("lost answer");
    };
    await queue.repair();
    expect([...rows.keys()]).toEqual([0, 1, 2]);
    const unsynced = await queue.unsynced();
    expect(unsynced.map((e) => e.seq)).toEqual([0, 1, 2]);
    expect(codes(unsynced)).toEqual(["a", "b", "c"]);
    expect(codes(await queue.nextBatch())).toEqual(["a", "b", "c"]);
  });

  it("sends what memory holds when storage cannot list, and says so", async () => {
    const { storage, failing } = fakeStorage();
    const { queue } = queueOver(storage);
    await queue.add(fields("stored"));
    failing.add = new Error("boom");
    await queue.add(fields("memory"));
    delete failing.add;
    failing.putMany = new Error("boom");
    failing.list = new Error("boom");
    await queue.repair();
    expect(codes(await queue.nextBatch())).toEqual(["memory"]);
    expect(queue.storageError()).toBe(STORAGE_UNAVAILABLE_MESSAGE);
  });

  it("batches at most 100 entries in seq order, halves after a 413, and starts over at 100 once empty", async () => {
    const { storage } = fakeStorage();
    const { queue } = queueOver(storage);
    for (let i = 0; i < 150; i++) await queue.add(fields(`c${i}`));
    const first = await queue.nextBatch();
    expect(first).toHaveLength(MAX_BATCH_ENTRIES);
    expect(first.map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i));

    queue.shrinkBatch(first.length);
    expect(await queue.nextBatch()).toHaveLength(50);
    queue.shrinkBatch(50);
    expect(await queue.nextBatch()).toHaveLength(25);
    queue.shrinkBatch(1);
    expect(await queue.nextBatch()).toHaveLength(1);

    await queue.settle(await queue.unsynced());
    expect(await queue.nextBatch()).toEqual([]);
    for (let i = 0; i < 150; i++) await queue.add(fields(`d${i}`));
    expect(await queue.nextBatch()).toHaveLength(MAX_BATCH_ENTRIES);
  });

  it("a held-back entry stays pending and listed, but is in no batch, even one of a single entry", async () => {
    const { storage } = fakeStorage();
    const { queue } = queueOver(storage);
    const [a] = [await queue.add(fields("a")), await queue.add(fields("b")), await queue.add(fields("c"))];
    expect(queue.holdBack(a!)).toBe(1);
    expect(codes(await queue.nextBatch())).toEqual(["b", "c"]);
    queue.shrinkBatch(2);
    expect(codes(await queue.nextBatch())).toEqual(["b"]);
    expect(codes(await queue.unsynced())).toEqual(["a", "b", "c"]);
    expect(queue.pending()).toBe(3);
  });

  it("settled entries leave the queue; if storage cannot delete them they are never listed again, and repair deletes them later", async () => {
    const { storage, rows, failing } = fakeStorage();
    const { queue } = queueOver(storage);
    const a = await queue.add(fields("a"));
    await queue.add(fields("b"));
    failing.remove = new Error("boom");
    await queue.settle([a]);
    expect(rows.has(a.seq)).toBe(true);
    expect(codes(await queue.unsynced())).toEqual(["b"]);
    expect(codes(await queue.nextBatch())).toEqual(["b"]);
    expect(queue.pending()).toBe(1);

    delete failing.remove;
    await queue.repair();
    expect([...rows.keys()]).toEqual([1]);
    expect(queue.pending()).toBe(1);
  });

  it("a settled memory-held entry just leaves memory", async () => {
    const { storage, failing } = fakeStorage();
    const { queue } = queueOver(storage);
    failing.add = new Error("boom");
    const a = await queue.add(fields("a"));
    const remove = vi.spyOn(storage, "remove");
    await queue.settle([a]);
    expect(remove).not.toHaveBeenCalled();
    expect(await queue.unsynced()).toEqual([]);
    expect(queue.pending()).toBe(0);
  });

  it("recount picks up what another tab stored", async () => {
    const { storage } = fakeStorage();
    const mine = queueOver(storage).queue;
    const other = queueOver(storage).queue;
    await other.add(fields("a"));
    await other.add(fields("b"));
    expect(mine.pending()).toBe(0);
    await mine.recount();
    expect(mine.pending()).toBe(2);
  });
});
