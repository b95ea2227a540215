// Importing questions as a new user would (issue 24): a Moodle XML export
// that mixes a multiple-choice question, a CodeRunner C program question and a
// function-style one. The preview lists two to create and one skipped with
// its reason; after Import, a room runs the imported C question and a
// student's program passes its cases. A second file adds the room's second
// coding question (a coding room takes at least two) and finds the category
// already there.
// A CSV goes through the same import (issue 42): the same file twice offers
// keep / replace / skip for every row, and a bad row is skipped by its number.
import { expect, test, type Page } from "./fixtures";
import { alertToast, loginAdmin, newPerson, problemTitle, questionNav, roomWithTakers, submitCode, toast, typeCode } from "./rooms";

const tag = Date.now().toString(36);
const CATEGORY = `Imported ${tag}`;
const DOUBLE = `Double it ${tag}`;
const TRIPLE = `Triple it ${tag}`;

function testcase(stdin: string, expected: string, example: boolean, mark: number) {
  return `
      <testcase testtype="0" useasexample="${example ? 1 : 0}" hiderestiffail="0" mark="${mark.toFixed(7)}">
        <testcode><text></text></testcode>
        <stdin><text>${stdin}</text></stdin>
        <expected><text>${expected}</text></expected>
        <extra><text></text></extra>
        <display><text>SHOW</text></display>
      </testcase>`;
}

function program(name: string, type: string, text: string, cases: string) {
  return `
  <question type="coderunner">
    <name><text>${name}</text></name>
    <questiontext format="html"><text><![CDATA[${text}]]></text></questiontext>
    <defaultgrade>1.0000000</defaultgrade>
    <coderunnertype>${type}</coderunnertype>
    <prototypetype>0</prototypetype>
    <allornothing>1</allornothing>
    <testcases>${cases}
    </testcases>
  </question>`;
}

const category = `
  <question type="category">
    <category><text>$course$/top/${CATEGORY}</text></category>
  </question>`;

const mixed = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>${category}
  <question type="multichoice">
    <name><text>Compiled ${tag}</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which of these languages is usually <b>compiled</b> to machine code?</p>]]></text></questiontext>
    <single>true</single>
    <answer fraction="100" format="html"><text>C</text></answer>
    <answer fraction="0" format="html"><text>Python</text></answer>
    <answer fraction="0" format="html"><text>JavaScript</text></answer>
  </question>
  ${program(DOUBLE, "c_program", "<p>Read an integer <i>n</i> and print <code>2n</code>.</p>", testcase("2\n", "4\n", true, 1) + testcase("21\n", "42\n", false, 1) + testcase("-7\n", "-14\n", false, 2))}
  ${program(`Square function ${tag}`, "c_function", "<p>Write <code>int sqr(int x)</code>.</p>", testcase("", "9", true, 1).replace("<testcode><text></text>", "<testcode><text>printf(\"%d\", sqr(3));</text>"))}
</quiz>
`;

const second = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>${category}
  ${program(TRIPLE, "c_program", "<p>Read an integer <i>n</i> and print <code>3n</code>.</p>", testcase("1\n", "3\n", true, 1) + testcase("5\n", "15\n", false, 1))}
</quiz>
`;

const DOUBLE_C = `#include <stdio.h>
int main(void) {
    long n;
    if (scanf("%ld", &n) != 1) return 1;
    printf("%ld\\n", 2 * n);
    return 0;
}
`;

test("an admin imports a Moodle XML file, sees what is created and what is skipped, and a room runs the imported C question", async ({ page: roomAdmin, browser }) => {
  test.setTimeout(180_000);
  // Signed in, on Questions: the import card. (The room below is set up by an admin of its own.)
  const importer = await newPerson(browser);
  const page = importer.page;
  await loginAdmin(page);
  // The parsers run in a Web Worker (decision 035), started only once a file is chosen.
  const workers: string[] = [];
  page.on("worker", (worker) => workers.push(worker.url()));
  await page.goto("/admin/questions");
  const card = page.getByRole("region", { name: "Import questions" });
  await expect(card.getByLabel("Question file")).toBeVisible();
  expect(workers, "workers started before a file was chosen").toEqual([]);
  await card.getByLabel("Question file").setInputFiles({ name: "moodle-export.xml", mimeType: "application/xml", buffer: Buffer.from(mixed) });

  // The preview: two to create, one skipped with its reason, and the new category.
  const summary = card.getByTestId("import-summary");
  await expect(summary).toContainText("2 to create");
  await expect(summary).toContainText("1 skipped");
  await expect(card.getByText(`New categories: ${CATEGORY}`)).toBeVisible();
  await expect(card.getByTestId("import-row")).toHaveCount(2);
  await expect(card.getByTestId("import-row").filter({ hasText: DOUBLE })).toContainText("C · 3 test cases (2 hidden · 1 open)");
  await expect(card.getByTestId("import-row").filter({ hasText: "compiled" })).toContainText("MCQ · 3 options");
  const skipped = card.getByTestId("import-skipped");
  await expect(skipped).toContainText(`Square function ${tag}`);
  await expect(skipped).toContainText("function-style test code");
  expect(workers.filter((url) => /parse-file\.worker/.test(url)), "the file was parsed in a worker").toHaveLength(1);

  await card.getByRole("button", { name: "Import 2 questions" }).click();
  await expect(toast(page, "Imported 2 questions")).toBeVisible();
  await expect(card.getByRole("status").filter({ hasText: "Imported 2 questions" })).toBeVisible();

  // A second file for the same category: the category is found, not created again.
  await card.getByRole("button", { name: "Import another file" }).click();
  await card.getByLabel("Question file").setInputFiles({ name: "more.xml", mimeType: "application/xml", buffer: Buffer.from(second) });
  await expect(card.getByTestId("import-summary")).toContainText("1 to create");
  await expect(card.getByText("New categories:")).toHaveCount(0);
  await card.getByRole("button", { name: "Import 1 question" }).click();
  await expect(toast(page, "Imported 1 question")).toBeVisible();

  // The same file again: both are already in the bank, skipped unless chosen otherwise.
  await card.getByRole("button", { name: "Import another file" }).click();
  await card.getByLabel("Question file").setInputFiles({ name: "more.xml", mimeType: "application/xml", buffer: Buffer.from(second) });
  await expect(card.getByTestId("import-summary")).toContainText("1 already in the bank");
  await expect(card.getByLabel(`What to do with ${TRIPLE}`)).toHaveValue("skip");
  await expect(card.getByRole("button", { name: "Import 0 questions" })).toBeDisabled();
  await card.getByRole("button", { name: "Clear" }).click();

  // A room of that category runs the imported question; the student's program passes its cases.
  expect(importer.errors, "console errors in the importing admin's browser").toEqual([]);
  await importer.context.close();
  const room = await roomWithTakers(roomAdmin, browser, { name: `Imported room ${tag}`, type: "Coding", category: CATEGORY, language: "C" }, 1, { namePrefix: "Importer" });
  const student = room.takers[0]!;
  try {
    // Questions come in each student's own order: open the imported C question.
    if ((await problemTitle(student.page).textContent()) !== DOUBLE) {
      await questionNav(student.page).getByRole("button", { name: /^Question 2/ }).click();
    }
    await expect(problemTitle(student.page)).toHaveText(DOUBLE);
    await expect(student.page.getByRole("region", { name: "Problem" })).toContainText("print 2n");
    await typeCode(student.page, DOUBLE_C);
    await submitCode(student.page, "All test cases passed!");
    expect(student.errors, "console errors in the student's browser").toEqual([]);
  } finally {
    await student.context.close();
  }
});

const MCQ_HEADER = "title,category,option_a,option_b,option_c,option_d,correct_option";

/** The bank's count for one category, as the Categories list shows it. */
const categoryCount = (page: Page, category: string) =>
  page.getByRole("region", { name: "Categories" }).getByRole("listitem").filter({ hasText: category });

test("an admin imports the same CSV twice: the second time every row is already in the bank, and skip adds nothing", async ({ page }) => {
  test.setTimeout(90_000);
  const category = `CSV twice ${tag}`;
  const titles = [`Which is a loop? ${tag}`, `Which is a type? ${tag}`, `Which is a keyword? ${tag}`];
  const csv = [MCQ_HEADER, `"${titles[0]}",${category},for,if,"x, y",z,a`, `"${titles[1]}",${category},int,for,if,=,A`, `"${titles[2]}",${category},x,y,return,z,c`].join("\r\n");
  const file = { name: "mcq-bank.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${csv}\r\n`) };
  await loginAdmin(page);
  await page.goto("/admin/questions");
  const card = page.getByRole("region", { name: "Import questions" });
  // The spec's CSV templates are in the card.
  await expect(card.getByRole("link", { name: "Download MCQ template" })).toHaveAttribute("download", "mcq-questions-template.csv");
  await expect(card.getByRole("link", { name: "Download coding template" })).toHaveAttribute("download", "coding-questions-template.csv");

  await card.getByLabel("Question file").setInputFiles(file);
  await expect(card.getByTestId("import-summary")).toContainText("3 to create");
  await expect(card.getByText(`New categories: ${category}`)).toBeVisible();
  await card.getByRole("button", { name: "Import 3 questions" }).click();
  await expect(toast(page, "Imported 3 MCQ questions")).toBeVisible();
  await expect(categoryCount(page, category)).toContainText("3 questions");

  // The same file again: every row is in the bank, each with keep / replace / skip, skip chosen.
  await card.getByRole("button", { name: "Import another file" }).click();
  await card.getByLabel("Question file").setInputFiles(file);
  await expect(card.getByTestId("import-summary")).toContainText("3 already in the bank");
  await expect(card.getByTestId("import-summary")).toContainText("0 to create");
  await expect(card.getByTestId("import-row")).toHaveCount(3);
  for (const title of titles) {
    const choice = card.getByLabel(`What to do with ${title}`);
    await expect(choice).toHaveValue("skip");
    await expect(choice.getByRole("option")).toHaveText(["Keep both", "Replace", "Skip"]);
  }
  await expect(card.getByLabel("For all 3 already in the bank")).toHaveValue("skip");
  await expect(card.getByRole("button", { name: "Import 0 questions" })).toBeDisabled();

  // Replace one, skip the other two: the bank keeps its count.
  await card.getByLabel(`What to do with ${titles[1]}`).selectOption("replace");
  await card.getByRole("button", { name: "Import 1 question" }).click();
  await expect(toast(page, "Imported 0 MCQ questions, replaced 1")).toBeVisible();
  await expect(categoryCount(page, category)).toContainText("3 questions");

  // Keep both, for all at once: now they are added again.
  await card.getByRole("button", { name: "Import another file" }).click();
  await card.getByLabel("Question file").setInputFiles(file);
  await card.getByLabel("For all 3 already in the bank").selectOption("keep");
  for (const title of titles) await expect(card.getByLabel(`What to do with ${title}`)).toHaveValue("keep");
  await card.getByRole("button", { name: "Import 3 questions" }).click();
  await expect(toast(page, "Imported 3 MCQ questions").last()).toBeVisible();
  await expect(categoryCount(page, category)).toContainText("6 questions");
});

test("a CSV with a bad row: the preview skips it by its row number, and Import commits the good rows", async ({ page }) => {
  const category = `CSV bad row ${tag}`;
  const csv = [MCQ_HEADER, `Good one ${tag}?,${category},a,b,c,d,b`, `Bad one ${tag}?,${category},a,b,c,d,`, `Good two ${tag}?,${category},a,b,c,d,D`].join("\n");
  await loginAdmin(page);
  await page.goto("/admin/questions");
  const card = page.getByRole("region", { name: "Import questions" });

  // A file that is not one of the bank's CSVs: the spec's message, and why.
  await card.getByLabel("Question file").setInputFiles({ name: "people.csv", mimeType: "text/csv", buffer: Buffer.from("name,email\nAna,ana@example.com\n") });
  await expect(alertToast(page, "Failed to parse CSV file")).toBeVisible();
  await expect(card.getByRole("alert")).toContainText("neither the coding-question columns nor the MCQ columns");

  await card.getByLabel("Question file").setInputFiles({ name: "with-a-bad-row.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const summary = card.getByTestId("import-summary");
  await expect(summary).toContainText("2 to create");
  await expect(summary).toContainText("1 skipped");
  const skipped = card.getByTestId("import-skipped");
  await expect(skipped).toContainText(`Bad one ${tag}? (row 3): Missing correct_option (A, B, C or D)`);
  await expect(card.getByTestId("import-row")).toHaveCount(2);
  await card.getByRole("button", { name: "Import 2 questions" }).click();
  await expect(toast(page, "Imported 2 MCQ questions")).toBeVisible();
  await expect(alertToast(page, "Failed to import 1 questions")).toBeVisible();
  await expect(categoryCount(page, category)).toContainText("2 questions");
});
