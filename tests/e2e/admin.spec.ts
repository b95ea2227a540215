import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO, errorToast, expect, expectFieldError, expectNoFieldError, login, signUp, test, uniqueEmail, waitForLive, type Page } from "./fixtures";

/** A toast (success toasts are role=status, errors role=alert). */
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/**
 * Records, from now on, every text shown by elements matching `selector`
 * (a toast or a first countdown second can come and go between two polls).
 * Survives client-side navigation; returns a reader of what was seen.
 */
async function recordTexts(page: Page, selector: string) {
  await page.evaluate((sel) => {
    const all = ((window as unknown as { e2eSeen?: Record<string, string[]> }).e2eSeen ??= {});
    const seen: string[] = (all[sel] = []);
    const look = () =>
      document.querySelectorAll(sel).forEach((el) => {
        const text = el.textContent ?? "";
        if (!seen.includes(text)) seen.push(text);
      });
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  }, selector);
  return () => page.evaluate((sel) => (window as unknown as { e2eSeen: Record<string, string[]> }).e2eSeen[sel]!, selector);
}

/** "Time left 1:14:59" or "Time left 59:58" in seconds. */
function secondsLeft(text: string | null) {
  const match = /Time left (?:(\d+):)?(\d{2}):(\d{2})/.exec(text ?? "");
  if (!match) throw new Error(`not a countdown: ${text}`);
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/** A CSV cell, quoted the way a spreadsheet exports it. */
const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function mcqCsv(category: string, count: number) {
  const rows = [["title", "category", "option_a", "option_b", "option_c", "option_d", "correct_option"]];
  for (let i = 1; i <= count; i++) {
    rows.push([
      // Row 1: a question spanning two lines; row 2: options with commas and quotes.
      i === 1 ? `Q${i}: what does this print?\nprint(2 ** 3)` : `Q${i}: what is ${i} + ${i}?`,
      category,
      i === 2 ? "1, 2 and 3" : String(i * 2),
      i === 2 ? 'the word "four"' : String(i * 2 + 1),
      String(i * 3),
      i === 2 ? "none, of these" : String(i * 4),
      "abcd"[i % 4]!,
    ]);
  }
  return rows.map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}

test("an admin builds a question bank, runs a room and a second tab follows live", async ({ page, context, browser }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const category = `E2E ${tag}`;
  const codingRoom = `Coding room ${tag}`;
  const mcqRoom = `MCQ room ${tag}`;
  const student = { fullName: `Nova Quill ${tag}`, email: uniqueEmail("room-student"), password: "student-pass-1" };

  // A student who signed up on their own, in a browser of their own.
  const studentContext = await browser.newContext();
  try {
    const studentPage = await studentContext.newPage();
    await signUp(studentPage, student);
    await expect(studentPage).toHaveURL(/\/student$/);
  } finally {
    await studentContext.close();
  }

  await login(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  const nav = page.getByRole("navigation", { name: "Admin navigation" });

  // The second tab: same admin, same browser, never reloaded.
  const watcher = await context.newPage();
  const lobbyLive = waitForLive(watcher, "lobby");
  await watcher.goto("/admin");
  await lobbyLive;
  // Gone if the tab ever loads a new document: every change below must arrive live.
  await watcher.evaluate(() => Object.assign(window, { e2eSameDocument: true }));

  await test.step("creates a category", async () => {
    await nav.getByRole("link", { name: "Questions", exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Questions" })).toBeVisible();
    const categories = page.getByRole("region", { name: "Categories" });
    // A name already listed (in any case): the message under the field, which takes the focus; gone once the name is new.
    const name = categories.getByLabel("New category name");
    await name.fill("general");
    await categories.getByRole("button", { name: "Add", exact: true }).click();
    await expectFieldError(name, "Category already exists");
    await expect(name).toBeFocused();
    await expect(errorToast(page, "Category already exists")).toBeVisible();
    await name.fill(category);
    await expectNoFieldError(name);
    await categories.getByRole("button", { name: "Add", exact: true }).click();
    await expect(toast(page, "Category added")).toBeVisible();
    await expect(categories.getByRole("list", { name: "Categories" }).getByText(category, { exact: true })).toBeVisible();
  });

  await test.step("adds 2 coding questions with 5 test cases each", async () => {
    const form = page.getByRole("region", { name: "Add a question" });
    await expect(form.getByRole("tab", { name: "Coding question" })).toHaveAttribute("aria-selected", "true");
    for (const n of [1, 2]) {
      const title = form.getByLabel("Title");
      await expect(title).toHaveValue("");
      await title.fill(`Add ${n} ${tag}`);
      await form.getByLabel("Description").fill(`Read a number x and print x + ${n}.`);
      await form.getByLabel("Category").selectOption({ label: category });
      await form.getByLabel("Language").selectOption({ label: "Python" });
      for (let i = 1; i <= 5; i++) {
        const testCase = form.getByRole("group", { name: new RegExp(`^Test case ${i}(?!\\d)`) });
        await testCase.getByLabel("Input", { exact: true }).fill(String(i * 10));
        await testCase.getByLabel("Expected output", { exact: true }).fill(String(i * 10 + n));
      }
      await expect(form.getByText("5 of 5 · 4 hidden · 1 open")).toBeVisible();
      await form.getByRole("button", { name: "Add coding question" }).click();
      await expect(toast(page, "Coding question added").last()).toBeVisible();
      // The form empties itself once the question is saved.
      await expect(title).toHaveValue("");
    }
    await expect(
      page.getByRole("region", { name: "Categories" }).getByRole("listitem").filter({ hasText: category }),
    ).toContainText("2 questions");
  });

  await test.step("imports 20 MCQs from a CSV file", async () => {
    const file = join(tmpdir(), `mcq-${tag}.csv`);
    writeFileSync(file, mcqCsv(category, 20));
    const importer = page.getByRole("region", { name: "Import questions" });
    await importer.getByLabel("Question file").setInputFiles(file);
    const summary = importer.getByTestId("import-summary");
    await expect(summary).toContainText("20 to create");
    await expect(summary).toContainText("0 skipped");
    // The quoted newline and commas stayed inside their cells.
    const rows = importer.getByTestId("import-row");
    await expect(rows).toHaveCount(20);
    await expect(rows.nth(0)).toContainText("Q1: what does this print?");
    await expect(rows.filter({ hasText: "Q2: what is 2 + 2?" })).toContainText(category);
    await importer.getByRole("button", { name: "Import 20 questions" }).click();
    // The toast and the card's own line say it.
    await expect(toast(page, "Imported 20 MCQ questions").first()).toBeVisible();
    await expect(importer.getByRole("status").filter({ hasText: "Imported 20 MCQ questions" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Categories" }).getByRole("listitem").filter({ hasText: category }),
    ).toContainText("22 questions");
  });

  await test.step("creates a coding room and an MCQ room in that category", async () => {
    await nav.getByRole("link", { name: "Test Rooms", exact: true }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Test Rooms" })).toBeVisible();
    // The create-room form: its labels are unique on this page.
    const form = page.getByRole("main");
    // A room without a name or category: the spec's message under the first empty field, which takes the focus.
    await form.getByRole("button", { name: "Create Room" }).click();
    const roomName = form.getByLabel("Room name");
    await expectFieldError(roomName, "Please fill all fields and select a category");
    await expect(roomName).toBeFocused();
    await expect(errorToast(page, "Please fill all fields and select a category")).toBeVisible();
    await roomName.fill("x");
    await expectNoFieldError(roomName);
    await form.getByLabel("Duration (minutes)").fill("0");
    await form.getByRole("button", { name: "Create Room" }).click();
    await expectFieldError(form.getByLabel("Category"), "Please fill all fields and select a category");
    await expectFieldError(form.getByLabel("Duration (minutes)"), "Duration must be at least 1 minute");
    await expect(form.getByLabel("Category")).toBeFocused();
    await form.getByLabel("Duration (minutes)").fill("60");
    await expectNoFieldError(form.getByLabel("Duration (minutes)"));
    for (const [name, type, hint] of [
      [codingRoom, "Coding", "2 coding questions in this category."],
      [mcqRoom, "Multiple choice (20 questions)", "20 MCQs in this category."],
    ] as const) {
      await form.getByLabel("Room name").fill(name);
      await form.getByLabel(type, { exact: true }).check();
      await form.getByLabel("Category").selectOption({ label: category });
      await expect(form.getByText(hint)).toBeVisible();
      await form.getByRole("button", { name: "Create Room" }).click();
      await expect(toast(page, "Room created successfully").first()).toBeVisible();
      await expect(page.getByRole("link", { name })).toBeVisible();
      await expect(form.getByLabel("Room name")).toHaveValue("");
      // The other tab's list shows it without a reload.
      await expect(watcher.getByRole("link", { name })).toBeVisible();
    }
    await expect(page.getByRole("link", { name: codingRoom })).toContainText("Coding · Python");
    await expect(page.getByRole("link", { name: mcqRoom })).toContainText("MCQ");
  });

  const heading = (p: Page) => p.getByRole("heading", { level: 2, name: codingRoom });
  const badge = (p: Page, text: string) => heading(p).getByText(text, { exact: true });

  await test.step("opens the coding room, enables it and generates an OTP", async () => {
    await page.getByRole("link", { name: codingRoom }).click();
    await expect(page).toHaveURL(/\/admin\/room\/[\w-]+$/);
    const roomId = new URL(page.url()).pathname.split("/").pop()!;
    const roomLive = waitForLive(watcher, roomId);
    await watcher.getByRole("link", { name: codingRoom }).click();
    await roomLive;
    await expect(badge(page, "Disabled")).toBeVisible();
    await expect(badge(watcher, "Disabled")).toBeVisible();

    await page.getByRole("button", { name: "Enable Room" }).click();
    await expect(toast(page, "Room enabled")).toBeVisible();
    await expect(badge(page, "Enabled")).toBeVisible();
    await expect(badge(watcher, "Enabled")).toBeVisible();
    await expect(watcher.getByRole("button", { name: "Disable Room" })).toBeVisible();

    const countdown = await recordTexts(page, "dialog [role=timer]");
    await page.getByRole("button", { name: "Generate OTP" }).click();
    const dialog = page.getByRole("dialog", { name: "Room OTP" });
    await expect(dialog.getByTestId("otp")).toHaveText(/^\d{6}$/);
    const timer = dialog.getByRole("timer");
    await expect(timer).toHaveText(/^Expires in (30|29|28) s$/);
    // The countdown starts at the spec's 30 s, never above it.
    expect((await countdown())[0]).toBe("Expires in 30 s");
    const first = Number(/\d+/.exec((await timer.textContent()) ?? "")![0]);
    await expect.poll(async () => Number(/\d+/.exec((await timer.textContent()) ?? "")![0])).toBeLessThan(first);
    const firstCode = await dialog.getByTestId("otp").textContent();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();

    // Disabling cancels the code on the server; reopening must never show it again.
    await page.getByRole("button", { name: "Disable Room" }).click();
    await expect(page.getByRole("button", { name: "Enable Room" })).toBeVisible();
    await page.getByRole("button", { name: "Enable Room" }).click();
    await expect(page.getByRole("button", { name: "Disable Room" })).toBeVisible();
    await page.getByRole("button", { name: "Generate OTP" }).click();
    await expect(dialog.getByTestId("otp")).toHaveText(/^\d{6}$/);
    await expect(dialog.getByTestId("otp")).not.toHaveText(firstCode!);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });

  const participants = (p: Page) => p.getByRole("table");
  const studentRow = (p: Page) => participants(p).getByRole("row").filter({ hasText: student.email });

  async function addStudent() {
    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add user to room" });
    await dialog.getByLabel("Student email").pressSequentially("Nova");
    const suggestion = dialog.getByRole("list", { name: "Suggestions" }).getByRole("button").filter({ hasText: student.email });
    await suggestion.click();
    await expect(dialog.getByLabel("Student email")).toHaveValue(student.email);
    await dialog.getByRole("button", { name: "Add User" }).click();
    await expect(toast(page, `Added ${student.fullName} to the room`).last()).toBeVisible();
    await expect(dialog).toBeHidden();
  }

  await test.step("adds a student by email, then removes them", async () => {
    await expect(page.getByText("No participants yet...")).toBeVisible();
    await addStudent();
    await expect(studentRow(page)).toContainText(student.fullName);
    await expect(studentRow(page)).toContainText("waiting");
    await expect(studentRow(watcher)).toBeVisible();

    await page.getByRole("button", { name: `Remove ${student.fullName}` }).click();
    const confirm = page.getByRole("dialog", { name: "Remove participant?" });
    await expect(confirm).toContainText(student.fullName);
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expect(toast(page, "Participant removed")).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(studentRow(page)).toHaveCount(0);
    await expect(page.getByText("No participants yet...")).toBeVisible();
    await expect(studentRow(watcher)).toHaveCount(0);
    await expect(watcher.getByText("No participants yet...")).toBeVisible();
  });

  await test.step("adds the student back, starts the test and extends the time", async () => {
    await addStudent();
    await expect(studentRow(page)).toBeVisible();
    await expect(studentRow(watcher)).toBeVisible();

    await page.getByRole("button", { name: "Start Test Now" }).click();
    await expect(toast(page, "Test started successfully")).toBeVisible();
    await expect(badge(page, "Active")).toBeVisible();
    await expect(badge(watcher, "Active")).toBeVisible();
    await expect(studentRow(watcher)).toContainText("testing");

    const timeLeft = page.getByRole("timer", { name: "Time left" });
    await expect(timeLeft).toHaveText(/^Time left (1:00:00|59:\d\d)$/);
    const before = secondsLeft(await timeLeft.textContent());
    await expect(watcher.getByRole("timer", { name: "Time left" })).toHaveText(/^Time left (1:00:00|59:\d\d)$/);

    await page.getByRole("button", { name: "Extend Time" }).click();
    const dialog = page.getByRole("dialog", { name: "Extend time" });
    await expect(dialog.getByLabel("Minutes to add")).toHaveValue("15");
    await dialog.getByRole("button", { name: "Extend" }).click();
    await expect(toast(page, "Added 15 minutes")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(timeLeft).toHaveText(/^Time left 1:1\d:\d\d$/);
    expect(secondsLeft(await timeLeft.textContent())).toBeGreaterThan(before + 14 * 60);
    await expect(watcher.getByRole("timer", { name: "Time left" })).toHaveText(/^Time left 1:1\d:\d\d$/);
  });

  await test.step("sets the unlock code", async () => {
    const code = `open-${tag}`;
    await page.getByRole("button", { name: "Unlock Code" }).click();
    const dialog = page.getByRole("dialog", { name: "Unlock code" });
    await dialog.getByLabel("Unlock code").fill(code);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Unlock code updated successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    // Reopened, the dialog shows the saved code.
    await page.getByRole("button", { name: "Unlock Code" }).click();
    await expect(dialog.getByLabel("Unlock code")).toHaveValue(code);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step("deletes the MCQ room from the list", async () => {
    await page.getByRole("link", { name: "← Back to Rooms" }).click();
    const lobbyAgain = waitForLive(watcher, "lobby");
    await watcher.getByRole("link", { name: "← Back to Rooms" }).click();
    await lobbyAgain;
    await expect(page.getByRole("link", { name: codingRoom })).toContainText("1 participant");
    await expect(watcher.getByRole("link", { name: mcqRoom })).toBeVisible();

    await page.getByRole("button", { name: `Delete ${mcqRoom}` }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this room?" });
    await expect(confirm).toContainText(mcqRoom);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Room deleted successfully")).toBeVisible();
    await expect(page.getByRole("link", { name: mcqRoom })).toHaveCount(0);
    await expect(watcher.getByRole("link", { name: mcqRoom })).toHaveCount(0);
    // The running coding room is still listed, in both tabs.
    await expect(page.getByRole("listitem").filter({ hasText: codingRoom })).toContainText("Test Running");
    await expect(watcher.getByRole("listitem").filter({ hasText: codingRoom })).toContainText("Test Running");
  });

  await test.step("deletes the coding room from its own page: a success, no error; the second tab is told", async () => {
    await page.getByRole("link", { name: codingRoom }).click();
    // The click starts a client navigation: read the room's id once the URL has it.
    await expect(page).toHaveURL(/\/admin\/room\/[\w-]+$/);
    const roomId = new URL(page.url()).pathname.split("/").pop()!;
    const roomLive = waitForLive(watcher, roomId);
    await watcher.getByRole("link", { name: codingRoom }).click();
    await roomLive;
    const errors = await recordTexts(page, "[role=alert]");
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this room?" });
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Room deleted successfully")).toBeVisible();
    await expect(page).toHaveURL(/\/admin$/);
    // The other admin's tab learns it from the party, as an error, and leaves the page.
    await expect(watcher.getByRole("alert").filter({ hasText: "This room was deleted" })).toBeVisible();
    await expect(watcher).toHaveURL(/\/admin$/);
    // By now the party has told this tab too; it must not have shown an error.
    expect(await errors()).toEqual([]);
  });

  expect(await watcher.evaluate(() => "e2eSameDocument" in window), "the second tab was never reloaded").toBe(true);
});
