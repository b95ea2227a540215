// A waiting room as the admin changes it (issue 34): a burst of room events
// reads the page once or twice, never cutting a read short; Clear schedule
// asks first, takes the start time out of the waiting room live, and the room
// does not start. And the admin's navigation column runs the page's height.
import { expect, test, type Page } from "./fixtures";
import { createRoom, enableRoom, generateOtp, joinTestRoom, loginAdmin, newPerson, signUpStudent, toast } from "./rooms";
import { waitForLive } from "./fixtures";

/** The value a datetime-local input takes for `at` in the browser's own time zone (UTC in these contexts). */
const localInput = (at: number) => new Date(at).toISOString().slice(0, 16);

/** Posts the room page's schedule intent `count` times at once, as `count` admin tabs would. */
async function scheduleBurst(admin: Page, at: number, count: number) {
  const statuses = await admin.evaluate(
    async ({ startsAt, count }) => {
      const post = () =>
        fetch(`${location.pathname}.data`, { method: "POST", body: new URLSearchParams({ intent: "schedule", startsAt }) }).then((r) => r.status);
      return Promise.all(Array.from({ length: count }, post));
    },
    { startsAt: new Date(at).toISOString(), count },
  );
  expect(statuses.every((s) => s < 400), `statuses ${statuses.join(",")}`).toBe(true);
}

test("a burst of room events reads the waiting room one read at a time, fewer reads than events, none cut short; Clear schedule asks, clears live, and the room does not start", async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const admin = await newPerson(browser, undefined, { timezoneId: "UTC" });
  const student = await newPerson(browser, undefined, { timezoneId: "UTC" });
  try {
    const me = student.page;
    await signUpStudent(me, `Cole Lesce ${tag}`);
    await loginAdmin(admin.page);
    const roomId = await createRoom(admin.page, { name: `Burst ${tag}`, type: "Multiple choice (20 questions)", category: "Programming Fundamentals", minutes: 5 });
    await enableRoom(admin.page);
    // Room events as the waiting room's socket receives them (listened for before it opens).
    const events: number[] = [];
    me.on("websocket", (ws) =>
      ws.on("framereceived", ({ payload }) => {
        if (typeof payload === "string" && payload.includes('"type":"room-changed"')) events.push(Date.now());
      }),
    );
    const live = waitForLive(me, roomId);
    await joinTestRoom(me, await generateOtp(admin.page));
    await expect(me).toHaveURL(new RegExp(`/waiting/${roomId}$`));
    await live;

    // Twelve schedule changes at once: twelve room events reach the waiting room within a second or so.
    const reads = new Map<object, { start: number; end: number | null }>();
    const aborted: string[] = [];
    me.on("request", (r) => {
      // One revalidation is two requests (the root's clientLoader reads its own): count the page's.
      const url = new URL(r.url());
      if (url.pathname === `/waiting/${roomId}.data` && url.searchParams.get("_routes") !== "root") reads.set(r, { start: Date.now(), end: null });
    });
    // A read has ended for the router once its answer is decoded: after its headers, maybe before the body's last byte.
    me.on("response", (res) => {
      const read = reads.get(res.request());
      if (read) read.end = Date.now();
    });
    me.on("requestfailed", (r) => {
      if (!r.url().includes(".data")) return;
      aborted.push(`${r.url()} ${r.failure()?.errorText}`);
      const read = reads.get(r);
      if (read) read.end = Date.now();
    });
    const tomorrow = Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000;
    await scheduleBurst(admin.page, tomorrow, 12);
    await expect(me.getByTestId("starts-at")).toContainText("Starts at ");
    // Let every event arrive and every read finish.
    await expect.poll(() => events.length).toBe(12);
    await expect.poll(() => [...reads.values()].every((r) => r.end !== null), { timeout: 10_000 }).toBe(true);
    await expect(me.getByTestId("starts-at")).toContainText("Starts at ");
    const spans = [...reads.values()].sort((a, b) => a.start - b.start);
    const summary = `${events.length} events over ${events.at(-1)! - events[0]!} ms; reads ${spans.map((r) => `${r.start - events[0]!}..${r.end! - events[0]!}`).join(", ")}`;
    expect(aborted, `reads cut short by a newer one (${summary})`).toEqual([]);
    // One read at a time: each starts after the one before it was answered.
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start, `overlapping reads (${summary})`).toBeGreaterThanOrEqual(spans[i - 1]!.end!);
    expect(spans.length, summary).toBeGreaterThanOrEqual(1);
    expect(spans.length, `fewer reads than events (${summary})`).toBeLessThan(events.length);

    // Moved to the next whole minute at least 35 s away, then cleared: the confirmation opens, and the waiting room loses the time live.
    const soon = Math.ceil((Date.now() + 35_000) / 60_000) * 60_000;
    await admin.page.reload();
    await admin.page.getByRole("button", { name: "Change Schedule" }).click();
    let dialog = admin.page.getByRole("dialog", { name: "Schedule the start" });
    await dialog.getByLabel("Start at").fill(localInput(soon));
    await dialog.getByRole("button", { name: "Change start" }).click();
    await expect(toast(admin.page, "Start time changed")).toBeVisible();
    await expect(me.getByTestId("starts-at")).toContainText(/\(in 0[01]:[0-5]\d\)/);

    await admin.page.getByRole("button", { name: "Change Schedule" }).click();
    dialog = admin.page.getByRole("dialog", { name: "Schedule the start" });
    await dialog.getByRole("button", { name: "Clear schedule" }).click();
    const confirm = admin.page.getByRole("dialog", { name: "Clear the schedule?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Clear schedule" }).click();
    await expect(toast(admin.page, "Schedule cleared")).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(admin.page.getByTestId("starts-at")).toBeHidden();
    await expect(me.getByTestId("starts-at")).toBeHidden();

    // Past the old start time the room has not started: the student still waits.
    await me.waitForTimeout(Math.max(0, soon - Date.now()) + 5_000);
    await expect(me).toHaveURL(new RegExp(`/waiting/${roomId}$`));
    await expect(me.getByRole("heading", { name: "Waiting for test to start" })).toBeVisible();
    await expect(admin.page.getByRole("button", { name: "Start Test Now" })).toBeVisible();
    expect(admin.errors, "console errors in the admin's browser").toEqual([]);
    expect(student.errors, "console errors in the student's browser").toEqual([]);
  } finally {
    await admin.context.close();
    await student.context.close();
  }
});

test("the admin's navigation column runs the full height of a long page", async ({ page }) => {
  await loginAdmin(page);
  await page.goto("/admin/lti");
  const column = page.getByRole("navigation", { name: "Admin navigation" }).locator("xpath=ancestor::div[contains(@class,'border-r')][1]");
  await expect(column).toBeVisible();
  const { pageHeight, columnHeight, background } = await column.evaluate((el) => ({
    pageHeight: document.documentElement.scrollHeight,
    columnHeight: el.getBoundingClientRect().height,
    background: getComputedStyle(el).backgroundColor,
  }));
  expect(pageHeight, "the page is longer than the screen").toBeGreaterThan(page.viewportSize()!.height);
  expect(columnHeight).toBeGreaterThanOrEqual(pageHeight - 1);
  expect(background).not.toBe("rgba(0, 0, 0, 0)");
  // Scrolled to the bottom, the links are still in view.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(page.getByRole("link", { name: "Test Rooms" })).toBeInViewport();
});
