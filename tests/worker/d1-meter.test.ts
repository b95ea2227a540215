// The D1 meter bench:load reads (issue 26, decision 029): off unless
// D1_METER is "1"; on, it counts queries and rows written from real D1's
// result metadata, through drizzle and through D1 batches; the route is for
// admins only and says when the meter is off.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { categories } from "~/db/schema";
import { configureD1Meter, readD1Meter } from "~/lib/d1/meter.server";
import { createDb } from "~/lib/d1/db.server";
import { flushRoomJournal } from "~/lib/student-tests/code-journal.server";
import { call, signUp } from "./helpers";
import { journal, launch, makeRoom, seedCodingCategory, signUpAdmin, start, takingStudent, testOf } from "./rooms-fixture";

afterEach(() => configureD1Meter({}));

describe("the D1 meter", () => {
  it("counts nothing while off, and queries and rows written through drizzle and batches while on", async () => {
    const before = readD1Meter();
    const off = createDb(env.DB);
    await off.insert(categories).values({ name: `Meter off ${crypto.randomUUID()}` });
    expect(readD1Meter()).toEqual(before);

    configureD1Meter({ D1_METER: "1" });
    const db = createDb(env.DB);
    const start = readD1Meter();
    await db.insert(categories).values([{ name: `Meter ${crypto.randomUUID()}` }, { name: `Meter ${crypto.randomUUID()}` }]);
    const afterInsert = readD1Meter();
    expect(afterInsert.queries - start.queries).toBe(1);
    expect(afterInsert.rowsWritten - start.rowsWritten).toBeGreaterThanOrEqual(2);

    await db.batch([db.insert(categories).values({ name: `Meter ${crypto.randomUUID()}` }), db.run(sql`SELECT 1`)]);
    const afterBatch = readD1Meter();
    expect(afterBatch.batches - afterInsert.batches).toBe(1);
    expect(afterBatch.queries - afterInsert.queries).toBe(2);
    expect(afterBatch.rowsWritten - afterInsert.rowsWritten).toBeGreaterThanOrEqual(1);

    // A drizzle select answers through raw(): a query, without rows.
    await db.select().from(categories).limit(1);
    const afterSelect = readD1Meter();
    expect(afterSelect.queries - afterBatch.queries).toBe(1);
    expect(afterSelect.unmetered - afterBatch.unmetered).toBe(1);
  });

  it("counts what the room's object writes when it flushes held code (decision 031)", async () => {
    await signUpAdmin();
    await seedCodingCategory("Meter-Coding");
    configureD1Meter({ D1_METER: "1" });
    const room = await makeRoom("Meter-Coding", "coding");
    const s = await takingStudent(room, "Metered Taker");
    await start(room);
    await launch(s.cookie, room);
    const testId = (await testOf(room, s.email)).id;
    const entry = { id: crypto.randomUUID(), seq: 0, kind: "code" as const, payload: { questionId: "Meter-Coding-q0", code: "print(1)" }, createdAt: Date.now() };
    expect((await journal(s.cookie, testId, [entry])).status).toBe(200);
    const held = readD1Meter();
    await flushRoomJournal(env, room.id);
    // One pack row and one new live_code_progress row (with its primary key's index): written by the object, counted here.
    expect(readD1Meter().rowsWritten - held.rowsWritten).toBeGreaterThanOrEqual(3);
  });

  it("its route answers admins only, and 404 with the reason while the meter is off", async () => {
    const admin = await signUp({ role: "admin" });
    const res = await call("/admin/api/d1-meter", { cookie: admin.cookie });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("D1_METER");
    const student = await signUp({ role: "student" });
    expect([302, 401, 403]).toContain((await call("/admin/api/d1-meter", { cookie: student.cookie })).status);
    expect([302, 401, 403]).toContain((await call("/admin/api/d1-meter")).status);
  });
});
