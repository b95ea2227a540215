// The student's test path (spec 2 sections 2, 4, 5, 8, 9), each person in a
// browser of their own: an admin runs the rooms; students join by OTP, wait,
// accept the terms and take a coding test judged by the real code runner
// (scripts/e2e-server.mjs starts one for the tests), or an MCQ test that
// submits itself when its minute is up.
import { expect, test, waitForLive } from "./fixtures";
import {
  acceptTermsAndLaunch,
  alertToast,
  cell,
  correctShownIndex,
  createRoom,
  enableRoom,
  finishTest,
  generateOtp,
  joinTestRoom,
  lockDialog,
  loginAdmin,
  markDocument,
  newPerson,
  problemTitle,
  questionNav,
  sameDocument,
  signUpStudent,
  solutionOf,
  submitCode,
  switchMethods,
  switchTab,
  toast,
  typeCode,
  unlock,
  type Person,
  type Student,
} from "./rooms";

// ================================================================= a coding room

test.describe("a coding room, from the OTP to the results", () => {
  test.describe.configure({ mode: "serial" });

  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const roomName = `Student path ${tag}`;
  const unlockCode = `open-${tag}`;
  let roomId = "";
  let admin: Person;
  let a: Person;
  let b: Person;
  let c: Person | undefined;
  let studentA: Student;
  let studentB: Student;

  test.beforeAll(async ({ browser }) => {
    [admin, a, b] = await Promise.all([newPerson(browser), newPerson(browser), newPerson(browser)]);
  });

  test.afterEach(async ({}, testInfo) => {
    const people = { admin, "student A": a, "student B": b, "student C": c };
    const errors: string[] = [];
    for (const [who, person] of Object.entries(people)) {
      if (!person) continue;
      if (testInfo.status !== testInfo.expectedStatus) {
        for (const [i, page] of person.context.pages().entries()) {
          await testInfo
            .attach(`${who} page ${i + 1}`, { body: await page.screenshot().catch(() => Buffer.from("")), contentType: "image/png" })
            .catch(() => {});
        }
      }
      errors.push(...person.errors.splice(0).map((e) => `${who}: ${e}`));
    }
    for (const method of switchMethods) testInfo.annotations.push({ type: "tab switch", description: method });
    switchMethods.clear();
    expect(errors, "console errors / uncaught page errors during the test").toEqual([]);
  });

  test.afterAll(async () => {
    await Promise.all([admin, a, b, c].map((p) => p?.context.close()));
  });

  test("the admin creates a Python room in Basics, enables it and sets the unlock code", async () => {
    test.setTimeout(45_000);
    const page = admin.page;
    await loginAdmin(page);
    roomId = await createRoom(page, { name: roomName, type: "Coding", category: "Basics", language: "Python" });
    await expect(page.getByText(/^Coding · Python · Basics · 60 minutes · \d+ questions$/)).toBeVisible();
    await enableRoom(page);
    await expect(page.getByText("No participants yet...")).toBeVisible();

    await page.getByRole("button", { name: "Unlock Code" }).click();
    const dialog = page.getByRole("dialog", { name: "Unlock code" });
    await dialog.getByLabel("Unlock code").fill(unlockCode);
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, "Unlock code updated successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
  });

  test("the admin issues an OTP; two students join, wait, and both reach the terms by themselves when the admin starts", async () => {
    test.setTimeout(60_000);
    [studentA, studentB] = await Promise.all([signUpStudent(a.page, `Ada Path ${tag}`), signUpStudent(b.page, `Bo Path ${tag}`)]);

    // A code is valid for 30 s: issued once both students are ready to type it.
    const otp = await generateOtp(admin.page);
    for (const [person, student] of [
      [a, studentA],
      [b, studentB],
    ] as const) {
      const live = waitForLive(person.page, roomId);
      await joinTestRoom(person.page, otp);
      await expect(toast(person.page, "Successfully joined the room!")).toBeVisible();
      await expect(person.page).toHaveURL(new RegExp(`/waiting/${roomId}$`));
      await expect(person.page.getByRole("heading", { name: "Waiting for test to start" })).toBeVisible();
      await expect(person.page.getByText(student.email)).toBeVisible();
      await expect(person.page.getByText("60 minutes")).toBeVisible();
      await live;
      await markDocument(person.page);
    }

    // The admin's table lists both live: OTP joins are published to the room's admins.
    for (const student of [studentA, studentB]) await expect(cell(admin.page, student.email, "status")).toHaveText("waiting");

    await admin.page.getByRole("button", { name: "Start Test Now" }).click();
    await expect(toast(admin.page, "Test started successfully")).toBeVisible();

    // Both waiting rooms move on by themselves: no reload, within a few seconds.
    for (const person of [a, b]) {
      await expect(person.page).toHaveURL(new RegExp(`/test/${roomId}/terms$`), { timeout: 5_000 });
      expect(await sameDocument(person.page), "the waiting room moved on without a reload").toBe(true);
    }
    for (const person of [a, b]) {
      await acceptTermsAndLaunch(person.page);
      await expect(person.page).toHaveURL(new RegExp(`/test/${roomId}/coding$`));
      await expect(questionNav(person.page).getByRole("button")).toHaveCount(2);
      await expect(person.page.getByText("Tab switches: 0/3")).toBeVisible();
    }
  });

  test("student A solves both questions, finishes with 100/100, and the admin sees the score", async () => {
    test.setTimeout(60_000);
    const page = a.page;
    const titles = [];
    for (const n of [1, 2]) {
      if (n === 2) await questionNav(page).getByRole("button", { name: /^Question 2/ }).click();
      await expect(questionNav(page).getByRole("button", { name: new RegExp(`^Question ${n}`) })).toHaveAttribute("aria-current", "true");
      const title = (await problemTitle(page).textContent())!;
      titles.push(title);
      await expect(page.getByText("50 marks")).toBeVisible();
      await typeCode(page, solutionOf(title));
      await submitCode(page, "All test cases passed!");
      await expect(page.getByRole("log", { name: "Output Console" })).toContainText("Submitted: 5/5 test cases passed");
      await expect(questionNav(page).getByRole("button", { name: new RegExp(`^Question ${n}`) })).toContainText("Submitted · 5/5");
    }
    expect(titles.sort()).toEqual(["Count Vowels", "Reverse a String"]);
    await expect(page.getByText("Score so far: 100/100")).toBeVisible();
    await finishTest(page, 100);

    // The admin's table follows live: finishing is published.
    await expect(cell(admin.page, studentA.email, "score")).toHaveText("100");
    await expect(cell(admin.page, studentA.email, "status")).toHaveText("completed");
    await expect(cell(admin.page, studentA.email, "tabSwitches")).toHaveText("0");
  });

  test("student B submits a wrong answer, is locked twice by tab switches, unlocks, and finishes as attempted", async () => {
    test.setTimeout(60_000);
    const page = b.page;
    await typeCode(page, 'print("x")\n');
    await submitCode(page, "0/5 test cases passed");
    await expect(page.getByRole("log", { name: "Output Console" })).toContainText("Submitted: 0/5 test cases passed");

    for (const n of [1, 2]) {
      await switchTab(page);
      await expect(alertToast(page, `Tab switch detected! (${n}/3) Enter unlock code to continue.`)).toBeVisible();
      const dialog = lockDialog(page);
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(`Tab switch detected (${n}/3)`);
      await expect(dialog.getByText("Attempts remaining: 3/3")).toBeVisible();
      await expect(page.getByText(`Tab switches: ${n}/3`)).toBeVisible();
      // Tab switches reach the admin's table live.
      await expect(cell(admin.page, studentB.email, "tabSwitches")).toHaveText(String(n));
      await unlock(page, unlockCode);
    }

    await finishTest(page, 0);
    await expect(cell(admin.page, studentB.email, "status")).toHaveText("attempted");
    await expect(cell(admin.page, studentB.email, "tabSwitches")).toHaveText("2");
    await expect(cell(admin.page, studentB.email, "score")).toHaveText("0");
  });

  test("a third student joins the running test and is disqualified on the third tab switch", async ({ browser }) => {
    test.setTimeout(60_000);
    c = await newPerson(browser);
    const page = c.page;
    const studentC = await signUpStudent(page, `Cy Path ${tag}`);

    // The test is running: joining leads straight to the terms.
    const otp = await generateOtp(admin.page);
    await joinTestRoom(page, otp);
    await expect(toast(page, "Successfully joined the room!")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/test/${roomId}/terms$`));
    await acceptTermsAndLaunch(page);
    await expect(page).toHaveURL(new RegExp(`/test/${roomId}/coding$`));
    await expect(page.getByText("Tab switches: 0/3")).toBeVisible();

    for (const n of [1, 2]) {
      await switchTab(page);
      await expect(lockDialog(page)).toBeVisible();
      await expect(page.getByText(`Tab switches: ${n}/3`)).toBeVisible();
    }
    await switchTab(page);
    await expect(alertToast(page, "Test disqualified due to multiple tab switches")).toBeVisible();
    await expect(lockDialog(page)).toBeHidden();
    await expect(page).toHaveURL(/\/student$/, { timeout: 8_000 });

    // The disqualification reaches the admin's table live.
    await expect(cell(admin.page, studentC.email, "status")).toHaveText("disqualified");
    await expect(cell(admin.page, studentC.email, "tabSwitches")).toHaveText("3");
  });
});

// ================================================================= an MCQ room

test("an MCQ test answered with the keyboard submits itself when its minute is up", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const roomName = `MCQ path ${tag}`;
  const student = await newPerson(browser);
  try {
    const me = student.page;
    const account = await signUpStudent(me, `Di Path ${tag}`);

    await loginAdmin(page);
    const roomId = await createRoom(page, {
      name: roomName,
      type: "Multiple choice (20 questions)",
      category: "Programming Fundamentals",
      minutes: 1,
    });
    await enableRoom(page);
    const live = waitForLive(me, roomId);
    await joinTestRoom(me, await generateOtp(page));
    await expect(me).toHaveURL(new RegExp(`/waiting/${roomId}$`));
    await expect(me.getByText("1 minute", { exact: true })).toBeVisible();
    await live;

    // Start Test Now needs a participant: the join arrives live and enables it.
    await page.getByRole("button", { name: "Start Test Now" }).click();
    await expect(toast(page, "Test started successfully")).toBeVisible();
    await expect(me).toHaveURL(new RegExp(`/test/${roomId}/terms$`), { timeout: 5_000 });
    await acceptTermsAndLaunch(me);
    await expect(me).toHaveURL(new RegExp(`/test/${roomId}/mcq$`));

    const timer = me.getByRole("timer", { name: "Time remaining" });
    await expect(timer).toHaveText(/^(00:[0-5]\d|01:00)$/);
    await expect(me.getByText("Question 1 of 20")).toBeVisible();

    // Two right answers and one wrong, each picked with its number key, moving on with N.
    const picks: { right: boolean }[] = [{ right: true }, { right: true }, { right: false }];
    for (const [i, pick] of picks.entries()) {
      await expect(me.getByText(`Question ${i + 1} of 20`)).toBeVisible();
      const correct = await correctShownIndex(me);
      const option = pick.right ? correct : (correct + 1) % 4;
      await me.keyboard.press(String(option + 1));
      await expect(me.getByTestId(`option-${option + 1}`)).toBeChecked();
      await me.keyboard.press("n");
    }
    await expect(me.getByText("Question 4 of 20")).toBeVisible();
    await expect(me.getByText("3 of 20 answered")).toBeVisible();

    // No confirmation: at 0 the test goes in by itself, and a screen reader hears it.
    await expect(me.getByRole("status").and(me.getByTestId("time-announcer"))).toHaveText("Time is up", { timeout: 75_000 });
    await expect(toast(me, "Test submitted! Score: 10/100")).toBeVisible({ timeout: 75_000 });
    await expect(me).toHaveURL(/\/student$/, { timeout: 8_000 });

    // MCQ submissions are published: the admin's table follows live.
    await expect(cell(page, account.email, "status")).toHaveText("completed");
    await expect(cell(page, account.email, "score")).toHaveText("10");
    expect(student.errors, "console errors / uncaught page errors in the student's browser").toEqual([]);
  } finally {
    await student.context.close();
  }
});

test("a student whose live connection comes up only after the admin started still reaches the terms", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const student = await newPerson(browser);
  try {
    const me = student.page;
    const account = await signUpStudent(me, `La Te ${tag}`);
    // The party's socket is held until the test has started (a slow link, or
    // the socket's chunk arriving late): the Start Test event goes out before it is up.
    let release!: () => void;
    const started = new Promise<void>((resolve) => (release = resolve));
    await me.routeWebSocket(/\/parties\//, async (ws) => {
      await started;
      ws.connectToServer();
    });

    await loginAdmin(page);
    const roomId = await createRoom(page, { name: `Late socket ${tag}`, type: "Coding", category: "Basics", language: "Python" });
    await enableRoom(page);
    await joinTestRoom(me, await generateOtp(page));
    await expect(me).toHaveURL(new RegExp(`/waiting/${roomId}$`));
    await expect(cell(page, account.email, "status")).toHaveText("waiting");
    await page.getByRole("button", { name: "Start Test Now" }).click();
    await expect(toast(page, "Test started successfully")).toBeVisible();

    release();
    await expect(me).toHaveURL(new RegExp(`/test/${roomId}/terms$`), { timeout: 15_000 });
    expect(student.errors, "console errors / uncaught page errors in the student's browser").toEqual([]);
  } finally {
    await student.context.close();
  }
});
