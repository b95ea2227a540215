// Each student their own exam (issue 36, decision 040), as people use it: an
// admin gives an MCQ room two sections with shuffled options, two students
// each get their own questions and option order, answer their own correctly
// and get full marks, each one's review shows their own order, and the
// admin's CSV lists what each got.
import { readFileSync } from "node:fs";
import { parseCsv } from "../csv";
import { expect, test, type Page } from "./fixtures";
import { correctShownIndex, roomWithTakers, toast, type Taker } from "./rooms";

/** What a student saw of one question: its title and its options in the order shown. */
type Seen = { title: string; options: string[] };

/** Sections: 3 of Programming Fundamentals (25) and 2 of the three Strings questions, hand-picked, saved from the room page's Sections dialog. */
async function twoSections(admin: Page) {
  await admin.getByRole("button", { name: "Sections" }).click();
  const dialog = admin.getByRole("dialog", { name: "Sections" });
  const first = dialog.getByRole("group", { name: "Section 1" });
  await first.getByRole("spinbutton", { name: "Pick" }).fill("3");
  await expect(first.getByRole("combobox")).toHaveValue("Programming Fundamentals");
  await dialog.getByRole("button", { name: "Add section" }).click();
  const second = dialog.getByRole("group", { name: "Section 2" });
  // The second section is hand-picked: the three Strings questions, found with the list's filter.
  await second.getByRole("combobox").selectOption({ label: "Hand-picked questions" });
  await second.getByRole("textbox", { name: "Filter questions" }).fill("Strings");
  const boxes = second.getByRole("checkbox");
  await expect(boxes).toHaveCount(3);
  for (const box of await boxes.all()) await box.check();
  await expect(second.getByText("3 selected")).toBeVisible();
  await second.getByRole("spinbutton", { name: "Pick" }).fill("2");
  await expect(dialog.getByText("Each student draws their own 5 questions when they launch the test. Each MCQ is worth 5 marks (25 in all).")).toBeVisible();
  await dialog.getByRole("button", { name: "Save sections" }).click();
  await expect(toast(admin, "Sections saved")).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** Answers every question right, by its number key, recording what was shown; then submits. */
async function answerAllRight(page: Page): Promise<Seen[]> {
  const seen: Seen[] = [];
  for (let i = 0; i < 5; i++) {
    await expect(page.getByText(`Question ${i + 1} of 5`)).toBeVisible();
    const title = (await page.locator("fieldset legend").textContent())!.trim();
    const options = await page.getByRole("radio").evaluateAll((radios) => radios.map((r) => (r.closest("label")?.querySelector(".flex-1")?.textContent ?? "").trim()));
    seen.push({ title, options });
    const right = await correctShownIndex(page);
    await page.keyboard.press(String(right + 1));
    await expect(page.getByTestId(`option-${right + 1}`)).toBeChecked();
    if (i < 4) await page.keyboard.press("n");
  }
  await expect(page.getByText("5 of 5 answered")).toBeVisible();
  await page.getByRole("button", { name: "Submit Test" }).first().click();
  await page.getByRole("dialog", { name: "Submit Test?" }).getByRole("button", { name: "Submit Test" }).click();
  await expect(toast(page, "Test submitted! Score: 25/25")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/student$/, { timeout: 8_000 });
  return seen;
}

/** The student's own review, opened from My Test History: each question's title and options as listed, and the one marked as theirs. */
async function review(page: Page, roomName: string) {
  await page.getByRole("link", { name: "My Test History" }).first().click();
  await page.getByRole("link", { name: roomName }).click();
  await expect(page.getByRole("heading", { level: 2, name: roomName })).toBeVisible();
  await expect(page.getByTestId("mcq-score")).toContainText("25/25");
  const questions = page.getByTestId("mcq-review-question");
  await expect(questions).toHaveCount(5);
  const listed: (Seen & { chosen: string })[] = [];
  for (const q of await questions.all()) {
    listed.push({
      title: (await q.getByTestId("mcq-review-title").textContent())!.trim(),
      options: (await q.getByTestId("mcq-review-option-text").allTextContents()).map((t) => t.trim()),
      chosen: (await q.locator('[data-chosen="true"]').getByTestId("mcq-review-option-text").textContent())!.trim(),
    });
  }
  // A student's review never names the right option.
  await expect(page.getByText("Correct answer")).toHaveCount(0);
  return listed;
}

test("two students of one MCQ room with two sections each get their own questions and option order, full marks, their own review, and the CSV lists what each got", async ({ page: admin, browser }) => {
  test.setTimeout(180_000);
  const roomName = `Draws ${Date.now().toString(36)}`;
  const { roomId, takers } = await roomWithTakers(
    admin,
    browser,
    { name: roomName, type: "Multiple choice (20 questions)", category: "Programming Fundamentals" },
    2,
    { namePrefix: "Drawn", configure: twoSections },
  );
  const [ana, ben] = takers as [Taker, Taker];
  try {
    const seen = [await answerAllRight(ana.page), await answerAllRight(ben.page)];
    // Their own exams: 3 of 25 and 2 of 3 questions, each with options in its own order.
    for (const s of seen) {
      expect(new Set(s.map((q) => q.title)).size).toBe(5);
      expect(s.every((q) => q.options.length === 4)).toBe(true);
    }
    const key = (s: Seen[]) => JSON.stringify(s);
    expect(key(seen[0]!), "two students saw the same questions in the same order with the same option order").not.toBe(key(seen[1]!));

    // Each review shows the student's own questions in their order, their options in their order, their answer on the right one.
    for (const [i, t] of [ana, ben].entries()) {
      const listed = await review(t.page, roomName);
      expect(listed.map(({ title, options }) => ({ title, options }))).toEqual(seen[i]);
      for (const q of listed) expect(q.options).toContain(q.chosen);
    }

    // The admin's results: both at 25/25, and the CSV lists each student's questions in their order.
    await admin.goto(`/admin/results/${roomId}`);
    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByRole("link", { name: "Export CSV" }).click()]);
    const [header, ...body] = parseCsv(readFileSync((await download.path())!, "utf8")) as [string[], ...string[][]];
    const column = (name: string) => {
      const at = header.indexOf(name);
      expect(at, `CSV column ${name} in ${header.join(",")}`).toBeGreaterThanOrEqual(0);
      return at;
    };
    for (const [i, t] of [ana, ben].entries()) {
      const row = body.find((r) => r.includes(t.student.email));
      expect(row, `CSV row of ${t.student.email}`).toBeDefined();
      expect(row![column("Questions")]).toBe(seen[i]!.map((q) => q.title).join("; "));
      expect(row![column("Score")]).toBe("25");
      // 5 marks under each of their own questions' columns; empty under the others.
      const own = new Set(seen[i]!.map((q) => q.title));
      const marks = header.flatMap((h, at) => (h.startsWith("Q") && h.includes(" marks: ") ? [{ title: h.slice(h.indexOf(" marks: ") + 8), cell: row![at] }] : []));
      expect(marks.filter((m) => own.has(m.title)).map((m) => m.cell)).toEqual(["5", "5", "5", "5", "5"]);
      expect(marks.filter((m) => !own.has(m.title)).every((m) => m.cell === "")).toBe(true);
    }
    expect(ana.errors, "console errors in Ana's browser").toEqual([]);
    expect(ben.errors, "console errors in Ben's browser").toEqual([]);
  } finally {
    for (const t of takers) await t.context.close();
  }
});
