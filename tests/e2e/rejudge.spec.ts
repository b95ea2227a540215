// Grading an instructor can shape and correct (issue 35; decisions 038, 039),
// as an instructor meets it: a problem package with a float tolerance and one
// with a custom output validator are imported; a student's answers pass by
// the tolerance and by the checker, not by matching the expected text; the
// instructor fixes a wrong case in the bank, sees the results page say the
// results may be out of date, previews a rejudge (the student's score
// changes, and which case flips), applies it, and the student's history
// shows the new score.
import { zipSync, strToU8 } from "fflate";
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

/** A Kattis checker: any two non-negative numbers that add up to the input's n. */
const PAIR_CHECKER = `#include <fstream>
#include <iostream>
#include <string>
int main(int argc, char** argv) {
  std::ifstream in(argv[1]);
  long n;
  in >> n;
  long a, b;
  if (!(std::cin >> a >> b)) return 43;
  std::string extra;
  if (std::cin >> extra) return 43;
  return a >= 0 && b >= 0 && a + b == n ? 42 : 43;
}
`;

/** Two problems in one package file: "Halve" (float tolerance; its case 2 is wrong: 5 / 2 is not 2.6) and "Pair" (an output validator). */
function packages(tag: string) {
  const halve = `Halve ${tag}`;
  const pair = `Pair ${tag}`;
  const files: Record<string, Uint8Array> = {
    "halve/problem.yaml": strToU8(`name: ${halve}\nvalidator_flags: float_tolerance 1e-6\n`),
    "halve/problem_statement/problem.en.md": strToU8("Read an integer n and print n / 2.\n"),
    "halve/data/secret/1.in": strToU8("4\n"),
    "halve/data/secret/1.ans": strToU8("2\n"),
    "halve/data/secret/2.in": strToU8("5\n"),
    "halve/data/secret/2.ans": strToU8("2.6\n"),
    "halve/data/secret/3.in": strToU8("7\n"),
    "halve/data/secret/3.ans": strToU8("3.5\n"),
    "pair/problem.yaml": strToU8(`name: ${pair}\nvalidation: custom\n`),
    "pair/problem_statement/problem.en.md": strToU8("Read n and print two non-negative integers that add up to n.\n"),
    "pair/output_validators/pair/validate.cpp": strToU8(PAIR_CHECKER),
    "pair/data/secret/1.in": strToU8("5\n"),
    "pair/data/secret/1.ans": strToU8("2 3\n"),
    "pair/data/secret/2.in": strToU8("10\n"),
    "pair/data/secret/2.ans": strToU8("3 7\n"),
  };
  return { halve, pair, zip: Buffer.from(zipSync(files)) };
}

test("an instructor imports packages with a float tolerance and an output validator, fixes a case after the test, previews a rejudge and applies it; the student's history shows the new score", async ({ browser, page: admin }) => {
  test.setTimeout(240_000);
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const category = `Rejudge ${tag}`;
  const { halve, pair, zip } = packages(tag);

  // The instructor imports both problems: the flag and the validator become each question's output check, with no warning.
  await loginAdmin(admin);
  await admin.goto("/admin/questions");
  const card = admin.getByRole("region", { name: "Import questions" });
  await card.getByLabel("Question file").setInputFiles({ name: "problems.zip", mimeType: "application/zip", buffer: zip });
  // A package names no language: the admin picks it for its questions.
  await card.getByLabel("Language of the problem package questions").selectOption({ label: "Python" });
  await expect(card.getByTestId("import-summary")).toContainText("2 to create");
  await expect(card.getByTestId("import-row").filter({ hasText: halve })).toContainText("Output check: Numbers within tolerance (abs 0.000001, rel 0.000001)");
  await expect(card.getByTestId("import-row").filter({ hasText: pair })).toContainText("Output check: Custom checker");
  await expect(card.getByTestId("import-row").filter({ hasText: "Note:" })).toHaveCount(0);
  await card.getByRole("button", { name: "Import 2 questions" }).click();
  await expect(toast(admin, "Imported 2 questions")).toBeVisible();
  // A category of their own, so the room gives the student exactly these two (set directly: choosing a category is not what this test is about).
  await d1(`INSERT INTO categories (id, name) VALUES ('cat-${tag}', '${category}')`);
  await d1(`UPDATE questions SET category = ? WHERE title IN (?, ?)`, category, halve, pair);

  const student = await newPerson(browser);
  try {
    const me = student.page;
    await signUpStudent(me, `Rita Rejudge ${tag}`);
    await admin.goto("/admin");
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

    // The student answers both correctly. "Halve" prints 2.0 for 2 (the tolerance accepts it) and fails only the wrong
    // case 2 (2 of 3: 33 marks); "Pair" prints "5 0" where the file says "2 3" (the checker accepts it: 50). 83 in all.
    for (const n of [1, 2]) {
      await questionNav(me)
        .getByRole("button", { name: new RegExp(`^Question ${n}`) })
        .click();
      const title = (await problemTitle(me).textContent())!;
      const isHalve = title === halve;
      await typeCode(me, isHalve ? "print(int(input()) / 2)" : "n = int(input())\nprint(n, 0)");
      await submitCode(me, isHalve ? "2/3 test cases passed" : "All test cases passed!");
    }
    await finishTest(me, 83);

    // The instructor fixes case 2 of "Halve" in the question bank.
    await admin.goto(`/admin/questions/coding?q=${encodeURIComponent(halve)}`);
    const item = admin.getByRole("list", { name: "Coding questions" }).getByRole("listitem").filter({ hasText: halve });
    await item.getByRole("button", { name: "Test cases" }).click();
    const cases = admin.getByRole("dialog", { name: `Test cases: ${halve}` });
    await cases.getByRole("button", { name: "Edit Test case 2" }).click();
    // A question of 3 cases also shows the New test case form below: the edited case's field comes first.
    const edited = cases.getByLabel("Expected output", { exact: true }).first();
    await expect(edited).toHaveValue("2.6\n");
    await edited.fill("2.5");
    await cases.getByRole("button", { name: "Save test case" }).click();
    await expect(toast(admin, "Test case updated")).toBeVisible();
    await cases.getByRole("button", { name: "Close" }).last().click();

    // The results page says the results may be out of date.
    await admin.goto(`/admin/results/${roomId}`);
    await expect(admin.getByText("Results may be out of date: rejudge")).toBeVisible();
    await admin.getByRole("button", { name: "Rejudge", exact: true }).click();
    const dialog = admin.getByRole("dialog", { name: "Rejudge submissions" });
    await dialog.getByLabel("Rejudge").selectOption({ label: halve });
    await dialog.getByRole("button", { name: "Preview rejudge" }).click();
    await expect(toast(admin, "Rejudging 1 submission: the preview follows")).toBeVisible();

    // The preview: the student's score changes, case 2 flips; nothing is written yet.
    const panel = admin.getByRole("region", { name: `Rejudge of “${halve}”` });
    await expect(panel.getByText("1 of 1 student changes")).toBeVisible({ timeout: 60_000 });
    const row = panel.getByTestId("rejudge-preview-row").filter({ hasText: `Rita Rejudge ${tag}` });
    await expect(row).toContainText("83 → 100");
    await expect(row).toContainText("case 2 ✗→✓");
    expect((await d1<{ total_score: number }>(`SELECT total_score FROM student_tests WHERE room_id = ?`, roomId))[0]!.total_score).toBe(83);

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
