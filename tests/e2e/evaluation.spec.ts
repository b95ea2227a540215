// Manual evaluation end to end (spec 2: My Test History's Request
// Evaluation, /admin/evaluation, /admin/evaluate/{testId}): a student with a
// near pass (90) asks for a review; the admin sees the request arrive live,
// opens the evaluation page, fixes one character, runs it on the real runner,
// sees the boxes tick, saves, and the student's history shows the new score.
//
// The 90-point test itself is written into D1 (room, test, submissions of two
// seeded Python questions): taking a test through the UI is covered by
// student-results.spec.ts, and a score of exactly 90 is not reachable there
// without depending on the seeded cases.
import { codingQuestions } from "../../scripts/seed-data.mjs";
import { d1 } from "./d1";
import { expect, test, waitForLive } from "./fixtures";
import { alertToast, loginAdmin, newPerson, signUpStudent, toast } from "./rooms";

type SeedQuestion = { id: string; title: string; solution: string; language: string; category: string; testCases: unknown[] };

test("a 90 becomes 100: request, live arrival, fix one character, run, save, history", async ({ browser, page: admin }) => {
  test.setTimeout(120_000);
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const roomName = `Evaluation path ${tag}`;
  const reason = `Only a stray bracket ${tag}`;
  const [q0, q1] = (codingQuestions as SeedQuestion[]).filter((q) => q.language === "python" && q.category === "Basics");
  if (!q0 || !q1) throw new Error("the seed has fewer than two Python Basics questions");
  const caseIds = (q: SeedQuestion) => q.testCases.map((_, i) => `${q.id}-tc${i + 1}`);
  // One character too many: a syntax error, so every case fails until it is removed.
  const broken = `${q1.solution.trimEnd()})`;

  const student = await newPerson(browser);
  const me = await signUpStudent(student.page, `Eval Student ${tag}`);
  const [{ id: studentId }] = await d1<{ id: string }>("SELECT id FROM user WHERE email = ?", me.email);
  const [{ id: adminId }] = await d1<{ id: string }>("SELECT id FROM user WHERE email = 'admin@demo.edu'");
  const roomId = crypto.randomUUID();
  const testId = crypto.randomUUID();
  const json = (ids: string[]) => JSON.stringify(ids);
  const q1Passed = caseIds(q1).slice(0, -1);
  await d1(
    [
      "INSERT INTO test_rooms (id, room_name, created_by, question_type, language, category) VALUES (?, ?, ?, 'coding', 'python', 'Basics')",
      "INSERT INTO student_tests (id, room_id, student_id, total_score, status, submitted_at) VALUES (?, ?, ?, 90, 'attempted', unixepoch() * 1000)",
      "INSERT INTO submissions (id, student_test_id, question_id, question_title, code, language, test_cases_passed, test_cases_total, score, marks_obtained, passed_test_case_ids) VALUES (?, ?, ?, ?, ?, 'python', ?, ?, 100, 50, ?)",
      "INSERT INTO submissions (id, student_test_id, question_id, question_title, code, language, test_cases_passed, test_cases_total, score, marks_obtained, passed_test_case_ids) VALUES (?, ?, ?, ?, ?, 'python', ?, ?, 80, 40, ?)",
    ].join("; "),
    roomId, roomName, adminId,
    testId, roomId, studentId,
    crypto.randomUUID(), testId, q0.id, q0.title, q0.solution, caseIds(q0).length, caseIds(q0).length, json(caseIds(q0)),
    crypto.randomUUID(), testId, q1.id, q1.title, broken, q1Passed.length, caseIds(q1).length, json(q1Passed),
  );

  // The admin watches the requests list, live on the lobby.
  await loginAdmin(admin);
  const live = waitForLive(admin, "lobby");
  await admin.goto("/admin/evaluation");
  await live;
  const request = admin.getByTestId("evaluation-row").filter({ hasText: reason });
  await expect(request).toHaveCount(0);

  // The student asks for a review: the reason is required.
  const history = student.page;
  await history.goto("/student/history");
  const row = history.getByTestId("history-row").filter({ hasText: roomName });
  await expect(row).toContainText("90/100");
  await row.getByRole("button", { name: "Request Evaluation" }).click();
  const dialog = history.getByRole("dialog", { name: "Request Evaluation" });
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(alertToast(history, "Please provide a reason for manual evaluation")).toBeVisible();
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: "Submit Request" }).click();
  await expect(toast(history, "Manual evaluation request submitted")).toBeVisible();
  await expect(row).toContainText("Review pending");
  await expect(row.getByRole("button", { name: "Request Evaluation" })).toHaveCount(0);

  // It arrives on the admin's page without a reload.
  await expect(request).toHaveCount(1);
  await expect(request).toContainText(me.email);
  await expect(request).toContainText("90/100");
  await expect(request).toContainText("pending");

  // View Code: the evaluation page, question 2 holds the broken code.
  await request.getByRole("link", { name: "View Code" }).click();
  await expect(admin).toHaveURL(`/admin/evaluate/${testId}`);
  await admin.getByRole("tab", { name: "Question 2" }).click();
  const boxes = admin.getByTestId("evaluate-case").getByRole("checkbox");
  await expect(boxes).toHaveCount(caseIds(q1).length);
  await expect(boxes.last()).not.toBeChecked();

  // Fix one character: the stray bracket at the very end.
  const content = admin.locator(".cm-content");
  await content.click();
  await admin.keyboard.press("ControlOrMeta+End");
  await admin.keyboard.press("Backspace");
  await expect
    .poll(() => content.evaluate((el) => [...el.querySelectorAll(".cm-line")].map((line) => line.textContent).join("\n")))
    .toBe(q1.solution.trimEnd());
  await expect(admin.getByTestId("code-changes")).toBeVisible();

  await admin.getByRole("button", { name: "Run Code" }).click();
  await expect(toast(admin, "All test cases passed!")).toBeVisible({ timeout: 30_000 });
  for (const box of await boxes.all()) await expect(box).toBeChecked();

  await admin.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(admin, "Evaluation saved: score 100")).toBeVisible();
  await expect(admin.getByTestId("evaluation-score")).toContainText("score 100/100");

  // The student's history shows the new score.
  await history.reload();
  await expect(row).toContainText("100/100");
  await expect(row).toContainText("Completed");

  // What the server stored: the student's code untouched, the fix as the evaluator's version.
  const [sub] = await d1<{ code: string; test_cases_passed: number }>("SELECT code, test_cases_passed FROM submissions WHERE student_test_id = ? AND question_id = ?", testId, q1.id);
  expect(sub).toEqual({ code: broken, test_cases_passed: caseIds(q1).length });
  const [version] = await d1<{ code: string }>("SELECT code FROM evaluator_versions WHERE student_test_id = ?", testId);
  expect(version?.code).toBe(q1.solution.trimEnd());

  expect(student.errors).toEqual([]);
  await student.context.close();
});
