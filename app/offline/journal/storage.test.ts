import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import type { JournalEntry as Entry } from "~/lib/student-tests/journal-protocol";
import { createIdbJournalStorage, STORAGE_FULL_MESSAGE, STORAGE_UNAVAILABLE_MESSAGE, storageMessage } from "./storage";

let counter = 0;
const newTestId = () => `storage-${Date.now()}-${counter++}`;
const entry = (seq: number, code = `v${seq}`): Entry => ({ id: `id-${seq}-${code}`, seq, kind: "code", payload: { code }, createdAt: 1 });

describe("IndexedDB journal storage", () => {
  it("allocates each test's seqs from 0, never below minSeq, and stores the built entry", async () => {
    const storage = createIdbJournalStorage();
    const testId = newTestId();
    const other = newTestId();
    const seqs: number[] = [];
    for (const minSeq of [0, 0, 5, 0]) seqs.push((await storage.add(testId, minSeq, (seq) => entry(seq))).seq);
    expect(seqs).toEqual([0, 1, 5, 6]);
    // Another test has its own counter.
    expect((await storage.add(other, 0, (seq) => entry(seq))).seq).toBe(0);
    expect((await storage.list(testId)).map((e) => e.payload.code)).toEqual(["v0", "v1", "v5", "v6"]);
  });

  it("lists a test's entries in numeric seq order, the first `limit` if given, and none of another test's", async () => {
    const storage = createIdbJournalStorage();
    const testId = newTestId();
    // A test id that extends this one must not fall inside its key range.
    await storage.putMany(`${testId}0`, [entry(1, "other")]);
    await storage.putMany(testId, [entry(10), entry(2), entry(9)]);
    expect((await storage.list(testId)).map((e) => e.seq)).toEqual([2, 9, 10]);
    expect((await storage.list(testId, 2)).map((e) => e.seq)).toEqual([2, 9]);
    expect(await storage.count(testId)).toBe(3);
  });

  it("putMany moves the seq counter past the entries it stores, never back", async () => {
    const storage = createIdbJournalStorage();
    const testId = newTestId();
    await storage.putMany(testId, [entry(3), entry(7)]);
    expect((await storage.add(testId, 0, (seq) => entry(seq))).seq).toBe(8);
    await storage.putMany(testId, [entry(1)]);
    expect((await storage.add(testId, 0, (seq) => entry(seq))).seq).toBe(9);
  });

  it("removes only the seqs it is given", async () => {
    const storage = createIdbJournalStorage();
    const testId = newTestId();
    for (let i = 0; i < 4; i++) await storage.add(testId, 0, (seq) => entry(seq));
    await storage.remove(testId, [0, 2]);
    expect((await storage.list(testId)).map((e) => e.seq)).toEqual([1, 3]);
    expect(await storage.count(testId)).toBe(2);
    // The counter stays: a removed seq is never given out again.
    expect((await storage.add(testId, 0, (seq) => entry(seq))).seq).toBe(4);
  });

  it("an empty test lists nothing and counts 0", async () => {
    const storage = createIdbJournalStorage();
    expect(await storage.list(newTestId())).toEqual([]);
    expect(await storage.count(newTestId())).toBe(0);
  });
});

describe("storageMessage", () => {
  it("tells a full device from an unusable storage", () => {
    expect(storageMessage(new DOMException("full", "QuotaExceededError"))).toBe(STORAGE_FULL_MESSAGE);
    expect(storageMessage(new DOMException("nope", "UnknownError"))).toBe(STORAGE_UNAVAILABLE_MESSAGE);
    expect(storageMessage(new Error("QuotaExceededError"))).toBe(STORAGE_UNAVAILABLE_MESSAGE);
  });
});
