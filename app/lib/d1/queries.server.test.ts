// batchWhenFree: a D1 batch tried again while SQLite answers busy (another
// process holds the local database file), and only then.
import { describe, expect, it } from "vitest";
import { batchWhenFree, BUSY_RETRY_MS } from "./queries.server";

/** A D1 whose batch fails with `errors` in turn, then answers. */
function d1Failing(...errors: Error[]) {
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    batch: async <T>(statements: D1PreparedStatement[]) => {
      const error = errors[calls++];
      if (error) throw error;
      return statements.map(() => ({ success: true })) as unknown as D1Result<T>[];
    },
  };
}

const busy = () => new Error("D1_ERROR: database is locked: SQLITE_BUSY");
const statements = [{} as D1PreparedStatement];

describe("batchWhenFree", () => {
  it("tries a busy batch again until it goes through", async () => {
    const d1 = d1Failing(busy(), busy());
    await expect(batchWhenFree(d1, statements)).resolves.toHaveLength(1);
    expect(d1.calls).toBe(3);
  });

  it("gives up with the busy error after its last wait", async () => {
    const d1 = d1Failing(...Array.from({ length: BUSY_RETRY_MS.length + 1 }, busy));
    await expect(batchWhenFree(d1, statements)).rejects.toThrow("SQLITE_BUSY");
    expect(d1.calls).toBe(BUSY_RETRY_MS.length + 1);
  });

  it("throws any other error at once", async () => {
    const d1 = d1Failing(new Error("D1_ERROR: UNIQUE constraint failed"));
    await expect(batchWhenFree(d1, statements)).rejects.toThrow("UNIQUE");
    expect(d1.calls).toBe(1);
  });
});
