// The similarity check as an admin meets it (issue 23, decision 026): two
// students hand in one program, renamed and reordered, a third their own; the
// admin analyses the room, finds the one pair at the top, opens it (fragments
// in matching colours, both timelines) and confirms it; the results show it.
import { expect, test } from "./fixtures";
import { disguised, original, own } from "../fixtures/similarity-programs";
import { problemTitle, questionNav, roomWithTakers, toast, typeCode } from "./rooms";

test("an admin finds the copied pair, sees its fragments and timelines, confirms it, and the results mark both students", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const { roomId, takers } = await roomWithTakers(page, browser, { name: `Similarity ${tag}`, type: "Coding", category: "Basics", language: "Python" }, 3, {
    namePrefix: "Sim",
  });
  try {
    // Each student gets the room's questions in an order of their own: all three answer the same one.
    const question = (await problemTitle(takers[0]!.page).textContent())!;
    for (const [i, t] of takers.entries()) {
      if ((await problemTitle(t.page).textContent()) !== question) {
        await questionNav(t.page).getByRole("button", { name: /^Question 2/ }).click();
      }
      await expect(problemTitle(t.page)).toHaveText(question);
      await typeCode(t.page, [original, disguised, own][i]!);
      await expect(t.page.getByTestId("sync-status")).toHaveText("All changes saved", { timeout: 15_000 });
    }
    const [ana, ben, cy] = takers.map((t) => t.student.fullName);

    await page.goto(`/admin/results/${roomId}`);
    await page.getByRole("link", { name: "Similarity" }).click();
    await expect(page.getByRole("heading", { name: /^Similarity/ })).toBeVisible();
    await page.getByRole("button", { name: "Analyse now" }).click();
    await expect(toast(page, "Analysis complete")).toBeVisible({ timeout: 30_000 });

    // One pair at the top: the two who share a program; the third is in no pair above the threshold.
    const top = page.getByTestId("similarity-pair").first();
    await expect(top).toContainText(ana!);
    await expect(top).toContainText(ben!);
    await expect(page.getByTestId("similarity-pair").filter({ hasText: cy! })).toHaveCount(0);
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

    await page.goto(`/admin/results/${roomId}`);
    await expect(page.getByTestId("similarity-marker")).toHaveCount(2);
    for (const t of takers) expect(t.errors, `console errors in ${t.student.fullName}'s browser`).toEqual([]);
  } finally {
    for (const t of takers) await t.context.close();
  }
});
