// The admin's Test History (spec 2 sections 2 and 8), as a person uses it:
// two students really take a test (room, OTP, start, terms), then the admin
// finds their tests, exports them, and deletes one after confirming.
import { readFile } from "node:fs/promises";
import { d1 } from "./d1";
import { expect, test, waitForLive } from "./fixtures";
import {
  acceptTermsAndLaunch,
  createRoom,
  enableRoom,
  generateOtp,
  joinTestRoom,
  loginAdmin,
  newPerson,
  signUpStudent,
  toast,
  type Person,
  type Student,
} from "./rooms";

test.describe("test history", () => {
  test.describe.configure({ mode: "serial" });

  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const roomName = `History ${tag}`;
  let roomId = "";
  let admin: Person;
  let people: Person[] = [];
  let students: Student[] = [];

  test.beforeAll(async ({ browser }) => {
    admin = await newPerson(browser);
    people = await Promise.all([newPerson(browser), newPerson(browser)]);
  });

  test.afterEach(async () => {
    const errors = [admin, ...people].flatMap((p, i) => p.errors.splice(0).map((e) => `${i === 0 ? "admin" : `student ${i}`}: ${e}`));
    expect(errors, "console errors / uncaught page errors during the test").toEqual([]);
  });

  test.afterAll(async () => {
    await Promise.all([admin, ...people].map((p) => p?.context.close()));
  });

  test("two students take a test in a new room", async () => {
    test.setTimeout(90_000);
    await loginAdmin(admin.page);
    roomId = await createRoom(admin.page, { name: roomName, type: "Coding", category: "Basics", language: "Python" });
    await enableRoom(admin.page);
    students = await Promise.all(people.map((p, i) => signUpStudent(p.page, `${i === 0 ? "Hana" : "Ivo"} History ${tag}`)));

    const otp = await generateOtp(admin.page);
    for (const person of people) {
      const live = waitForLive(person.page, roomId);
      await joinTestRoom(person.page, otp);
      await expect(person.page).toHaveURL(new RegExp(`/waiting/${roomId}$`));
      await live;
    }
    await admin.page.getByRole("button", { name: "Start Test Now" }).click();
    await expect(toast(admin.page, "Test started successfully")).toBeVisible();
    for (const person of people) {
      await expect(person.page).toHaveURL(new RegExp(`/test/${roomId}/terms$`), { timeout: 10_000 });
      await acceptTermsAndLaunch(person.page);
      await expect(person.page).toHaveURL(new RegExp(`/test/${roomId}/coding$`));
    }
    // The students are done here: their pages would only sync in the background.
    await Promise.all(people.map((p) => p.page.close()));
  });

  test("the admin searches the history, exports it, and deletes one test after confirming", async () => {
    test.setTimeout(60_000);
    const page = admin.page;
    await page.getByRole("navigation").getByRole("link", { name: "Test History" }).click();
    await expect(page).toHaveURL(/\/admin\/history$/);
    await expect(page.getByRole("heading", { level: 2, name: "Test History" })).toBeVisible();

    const search = page.getByRole("searchbox", { name: "Search by name, email or room" });
    const rows = page.getByTestId("history-row");
    const row = (student: Student) => rows.filter({ hasText: student.email });

    // By room: both tests, with the room, an admin badge and a View Test link.
    await search.fill(roomName);
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(roomName).replace(/%20/g, "\\+")}$`));
    await expect(rows).toHaveCount(2);
    for (const student of students) {
      await expect(row(student)).toContainText(student.fullName);
      await expect(row(student)).toContainText(roomName);
      await expect(row(student).getByRole("link", { name: "View Test" })).toHaveAttribute("href", /^\/admin\/submission\/[\w-]+$/);
    }
    await expect(page.getByTestId("history-range")).toHaveText("Showing 1–2 of 2 tests");

    // By email (another case): just that student.
    await search.fill(students[1]!.email.toUpperCase());
    await expect(rows).toHaveCount(1);
    await expect(row(students[1]!)).toBeVisible();

    // By name.
    await search.fill(students[0]!.fullName);
    await expect(rows).toHaveCount(1);
    await expect(row(students[0]!)).toBeVisible();

    await search.fill(roomName);
    await expect(rows).toHaveCount(2);
    await page.getByRole("button", { name: "Refresh" }).click();
    await expect(rows).toHaveCount(2);

    // The export has the same filter: both tests, and nobody else.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const csv = await readFile((await (await download).path())!, "utf8");
    expect(csv.startsWith("\uFEFF"), "a BOM, so Excel reads UTF-8").toBe(true);
    const lines = csv.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Student,Email,Room,Type,Score,Max score,Status,Override,Tab switches,Started (UTC),Submitted (UTC),Test ID");
    expect(lines).toHaveLength(3);
    for (const student of students) expect(csv).toContain(student.email);

    // Delete, by keyboard: Escape cancels, and nothing is deleted.
    const victim = students[1]!;
    const survivor = students[0]!;
    const deleteButton = row(victim).getByRole("button", { name: `Delete the test of ${victim.fullName} in ${roomName}` });
    await deleteButton.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete this test?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`The test of ${victim.fullName} in ${roomName}`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(2);

    // Confirmed: it goes, with a success message; the other test stays.
    await deleteButton.click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page, "Test history deleted successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(rows).toHaveCount(1);
    await expect(row(survivor)).toBeVisible();
    await expect(row(victim)).toHaveCount(0);
    await expect(page.getByTestId("history-range")).toHaveText("Showing 1–1 of 1 test");

    // What the server stored: the test is gone, its participant and the room stay.
    const tests = await d1<{ email: string }>(
      "SELECT u.email FROM student_tests t JOIN user u ON u.id = t.student_id WHERE t.room_id = ?",
      roomId,
    );
    expect(tests.map((t) => t.email)).toEqual([survivor.email]);
    const participants = await d1("SELECT student_id FROM room_participants WHERE room_id = ?", roomId);
    expect(participants).toHaveLength(2);

    // Still gone after a reload.
    await page.reload();
    await expect(rows).toHaveCount(1);
  });
});
