// Room results as a new admin meets them (spec 2: /admin/results and
// /admin/results/{roomId}): an admin runs a Python coding test in Basics with
// two students, watches the results table fill live, marks one as failed (the
// trail shows who, when and what it was), and exports the CSV, which matches
// the screen row for row.
import { readFileSync } from "node:fs";
import { DEMO, expect, test, waitForLive, type Page } from "./fixtures";
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
  solutionOf,
  submitCode,
  toast,
  typeCode,
  type Person,
  type Student,
} from "./rooms";
import { parseCsv } from "../csv";

const resultsTable = (page: Page) => page.getByRole("region", { name: "Participants" }).getByRole("table");
const resultRow = (page: Page, email: string) => resultsTable(page).getByRole("row").filter({ hasText: email });
/** Cells: name, email, score, status, tab switches, time taken, connection, actions, then marks per question. */
const resultCell = (page: Page, email: string, column: "score" | "status" | "tabSwitches") =>
  resultRow(page, email).getByRole("cell").nth({ score: 2, status: 3, tabSwitches: 4 }[column]);

/** Solves `count` of the student's two questions with the seeded reference solutions, then finishes. */
async function solve(page: Page, count: 1 | 2, expectedScore: number) {
  for (let n = 1; n <= count; n++) {
    if (n === 2) await questionNav(page).getByRole("button", { name: /^Question 2/ }).click();
    await expect(questionNav(page).getByRole("button", { name: new RegExp(`^Question ${n}`) })).toHaveAttribute("aria-current", "true");
    const title = (await problemTitle(page).textContent())!;
    await typeCode(page, solutionOf(title));
    await submitCode(page, "All test cases passed!");
  }
  await finishTest(page, expectedScore);
}

test.describe("room results", () => {
  test.describe.configure({ mode: "serial" });

  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const roomName = `Results ${tag}`;
  let roomId = "";
  let admin: Person;
  let a: Person;
  let b: Person;
  let results: Page;
  let full: Student;
  let half: Student;

  test.beforeAll(async ({ browser }) => {
    [admin, a, b] = await Promise.all([newPerson(browser), newPerson(browser), newPerson(browser)]);
  });

  test.afterEach(async ({}, testInfo) => {
    const errors: string[] = [];
    for (const [who, person] of Object.entries({ admin, "student A": a, "student B": b })) {
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const [i, page] of person.context.pages().entries()) {
          await testInfo.attach(`${who} page ${i + 1}`, { body: await page.screenshot({ fullPage: true }).catch(() => Buffer.from("")), contentType: "image/png" }).catch(() => {});
        }
      }
      errors.push(...person.errors.splice(0).map((e) => `${who}: ${e}`));
    }
    expect(errors, "console errors / uncaught page errors during the test").toEqual([]);
  });

  test.afterAll(async () => {
    await Promise.all([admin, a, b].map((p) => p?.context.close()));
  });

  test("the admin starts a Python room in Basics with two students and opens its results before anyone submits", async () => {
    test.setTimeout(90_000);
    await loginAdmin(admin.page);
    roomId = await createRoom(admin.page, { name: roomName, type: "Coding", category: "Basics", language: "Python" });
    await enableRoom(admin.page);
    [full, half] = await Promise.all([signUpStudent(a.page, `Ada Full ${tag}`), signUpStudent(b.page, `Bo Half ${tag}`)]);
    const otp = await generateOtp(admin.page);
    for (const person of [a, b]) {
      await joinTestRoom(person.page, otp);
      await expect(person.page).toHaveURL(new RegExp(`/waiting/${roomId}$`));
    }
    await admin.page.getByRole("button", { name: "Start Test Now" }).click();
    await expect(toast(admin.page, "Test started successfully")).toBeVisible();

    // A second tab, as an admin would open one: Results in the sidebar, then the room.
    results = await admin.context.newPage();
    const lobby = waitForLive(results, "lobby");
    await results.goto("/admin");
    await lobby;
    await results.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Results" }).click();
    await expect(results.getByRole("heading", { level: 2, name: "Results" })).toBeVisible();
    const listed = results.getByRole("row").filter({ hasText: roomName });
    await expect(listed).toContainText("Active");
    await expect(listed.getByRole("cell").nth(2)).toHaveText("2");
    const live = waitForLive(results, roomId);
    await listed.getByRole("link", { name: roomName }).click();
    await live;
    await expect(results).toHaveURL(new RegExp(`/admin/results/${roomId}$`));
    await expect(results.getByRole("heading", { level: 2, name: roomName })).toBeVisible();
    for (const s of [full, half]) await expect(resultCell(results, s.email, "status")).toHaveText("Not started");
  });

  test("the results table fills live as the students launch, submit and finish", async () => {
    test.setTimeout(120_000);
    for (const person of [a, b]) {
      await expect(person.page).toHaveURL(new RegExp(`/test/${roomId}/terms$`), { timeout: 10_000 });
      await acceptTermsAndLaunch(person.page);
      await expect(person.page).toHaveURL(new RegExp(`/test/${roomId}/coding$`));
    }
    await expect(resultCell(results, full.email, "status")).toHaveText("In progress");
    await expect(resultCell(results, half.email, "score")).toHaveText("0");

    await solve(a.page, 2, 100);
    await expect(resultCell(results, full.email, "score")).toHaveText("100");
    await expect(resultCell(results, full.email, "status")).toHaveText("Completed");

    await solve(b.page, 1, 50);
    await expect(resultCell(results, half.email, "score")).toHaveText("50");
    await expect(resultCell(results, half.email, "status")).toHaveText("Attempted");
    await expect(resultCell(results, half.email, "tabSwitches")).toHaveText("0");

    // The room at a glance: 1 at the pass line, none near a miss; the average of 100 and 50.
    await expect(results.getByRole("img", { name: /Score histogram/ })).toBeVisible();
    await expect(results.getByText("1 passed (100)")).toBeVisible();
    await expect(results.getByRole("definition").filter({ hasText: /^75$/ })).toBeVisible();
  });

  test("the admin marks the half-marks student as failed after confirming; the trail shows who and what it was", async () => {
    test.setTimeout(45_000);
    await resultRow(results, half.email).getByRole("button", { name: "Mark Fail" }).click();
    const confirm = results.getByRole("dialog", { name: "Mark as failed?" });
    await expect(confirm).toContainText(half.fullName);
    await confirm.getByRole("button", { name: "Mark as failed" }).click();
    await expect(toast(results, `Marked ${half.fullName} as failed`)).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(resultCell(results, half.email, "status")).toContainText("Disqualified");
    await expect(resultCell(results, half.email, "status").getByTestId("override-trail")).toHaveText(
      new RegExp(`^Failed by ${DEMO.admin.name}, \\d{1,2} [A-Z][a-z]{2} \\d\\d:\\d\\d \\(was 50, attempted\\)$`),
    );
    // The score stays; the other admin tab (the room page) is not needed for this.
    await expect(resultCell(results, half.email, "score")).toHaveText("50");
  });

  test("the CSV export matches the screen, row for row", async () => {
    test.setTimeout(45_000);
    const [download] = await Promise.all([results.waitForEvent("download"), results.getByRole("link", { name: "Export CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Results-[\w-]+-results\.csv$/);
    const csv = parseCsv(readFileSync((await download.path())!, "utf8"));
    const [header, ...body] = csv as [string[], ...string[][]];
    expect(header.slice(0, 14)).toEqual([
      "Name",
      "Email",
      "Score",
      "Status",
      "Override",
      "Override by",
      "Override at (UTC)",
      "Score before override",
      "Status before override",
      "Tab switches",
      "Time taken",
      "Offline time",
      "Synced after end",
      "Questions",
    ]);
    // One marks column per question of the room: Basics has two Python questions.
    expect(header.slice(14)).toEqual([expect.stringMatching(/^Q1 marks: /), expect.stringMatching(/^Q2 marks: /)]);

    // What the screen shows, in its order.
    const screen = await resultsTable(results)
      .locator("tbody tr")
      .evaluateAll((trs) =>
        trs.map((tr) => {
          const cells = [...tr.querySelectorAll("td")].map((td) => td.innerText.trim());
          return { name: cells[0], email: cells[1], score: cells[2], status: tr.querySelectorAll("td")[3]!.querySelector("span")!.textContent, tabs: cells[4], time: cells[5] };
        }),
      );
    expect(screen).toHaveLength(2);
    expect(body.map((r) => ({ name: r[0], email: r[1], score: r[2], status: r[3], tabs: r[9], time: r[10] }))).toEqual(screen);

    const byEmail = (email: string) => body.find((r) => r[1] === email)!;
    expect(byEmail(full.email).slice(2, 5)).toEqual(["100", "Completed", ""]);
    // Each student's own questions (both of the two, in their order), then the marks.
    expect(byEmail(full.email)[13]!.split("; ")).toHaveLength(2);
    expect(byEmail(full.email).slice(14).sort()).toEqual(["50", "50"]);
    expect(byEmail(half.email).slice(2, 10)).toEqual(["50", "Disqualified", "Failed", DEMO.admin.name, expect.stringMatching(/Z$/), "50", "attempted", "0"]);
    expect(byEmail(half.email).slice(14).sort()).toEqual(["", "50"]);
  });

  test("the export follows the screen's sort and filter", async () => {
    test.setTimeout(45_000);
    await results.getByLabel("Sort by").selectOption({ label: "Score (low to high)" });
    await expect(results).toHaveURL(/sort=score-asc/);
    await expect(resultsTable(results).locator("tbody tr").first()).toContainText(half.email);
    await results.getByLabel("Status").selectOption({ label: "Completed" });
    await expect(results).toHaveURL(/status=completed/);
    await expect(resultsTable(results).locator("tbody tr")).toHaveCount(1);
    await expect(results.getByText("Showing 1 of 2")).toBeVisible();
    const [download] = await Promise.all([results.waitForEvent("download"), results.getByRole("link", { name: "Export CSV" }).click()]);
    const rows = parseCsv(readFileSync((await download.path())!, "utf8"));
    expect(rows.slice(1).map((r) => r[1])).toEqual([full.email]);
  });
});
