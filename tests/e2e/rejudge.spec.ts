// Rejudge with a preview (issue 35, decision 039), as an instructor meets it:
// a student submits in the instructor's room; the instructor fixes a wrong
// case, sees the results page say the results may be out of date, previews a
// rejudge (the student's score changes, and which case flips), applies it,
// and the student's history shows the new score.
import { expect, test, waitForLive } from "./fixtures";
import { d1 } from "./d1";
import {
  acceptTermsAndLaunch,
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
  submitCode,
  toast,
  typeCode,
} from "./rooms";

test("an instructor fixes a case after the test, previews a rejudge and applies it; the student's history shows the new score", async ({ browser, page: admin }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const category = `Rejudge ${tag}`;
  // A category of its own with two Python questions: "Add one" has a wrong expected output in case 2 (5 + 1 = 7).
  const questions = [
    { id: `rj-add-${tag}`, title: `Add one ${tag}`, cases: [["1", "2"], ["5", "7"], ["10", "11"], ["20", "21"], ["99", "100"]] },
    { id: `rj-dbl-${tag}`, title: `Double ${tag}`, cases: [["1", "2"], ["2", "4"], ["3", "6"], ["4", "8"], ["5", "10"]] },
  ];
  await d1(`INSERT INTO categories (id, name) VALUES ('cat-${tag}', '${category}')`);
  for (const q of questions) {
    await d1(
      `INSERT INTO questions (id, title, description, language, category, type) VALUES ('${q.id}', '${q.title}', 'Read a number and print the answer.', 'python', '${category}', 'coding')`,
    );
    await d1(
      `INSERT INTO test_cases (id, question_id, input, expected_output, points, is_hidden, position) VALUES ${q.cases
        .map(([input, output], i) => `('${q.id}-${i}', '${q.id}', '${input}', '${output}', 10, ${i > 0 ? 1 : 0}, ${i})`)
        .join(", ")}`,
    );
  }

  const student = await newPerson(browser);
  try {
    const me = student.page;
    await signUpStudent(me, `Rita Rejudge ${tag}`);
    await loginAdmin(admin);
    const roomId = await createRoom(admin, { name: `Rejudge room ${tag}`, type: "Coding", category, language: "Python" });
    await enableRoom(admin);
    const live = waitForLive(me, roomId);
    await joinTestRoom(me, await generateOtp(admin));
    await expect(me).toHaveURL(new RegExp(`/waiting/${roomId}$`));
    await live;
    await admin.getByRole("button", { name: "Start Test Now" }).click();
    await expect(toast(admin, "Test started successfully")).toBeVisible();
    await expect(me).toHaveURL(new RegExp(`/test/${roomId}/terms$`));
    await acceptTermsAndLaunch(me);
    await expect(me).toHaveURL(new RegExp(`/test/${roomId}/coding$`));

    // The student solves both correctly: the wrong case 2 of "Add one" fails it (4 of 5: 40 marks), 90 in all.
    for (const n of [1, 2]) {
      await questionNav(me)
        .getByRole("button", { name: new RegExp(`^Question ${n}`) })
        .click();
      const title = (await problemTitle(me).textContent())!;
      const addOne = title.includes("Add one");
      await typeCode(me, addOne ? "print(int(input()) + 1)" : "print(int(input()) * 2)");
      await submitCode(me, addOne ? "4/5 test cases passed" : "All test cases passed!");
    }
    await finishTest(me, 90);

    // The instructor fixes case 2 in the question bank.
    await admin.goto(`/admin/questions/coding?q=${encodeURIComponent(`Add one ${tag}`)}`);
    const item = admin.getByRole("list", { name: "Coding questions" }).getByRole("listitem").filter({ hasText: `Add one ${tag}` });
    await item.getByRole("button", { name: "Test cases" }).click();
    const cases = admin.getByRole("dialog", { name: `Test cases: Add one ${tag}` });
    await cases.getByRole("button", { name: "Edit Test case 2" }).click();
    await cases.getByLabel("Expected output", { exact: true }).fill("6");
    await cases.getByRole("button", { name: "Save test case" }).click();
    await expect(toast(admin, "Test case updated")).toBeVisible();
    await cases.getByRole("button", { name: "Close" }).last().click();
    // Editing a case marks the question's grading as changed (issue 35's question form does this; set here as it would).
    await d1(`UPDATE questions SET grading_changed_at = ${Date.now()} WHERE id = '${questions[0]!.id}'`);

    // The results page says the results may be out of date.
    await admin.goto(`/admin/results/${roomId}`);
    await expect(admin.getByText("Results may be out of date: rejudge")).toBeVisible();
    await admin.getByRole("button", { name: "Rejudge", exact: true }).click();
    const dialog = admin.getByRole("dialog", { name: "Rejudge submissions" });
    await dialog.getByLabel("Rejudge").selectOption({ label: `Add one ${tag}` });
    await dialog.getByRole("button", { name: "Preview rejudge" }).click();
    await expect(toast(admin, "Rejudging 1 submission: the preview follows")).toBeVisible();

    // The preview: the student's score changes, case 2 flips; nothing is written yet.
    const panel = admin.getByRole("region", { name: `Rejudge of “Add one ${tag}”` });
    await expect(panel.getByText("1 of 1 student changes")).toBeVisible({ timeout: 60_000 });
    const row = panel.getByTestId("rejudge-preview-row").filter({ hasText: `Rita Rejudge ${tag}` });
    await expect(row).toContainText("90 → 100");
    await expect(row).toContainText("case 2 ✗→✓");
    expect((await d1<{ total_score: number }>(`SELECT total_score FROM student_tests WHERE room_id = ?`, roomId))[0]!.total_score).toBe(90);

    await panel.getByRole("button", { name: "Apply rejudge" }).click();
    const confirm = admin.getByRole("dialog", { name: "Apply this rejudge?" });
    await confirm.getByRole("button", { name: "Apply rejudge" }).click();
    await expect(toast(admin, "Rejudge applied: 1 student's result changed")).toBeVisible();
    await expect(admin.getByText("Results may be out of date: rejudge")).toBeHidden();
    const trail = admin.getByRole("region", { name: "Rejudges" });
    await expect(trail.getByTestId("rejudge-trail-row").first()).toContainText("Applied");
    await expect(trail.getByTestId("rejudge-trail-row").first()).toContainText("1 of 1 student changes");

    // The student's history shows the new score.
    await me.goto("/student/history");
    await expect(me.getByTestId("history-row").filter({ hasText: `Rejudge room ${tag}` })).toContainText("100/100");
    expect(student.errors).toEqual([]);
  } finally {
    await student.context.close();
  }
});
