// LTI 1.3 as a new user meets it (issue 22, decision 025): an LMS of our own
// (tests/fixtures/fake-lms.mjs) embeds the tool in iframes on its course page.
// The admin registers the LMS, an instructor adds a test room from the LMS's
// "add activity", a learner takes it inside the LMS page, and the LMS's
// gradebook receives the score. The LMS is on "localhost" and the tool on
// 127.0.0.1: two sites, so the frame's cookies are third-party, as in Moodle.
import { startFakeLms, type FakeLms } from "../fixtures/fake-lms.mjs";
import type { FrameLocator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { acceptTermsAndLaunch, cell, correctShownIndex, loginAdmin, newPerson, routeDiscovered, toast } from "./rooms";

let lms: FakeLms;
/** The learner's test, in the LMS's frame or in a window of its own. */
type Surface = Pick<FrameLocator, "getByText" | "getByRole" | "getByTestId" | "locator">;

test.beforeAll(async ({}, info) => {
  lms = await startFakeLms({ toolOrigin: String(info.project.use.baseURL), host: "localhost" });
});

test.afterAll(async () => {
  await lms?.close();
});

test("an LMS embeds the tool: an instructor adds a room in the frame, a learner takes it from the LMS page, and the LMS gets the score", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const roomName = `LTI quiz ${tag}`;

  // The admin registers the LMS under Moodle's own labels, with the tool's URLs in view.
  await loginAdmin(page);
  await page.getByRole("link", { name: "LTI" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "LTI", exact: true })).toBeVisible();
  for (const label of ["Login URL", "Redirection URL(s)", "Public keyset URL", "Deep linking URL"]) {
    await expect(page.getByRole("button", { name: `Copy ${label}` })).toBeVisible();
  }
  const form = page.getByRole("region", { name: "Register a platform" });
  await form.getByLabel("Platform ID").fill(lms.issuer);
  await form.getByLabel("Client ID").fill(lms.clientId);
  await form.getByLabel("Deployment ID").fill(lms.deploymentId);
  await form.getByLabel("Authentication request URL").fill(lms.urls.auth);
  await form.getByLabel("Access token URL").fill(lms.urls.token);
  await form.getByLabel("Public keyset URL").fill(lms.urls.jwks);
  await form.getByRole("button", { name: "Register platform" }).click();
  await expect(toast(page, "Platform registered")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: lms.issuer })).toBeVisible();

  // Playwright's contexts block third-party storage, as Safari, Firefox and Chrome's incognito windows do:
  // the picker needs none, and the learner's test moves to a window of its own.
  const teacher = await newPerson(browser);
  const learner = await newPerson(browser);
  try {
    // The instructor's "add activity" opens our picker inside the LMS page; they create the room there.
    await teacher.page.goto(`${lms.origin}/course/course-1?as=teacher&deeplink=1`);
    const picker = teacher.page.frameLocator('iframe[title="Add activity"]');
    await expect(picker.getByRole("heading", { name: "Add a test room to Programming 101" })).toBeVisible({ timeout: 20_000 });
    await picker.getByLabel("Room name").fill(roomName);
    await picker.getByLabel("Multiple choice (20 questions)", { exact: true }).check();
    await picker.getByLabel("Category").selectOption({ label: "Programming Fundamentals" });
    await picker.getByRole("button", { name: "Create Room" }).click();
    await expect(picker.getByRole("radio", { name: new RegExp(roomName) })).toBeChecked();
    await picker.getByRole("button", { name: "Add to course" }).click();
    await expect(picker.getByText(`Activity added: ${roomName}`)).toBeVisible();
    const activity = [...lms.activities.values()].find((a) => a.title === roomName)!;
    expect(lms.lineItems.get(activity.lineItemId!)?.scoreMaximum).toBe(100);

    // The admin opens the room (the instructor's new room is in the list) and enables it.
    await page.goto("/admin");
    await routeDiscovered(page, "routes/admin.room.$roomId");
    await page.getByRole("link", { name: roomName }).press("Enter");
    await expect(page.getByRole("heading", { level: 2, name: roomName })).toBeVisible();
    await page.getByRole("button", { name: "Enable Room" }).click();
    await expect(toast(page, "Room enabled")).toBeVisible();

    // The learner opens the course: the activity's frame launches them into the waiting room, no code asked.
    await learner.page.goto(`${lms.origin}/course/course-1?as=learner`);
    const frame = learner.page.frameLocator(`iframe[title="${roomName}"]`);
    const inFrame = frame.getByText("Waiting for test to start");
    const newWindow = frame.getByRole("button", { name: "Open in a new window" });
    await expect(inFrame.or(newWindow)).toBeVisible({ timeout: 20_000 });
    // Where the frame may keep no storage (the offline journal needs IndexedDB), the test goes on in a window of its own.
    let test: Surface = frame;
    if (await newWindow.isVisible()) {
      const opened = learner.context.waitForEvent("page");
      await newWindow.click();
      const own = await opened;
      await expect(frame.getByText("Your test is open in the other window.")).toBeVisible();
      await expect(own.getByText("Waiting for test to start")).toBeVisible();
      test = own;
    }
    // An untrusted LMS's accounts carry placeholder emails (decision 035): the row is found by name.
    await expect(cell(page, "Lena Learner", "status")).toHaveText("waiting");

    // Started by the admin, the frame moves on by itself: terms, then the test.
    await page.getByRole("button", { name: "Start Test Now" }).click();
    await expect(toast(page, "Test started successfully")).toBeVisible();
    await acceptTermsAndLaunch(test);
    await expect(test.getByText("Question 1 of 20")).toBeVisible();
    await expect(test.getByTestId("sync-status")).toHaveText("All changes saved");
    const correct = await correctShownIndex(test);
    // The radio is visually hidden: a person clicks its option.
    await test.locator("label").filter({ has: test.getByTestId(`option-${correct + 1}`) }).click();
    await expect(test.getByTestId(`option-${correct + 1}`)).toBeChecked();
    await test.getByRole("button", { name: "Submit Test" }).first().click();
    await test.getByRole("dialog", { name: "Submit Test?" }).getByRole("button", { name: "Submit Test" }).click();
    await expect(test.getByText("Test submitted! Score: 5/100").first()).toBeVisible();

    // The LMS's gradebook receives the score, and the admin sees that it has it.
    await expect.poll(() => lms.scores.find((s) => s.body.userId === "learner-sub-1")?.body, { timeout: 20_000 }).toMatchObject({
      scoreGiven: 5,
      scoreMaximum: 100,
      activityProgress: "Completed",
      gradingProgress: "FullyGraded",
    });
    await page.goto(`/admin/results/${new URL(page.url()).pathname.split("/").pop()}`);
    await expect(page.getByTestId("lms-grade")).toContainText("In the LMS");

    expect(teacher.errors, "console errors in the instructor's browser").toEqual([]);
    expect(learner.errors, "console errors in the learner's browser").toEqual([]);
  } finally {
    await teacher.context.close();
    await learner.context.close();
  }
});
