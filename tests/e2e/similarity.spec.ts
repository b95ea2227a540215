// The similarity check as an admin meets it (issue 23, decision 026; in the
// background, issue 39, decision 044): in this room two students hand in one
// program, renamed and reordered, a third their own, which an earlier room's
// student had handed in too. The admin analyses the room (its progress
// shows, the result follows live), finds the one pair at the top, opens it
// (fragments in matching colours, both timelines) and confirms it; compares
// with earlier rooms (stopping once: what was compared stays), and finds the
// earlier student marked; the results show the confirmed pair.
// The e2e server compares one pair every 2 s, the first after 2 s too
// (scripts/e2e-server.mjs), so the progress shows and Stop comes in time.
import { d1 } from "./d1";
import { expect, fitsTheScreen, test } from "./fixtures";
import { disguised, original, own } from "../fixtures/similarity-programs";
import { newPerson, problemTitle, questionNav, roomWithTakers, toast, typeCode } from "./rooms";

/** The room's students' code as D1 holds it (the sync status can say "All changes saved" before the last keystrokes' save is sent). */
const savedCode = async (roomId: string) =>
  (await d1<{ code: string }>("SELECT l.code FROM live_code_progress l JOIN student_tests t ON t.id = l.student_test_id WHERE t.room_id = ?", roomId)).map((r) => r.code.trim()).sort();

test("an admin analyses in the background, finds the copied pair, confirms it, and compares with an earlier room", async ({ page, browser }) => {
  test.setTimeout(360_000);
  const tag = Date.now().toString(36);
  const earlierName = `Similarity earlier ${tag}`;
  // The earlier room, made by an admin in a browser of their own (this page signs in for this room).
  const earlierAdmin = await newPerson(browser);
  const earlier = await roomWithTakers(earlierAdmin.page, browser, { name: earlierName, type: "Coding", category: "Basics", language: "Python" }, 1, { namePrefix: "Earlier" });
  const { roomId, takers } = await roomWithTakers(page, browser, { name: `Similarity ${tag}`, type: "Coding", category: "Basics", language: "Python" }, 3, {
    namePrefix: "Sim",
  });
  try {
    // The earlier student answers their first question; this room's three answer the same one (each has the questions in an order of their own).
    const question = (await problemTitle(earlier.takers[0]!.page).textContent())!;
    await typeCode(earlier.takers[0]!.page, own);
    await expect(earlier.takers[0]!.page.getByTestId("sync-status")).toHaveText("All changes saved", { timeout: 15_000 });
    for (const [i, t] of takers.entries()) {
      if ((await problemTitle(t.page).textContent()) !== question) {
        await questionNav(t.page).getByRole("button", { name: /^Question 2/ }).click();
      }
      await expect(problemTitle(t.page)).toHaveText(question);
      await typeCode(t.page, [original, disguised, own][i]!);
      await expect(t.page.getByTestId("sync-status")).toHaveText("All changes saved", { timeout: 15_000 });
    }
    await expect.poll(() => savedCode(earlier.roomId), { timeout: 30_000 }).toEqual([own.trim()]);
    await expect.poll(() => savedCode(roomId), { timeout: 30_000 }).toEqual([original, disguised, own].map((c) => c.trim()).sort());
    const [ana, ben, cy] = takers.map((t) => t.student.fullName);
    const eve = earlier.takers[0]!.student.fullName;
    const section = page.getByRole("region", { name: question });

    await page.goto(`/admin/results/${roomId}`);
    await page.getByRole("link", { name: "Similarity" }).click();
    await expect(page.getByRole("heading", { name: /^Similarity/ })).toBeVisible();
    await page.getByRole("button", { name: "Analyse now" }).click();
    await expect(toast(page, "Analysis started")).toBeVisible();
    // Its progress, live, then the result, without a reload.
    await expect(section.getByRole("progressbar", { name: `Analysis of ${question}` })).toBeVisible();
    await expect(section.getByTestId("analysis-progress")).toContainText("Analysing:");
    await expect(section.getByTestId("analysis-progress")).toHaveCount(0, { timeout: 30_000 });

    // One pair at the top: the two who share a program; the third is in no pair above the threshold.
    const top = section.getByTestId("similarity-pair").first();
    await expect(top).toContainText(ana!);
    await expect(top).toContainText(ben!);
    await expect(section.getByTestId("similarity-pair").filter({ hasText: cy! })).toHaveCount(0);
    await expect(section).not.toContainText("Earlier room");
    await top.getByRole("link", { name: /^Open / }).click();
    // Fragments in matching colours on both sides, and a jump between them.
    const left = page.getByRole("region", { name: `${ana}'s code` });
    const right = page.getByRole("region", { name: `${ben}'s code` });
    await expect(left.locator('mark[data-fragment="0"]').first()).toBeVisible();
    await expect(right.locator('mark[data-fragment="0"]').first()).toBeVisible();
    const colour = (pane: typeof left) => pane.locator('mark[data-fragment="0"]').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await colour(left)).toBe(await colour(right));
    await expect(page.getByTestId("fragment-position")).toContainText(/^Fragment 1 of \d+/);
    if ((await page.getByTestId("fragment-row").count()) > 1) {
      await page.getByRole("button", { name: "Next fragment" }).click();
      await expect(page.getByTestId("fragment-position")).toContainText(/^Fragment 2 of/);
    }

    // Both students' timelines, side by side.
    await page.getByRole("button", { name: "Open timelines" }).click();
    await expect(page.getByRole("region", { name: "Code history" })).toHaveCount(2);

    // Confirmed, with the admin's name kept.
    await page.getByRole("button", { name: "Record a decision" }).click();
    const dialog = page.getByRole("dialog", { name: "Record a decision" });
    await dialog.getByLabel("Note (optional)").fill("Same structure, names changed");
    await dialog.getByRole("button", { name: "Record decision" }).click();
    await expect(toast(page, "Marked as confirmed")).toBeVisible();
    await expect(page.getByTestId("decision-trail")).toContainText("Confirmed by Ada Admin");
    // Issue 41: the pair and the room's similarity page fit a phone's screen.
    const desktop = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsTheScreen(page), "the pair's page fits 390 px").toBe(true);
    await page.getByRole("link", { name: "← Back to similarity" }).click();
    await expect(section.getByTestId("similarity-pair").first()).toBeVisible();
    expect(await fitsTheScreen(page), "the similarity page fits 390 px").toBe(true);
    await page.setViewportSize(desktop);
    await section.getByTestId("similarity-pair").first().getByRole("link", { name: /^Open / }).click();
    await expect(page.getByTestId("decision-trail")).toContainText("Confirmed by Ada Admin");

    // Compare with earlier rooms; Stop part-way keeps what was compared, Analyse now goes on from there.
    await page.getByRole("link", { name: "← Back to similarity" }).click();
    await page.getByLabel("Compare with earlier rooms").check();
    await page.getByRole("button", { name: "Analyse now" }).click();
    await expect(toast(page, "Analysis started")).toBeVisible();
    // The pairs it compared so far, live from the room's events.
    await expect(section.getByTestId("analysis-progress")).toContainText(/Analysing: [1-9]\d* of \d+ pairs/);
    await section.getByRole("button", { name: `Stop the analysis of ${question}` }).click();
    await expect(toast(page, "pairs: the pairs compared are kept")).toContainText(/The analysis was stopped at [1-9]\d* of \d+ pairs/);
    await expect(section.getByTestId("analysis-progress")).toHaveCount(0);
    await expect(section.getByTestId("analysis-stopped")).toContainText(/The analysis was stopped at [1-9]\d* of \d+ pairs/);
    await page.getByRole("button", { name: "Analyse now" }).click();
    await expect(toast(page, "Analysis started")).toBeVisible();
    // The stopped run's note stays until the resumed run ends (other specs' earlier rooms can make it long);
    // waiting for no progress bar alone could pass before the resumed run's bar appears.
    await expect(section.getByTestId("analysis-stopped")).toHaveCount(0, { timeout: 180_000 });
    await expect(section.getByTestId("analysis-progress")).toHaveCount(0);
    // (Other specs' rooms with this question, made before this one, count too.)
    await expect(section.getByTestId("analysis-earlier")).toContainText(/^Compared with \d+ programs? of \d+ earlier rooms?/);
    // Eve's program is Cy's: a pair, marked with her room.
    const withEve = section.getByTestId("similarity-pair").filter({ hasText: eve });
    await expect(withEve.filter({ hasText: cy! })).toContainText(`Earlier room: ${earlierName}`);
    await withEve.filter({ hasText: cy! }).getByRole("link", { name: /^Open / }).click();
    await expect(page.getByTestId("earlier-student")).toContainText(`${eve} took this question in ${earlierName}`);
    await expect(page.getByRole("region", { name: `${eve}'s code` })).toContainText("open(0)");

    await page.goto(`/admin/results/${roomId}`);
    await expect(page.getByTestId("similarity-marker")).toHaveCount(2);
    for (const t of [...takers, ...earlier.takers]) expect(t.errors, `console errors in ${t.student.fullName}'s browser`).toEqual([]);
    expect(earlierAdmin.errors, "console errors in the earlier room's admin's browser").toEqual([]);
  } finally {
    for (const t of [...takers, ...earlier.takers, earlierAdmin]) await t.context.close();
  }
});
