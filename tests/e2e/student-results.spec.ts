// The student's results side as a new student meets it (spec 2: My Test
// History, the submission view, Settings): a Python coding test in the seeded
// "Basics" category, judged by the real runner, then the history and the
// submission view, where hidden test cases show their status only; and a
// password change, after which only the new password logs in.
import type { Response } from "@playwright/test";
import { codingQuestions } from "../../scripts/seed-data.mjs";
import { allowConsoleErrors, errorToast, expect, expectFieldError, expectNoFieldError, login, resourceError, test, waitForLive, type Page } from "./fixtures";
import {
  acceptTermsAndLaunch,
  alertToast,
  createRoom,
  enableRoom,
  finishTest,
  generateOtp,
  joinTestRoom,
  loginAdmin,
  newPerson,
  problemTitle,
  questionNav,
  signUpStudent,
  solutionOf,
  submitCode,
  toast,
  typeCode,
} from "./rooms";

type SeedCase = { input: string; expected_output: string; is_hidden: boolean };
type SeedQuestion = { title: string; description: string; solution: string; language: string; category: string; testCases: SeedCase[] };

/**
 * The hidden cases' inputs and expected outputs of a seeded Basics Python
 * question that are distinctive enough to search a page for (not a single
 * letter, and not also in its description or solution).
 */
function hiddenTexts(title: string): string[] {
  const q = (codingQuestions as SeedQuestion[]).find((x) => x.title === title && x.language === "python" && x.category === "Basics")!;
  return q.testCases
    .filter((c) => c.is_hidden)
    .flatMap((c) => [c.input.trim(), c.expected_output.trim()])
    .filter((t) => t.length >= 5 && !q.description.includes(t) && !q.solution.includes(t));
}

const escapeHtml = (t: string) => t.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#x27;");

test("a student takes a coding test, then finds it in My Test History with hidden cases shown as status only", async ({ browser, page: adminPage }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const roomName = `Results path ${tag}`;
  const student = await newPerson(browser);
  try {
    const me = student.page;
    await signUpStudent(me, `Rhea Results ${tag}`);

    // The admin opens a Python room in Basics and starts it once the student waits.
    await loginAdmin(adminPage);
    const roomId = await createRoom(adminPage, { name: roomName, type: "Coding", category: "Basics", language: "Python" });
    await enableRoom(adminPage);
    const live = waitForLive(me, roomId);
    await joinTestRoom(me, await generateOtp(adminPage));
    await expect(me).toHaveURL(new RegExp(`/waiting/${roomId}$`));
    await live;
    await adminPage.getByRole("button", { name: "Start Test Now" }).click();
    await expect(toast(adminPage, "Test started successfully")).toBeVisible();
    await expect(me).toHaveURL(new RegExp(`/test/${roomId}/terms$`), { timeout: 10_000 });
    await acceptTermsAndLaunch(me);
    await expect(me).toHaveURL(new RegExp(`/test/${roomId}/coding$`));

    // Question 1 solved with the reference solution, question 2 answered wrong.
    const solved = (await problemTitle(me).textContent())!;
    await typeCode(me, solutionOf(solved));
    await submitCode(me, "All test cases passed!");
    await questionNav(me).getByRole("button", { name: /^Question 2/ }).click();
    await expect(questionNav(me).getByRole("button", { name: /^Question 2/ })).toHaveAttribute("aria-current", "true");
    const wrong = (await problemTitle(me).textContent())!;
    expect(wrong).not.toBe(solved);
    await typeCode(me, 'print("x")\n');
    await submitCode(me, "0/5 test cases passed");
    await finishTest(me, 50);

    // My Test History: the test with the student's badge and score.
    await me.getByRole("navigation", { name: "Student navigation" }).getByRole("link", { name: "My Test History" }).click();
    await expect(me).toHaveURL(/\/student\/history$/);
    await expect(me.getByRole("heading", { name: "My Test History" })).toBeVisible();
    const row = me.getByTestId("history-row").filter({ hasText: roomName });
    await expect(row).toHaveCount(1);
    // Both questions submitted, 50 of 100: completed under 100 reads 'Attempted' to a student.
    await expect(row.getByText("Attempted", { exact: true })).toBeVisible();
    await expect(row.getByText("50/100", { exact: true })).toBeVisible();

    // The submission view, reached through the client-side data request: watch what it carries.
    const responses: Promise<string>[] = [];
    const onResponse = (r: Response) => {
      if (r.url().includes("/student/submission/")) responses.push(r.text().catch(() => ""));
    };
    me.on("response", onResponse);
    await row.getByRole("link", { name: roomName, exact: true }).click();
    await expect(me).toHaveURL(/\/student\/submission\/[\w-]+$/);
    await expect(me.getByRole("heading", { level: 2, name: roomName })).toBeVisible();
    await expect(me.getByRole("heading", { name: "Your Submissions" })).toBeVisible();
    await expect(me.getByTestId("test-score")).toHaveText("50/100");

    const questions = me.getByRole("group", { name: "Questions" }).getByRole("button");
    await expect(questions).toHaveCount(2);
    for (const n of [1, 2]) {
      const button = questions.filter({ hasText: `Question ${n}` });
      await button.click();
      await expect(button).toHaveAttribute("aria-pressed", "true");
      const title = (await me.getByRole("heading", { level: 4 }).textContent())!.replace(/^Question \d+:\s*/, "");
      expect([solved, wrong]).toContain(title);
      const isSolved = title === solved;
      await expect(me.getByTestId("question-score")).toHaveText(isSolved ? "50/50" : "0/50");
      await expect(me.getByTestId("question-cases")).toContainText(isSolved ? "5/5" : "0/5");
      await expect(me.getByTestId("question-cases").getByRole("img", { name: isSolved ? "all passed" : "not all passed" })).toBeVisible();
      await expect(me.getByTestId("question-pass-rate")).toHaveText(isSolved ? "100%" : "0%");
      await expect(me.getByText("Language: Python", { exact: true })).toBeVisible();
      await expect(me.getByLabel(`Your code for question ${n}`)).toContainText(isSolved ? solutionOf(solved).split("\n")[0]! : 'print("x")');

      const cases = me.getByTestId("test-case");
      await expect(cases).toHaveCount(5);
      const open = cases.filter({ hasText: "Open" });
      await expect(open).toHaveCount(1);
      await expect(open.getByText("Input", { exact: true })).toBeVisible();
      await expect(open.getByText("Expected Output", { exact: true })).toBeVisible();
      const hidden = cases.filter({ hasText: "Hidden" });
      await expect(hidden).toHaveCount(4);
      for (let i = 0; i < 4; i++) {
        const c = hidden.nth(i);
        await expect(c.getByText(isSolved ? "Passed" : "Failed", { exact: true })).toBeVisible();
        await expect(c.getByText("10 points")).toBeVisible();
        await expect(c.getByText("Hidden test case: only its result is shown.")).toBeVisible();
        await expect(c.getByText("Input", { exact: true })).toHaveCount(0);
      }
    }

    // No hidden input or expected output anywhere: not in the page, nor in the data it loaded, nor after a reload.
    const secrets = [...hiddenTexts(solved), ...hiddenTexts(wrong)];
    expect(secrets.length).toBeGreaterThan(4);
    const check = (text: string, where: string) => {
      for (const s of secrets) {
        expect(text.includes(s) || text.includes(escapeHtml(s)), `${where} holds a hidden case's "${s}"`).toBe(false);
      }
    };
    me.off("response", onResponse);
    const bodies = await Promise.all(responses);
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) check(body, "the submission data");
    check(await me.content(), "the page");
    await me.reload();
    await expect(me.getByRole("heading", { name: "Your Submissions" })).toBeVisible();
    check(await me.content(), "the reloaded page");

    // Back to History goes back.
    await me.getByRole("link", { name: "Back to History" }).click();
    await expect(me).toHaveURL(/\/student\/history$/);
    expect(student.errors, "console errors / uncaught page errors of the student").toEqual([]);
  } finally {
    await student.context.close();
  }
});

test.describe("changing the password", () => {
  // The refused attempts answer 400 (settings) and 401 (the old password at sign-in).
  test.use(allowConsoleErrors(resourceError(400, /\/student\/settings\.data/), resourceError(401, /\/auth\.data$/)));

  test("a student changes their password; only the new one logs in, and their other session ends", async ({ page, browser }) => {
    test.setTimeout(60_000);
    const account = await signUpStudent(page, "Pat Password");
    const newPassword = "a-brand-new-pass-9";

    // A second device, signed in as the same student.
    const other = await newPerson(browser);
    try {
      await login(other.page, account.email, account.password);
      await expect(other.page).toHaveURL(/\/student$/);

      await page.getByRole("navigation", { name: "Student navigation" }).getByRole("link", { name: "Settings" }).click();
      await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
      const form = page.getByRole("main");
      const submit = form.getByRole("button", { name: "Change Password" });

      // The confirmation must match (checked before anything is sent).
      await fillPasswords(page, account.password, newPassword, "something-else-1");
      await submit.click();
      // Under the confirmation, which takes the focus (issue 42, item 6); the toast shows it too, unannounced.
      const confirm = form.getByLabel("Confirm New Password");
      await expectFieldError(confirm, "Passwords don't match");
      await expect(confirm).toBeFocused();
      await expect(errorToast(page, "Passwords don't match")).toBeVisible();

      // A session alone is not enough: the current password must be right.
      await fillPasswords(page, "not-my-password", newPassword, newPassword);
      await expectNoFieldError(confirm);
      await submit.click();
      await expect(alertToast(page, "Current password is incorrect")).toBeVisible();
      // The server's answer names the field too.
      await expectFieldError(form.getByLabel("Current Password"), "Current password is incorrect");

      await fillPasswords(page, account.password, newPassword, newPassword);
      await submit.click();
      await expect(toast(page, "Password changed successfully")).toBeVisible();
      await expect(form.getByLabel("Current Password")).toHaveValue("");

      // This device stays signed in; the other one is signed out.
      await page.reload();
      await expect(page.getByRole("heading", { name: "Change Password" })).toBeVisible();
      await other.page.reload();
      await expect(other.page).toHaveURL(/\/auth\?redirectTo=%2Fstudent$/);

      // Only the new password logs in.
      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/\/$/);
      await login(page, account.email, account.password);
      await expect(alertToast(page, "Invalid email or password")).toBeVisible();
      await expect(page).toHaveURL(/\/auth/);
      await login(page, account.email, newPassword, { from: "/auth" });
      await expect(page).toHaveURL(/\/student$/);
      await expect(toast(page, "Logged in successfully!")).toBeVisible();
      expect(other.errors).toEqual([]);
    } finally {
      await other.context.close();
    }
  });
});

async function fillPasswords(page: Page, current: string, next: string, confirm: string) {
  const form = page.getByRole("main");
  await form.getByLabel("Current Password").fill(current);
  await form.getByLabel("New Password", { exact: true }).fill(next);
  await form.getByLabel("Confirm New Password").fill(confirm);
}
