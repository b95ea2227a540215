// When students see their results (issue 37, decision 041), as people use it:
// the admin sets a coding room to release its results by hand; the student
// submits and finishes and sees no score anywhere; the admin releases them
// from the results page; the student's open history shows the score without
// a reload.
import { expect, test, type Page } from "./fixtures";
import { problemTitle, roomWithTakers, solutionOf, toast, typeCode, type Taker } from "./rooms";

/** The room page's Release settings: results by hand, the review options as they are. */
async function byHand(admin: Page) {
  await admin.getByRole("button", { name: "Release settings" }).click();
  const dialog = admin.getByRole("dialog", { name: "Results release" });
  await dialog.getByRole("radio", { name: "By hand" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(admin, "Results release saved")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(admin.getByTestId("release-status")).toHaveText("Not released: students see no scores");
}

test("a student sees no score until the admin releases the results, then sees it live", async ({ page: admin, browser }) => {
  test.setTimeout(150_000);
  const { roomId, takers } = await roomWithTakers(admin, browser, { name: `Release ${Date.now().toString(36)}`, type: "Coding", category: "Basics", language: "Python" }, 1, {
    namePrefix: "Held",
    configure: byHand,
  });
  const [me] = takers as [Taker];
  const page = me.page;
  try {
    // Submit Code says it went in, and nothing more: no count, no verdicts, no running score.
    const title = (await problemTitle(page).textContent())!;
    await typeCode(page, solutionOf(title));
    await page.getByRole("button", { name: "Submit Code" }).click();
    await expect(toast(page, "Code submitted. Your results are shown when they are released.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("log", { name: "Output Console" })).toContainText("Code submitted. Your results are shown when they are released.");
    await expect(page.getByRole("log", { name: "Output Console" })).not.toContainText("test cases passed");
    await expect(page.getByText(/Score so far/)).toHaveCount(0);

    // Finish: the toast has no score.
    await page.getByRole("banner").getByRole("button", { name: "Finish Test" }).click();
    await page.getByRole("dialog", { name: "Finish the test?" }).getByRole("button", { name: "Finish Test" }).click();
    await expect(toast(page, "Test submitted successfully")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(/Total Score/)).toHaveCount(0);
    await expect(page).toHaveURL(/\/student$/, { timeout: 8_000 });

    // My Test History: submitted, no score, no evaluation request.
    await page.getByRole("link", { name: "My Test History" }).first().click();
    const row = page.getByTestId("history-row").first();
    await expect(row).toContainText("Submitted · results not released yet");
    await expect(row).not.toContainText("/100");

    // The admin releases from the results page; the student's open history follows, with no reload.
    await admin.goto(`/admin/results/${roomId}`);
    await expect(admin.getByTestId("release-status")).toHaveText("Not released: students see no scores");
    await admin.getByRole("button", { name: "Release results now" }).click();
    await expect(toast(admin, "Results released")).toBeVisible();
    await expect(admin.getByTestId("release-status")).toContainText("Released at");
    await expect(row).toContainText("/100", { timeout: 15_000 });
    await expect(row).not.toContainText("results not released yet");
    expect(me.errors, "console errors in the student's browser").toEqual([]);
  } finally {
    await me.context.close();
  }
});
