// Time that fits each student (issue 25), as a new user meets it: a room
// scheduled a minute ahead starts by itself while a student waits (and no
// admin page is open); a student with +25 % keeps working after the others
// were submitted at the room's end; a minute lost offline comes back with
// one click, and the student's countdown jumps.
import { expect, expectFieldError, expectNoFieldError, test, type Page } from "./fixtures";
import {
  acceptTermsAndLaunch,
  cell,
  correctShownIndex,
  createRoom,
  enableRoom,
  generateOtp,
  joinTestRoom,
  loginAdmin,
  newPerson,
  participantRow,
  roomWithTakers,
  signUpStudent,
  toast,
} from "./rooms";
import { waitForLive } from "./fixtures";

const OFFLINE_NOISE = { allow: [{ message: /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|ERR_NAME_NOT_RESOLVED|WebSocket connection to .* failed/ }] };
const ADMIN_ZONE = "Europe/Berlin";
const STUDENT_ZONE = "America/New_York";

/** "14:05" as a browser in `timeZone` shows it (the app's format, en-US). */
const wallTime = (at: number, timeZone: string) => new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }).format(at);
/** The value a datetime-local input in `timeZone` takes for `at`: "2026-11-27T19:35". */
function localInput(at: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
/** Seconds on an "MM:SS" (or "H:MM:SS") timer. */
const seconds = async (page: Page) => {
  const parts = (await page.getByTestId("mcq-timer").textContent())!.trim().split(":").map(Number);
  return parts.reduce((total, n) => total * 60 + n, 0);
};

test("a room scheduled a minute ahead starts by itself while the student waits, with no admin page open", async ({ browser }) => {
  test.setTimeout(240_000);
  const tag = `${Date.now().toString(36)}${process.pid.toString(36)}`;
  const admin = await newPerson(browser, undefined, { timezoneId: ADMIN_ZONE });
  const student = await newPerson(browser, undefined, { timezoneId: STUDENT_ZONE });
  try {
    const me = student.page;
    await signUpStudent(me, `Sky Dule ${tag}`);
    await loginAdmin(admin.page);
    const roomId = await createRoom(admin.page, { name: `Scheduled ${tag}`, type: "Multiple choice (20 questions)", category: "Programming Fundamentals", minutes: 5 });
    await enableRoom(admin.page);
    const live = waitForLive(me, roomId);
    await joinTestRoom(me, await generateOtp(admin.page));
    await expect(me).toHaveURL(new RegExp(`/waiting/${roomId}$`));
    await live;

    // First for tomorrow: the waiting student sees it at once, in their own time zone.
    const tomorrow = Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000;
    await admin.page.getByRole("button", { name: "Schedule Start" }).click();
    let dialog = admin.page.getByRole("dialog", { name: "Schedule the start" });
    await expect(dialog.getByText(`Your time zone: ${ADMIN_ZONE}`)).toBeVisible();
    await dialog.getByLabel("Start at").fill(localInput(tomorrow, ADMIN_ZONE));
    await dialog.getByRole("button", { name: "Schedule" }).click();
    await expect(toast(admin.page, "Test scheduled")).toBeVisible();
    await expect(admin.page.getByTestId("starts-at")).toContainText(`Starts by itself at ${wallTime(tomorrow, ADMIN_ZONE)} on `);
    const startsAt = me.getByTestId("starts-at");
    await expect(startsAt).toContainText(`Starts at ${wallTime(tomorrow, STUDENT_ZONE)} on `);

    // Moved to the next whole minute at least 40 s away: the waiting room follows, counting down.
    const soon = Math.ceil((Date.now() + 40_000) / 60_000) * 60_000;
    await admin.page.getByRole("button", { name: "Change Schedule" }).click();
    dialog = admin.page.getByRole("dialog", { name: "Schedule the start" });
    await dialog.getByLabel("Start at").fill(localInput(soon, ADMIN_ZONE));
    await dialog.getByRole("button", { name: "Change start" }).click();
    await expect(toast(admin.page, "Start time changed")).toBeVisible();
    await expect(startsAt).toHaveText(new RegExp(`^Starts at ${wallTime(soon, STUDENT_ZONE)} \\(in 0[01]:[0-5]\\d\\)$`));
    expect(admin.errors, "console errors in the admin's browser").toEqual([]);

    // Nobody watches the room page: the room's own alarm starts the test, and the student moves on.
    await admin.context.close();
    await expect(me).toHaveURL(new RegExp(`/test/${roomId}/terms$`), { timeout: Math.max(0, soon - Date.now()) + 20_000 });
    expect(Date.now()).toBeGreaterThanOrEqual(soon - 1_000);
    await acceptTermsAndLaunch(me);
    await expect(me).toHaveURL(new RegExp(`/test/${roomId}/mcq$`));
    await expect(me.getByText("Question 1 of 20")).toBeVisible();
    expect(student.errors, "console errors in the student's browser").toEqual([]);
  } finally {
    await admin.context.close().catch(() => {});
    await student.context.close();
  }
});

test("a student with +25 % keeps working after the others were submitted at the room's end", async ({ page: admin, browser }) => {
  test.setTimeout(300_000);
  const { takers } = await roomWithTakers(admin, browser, { name: `Extra ${Date.now().toString(36)}`, type: "Multiple choice (20 questions)", category: "Programming Fundamentals", minutes: 2 }, 2, { namePrefix: "Time" });
  const [extended, plain] = takers as [(typeof takers)[number], (typeof takers)[number]];
  try {
    // +25 % of 2 minutes, set from the participants table with its reason.
    await participantRow(admin, extended.student.email).getByRole("button", { name: `Extra time for ${extended.student.fullName}` }).click();
    const dialog = admin.getByRole("dialog", { name: `Extra time for ${extended.student.fullName}` });
    // Over the limit: the message under the amount, which takes the focus; it clears as the amount is fixed.
    const amount = dialog.getByLabel("Extra time");
    await amount.fill("601");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expectFieldError(amount, "Extra time must be 0 to 600 minutes");
    await expect(amount).toBeFocused();
    await amount.fill("25");
    await expectNoFieldError(amount);
    await dialog.getByLabel("Unit").selectOption({ label: "% of the test's duration" });
    await dialog.getByLabel("Reason (optional)").fill("accommodation");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(toast(admin, `Extra time for ${extended.student.fullName}: +25 % (+0:30)`)).toBeVisible();
    await expect(participantRow(admin, extended.student.email)).toContainText("+0:30");

    // Only that student hears of it: a toast, and their countdown is 30 s ahead of the other's.
    await expect(toast(extended.page, "Your extra time for this test is now +0:30")).toBeVisible();
    await expect.poll(async () => (await seconds(extended.page)) - (await seconds(plain.page))).toBeGreaterThanOrEqual(28);
    await expect(toast(plain.page, "Your extra time")).toHaveCount(0);

    // The room's end: the other student's test goes in by itself...
    await expect(toast(plain.page, "Test submitted! Score: 0/100")).toBeVisible({ timeout: 150_000 });
    await expect(cell(admin, plain.student.email, "status")).toHaveText("completed");
    // ...while this one still answers, and the answer counts.
    const page = extended.page;
    expect(await seconds(page)).toBeGreaterThan(5);
    const correct = await correctShownIndex(page);
    await page.keyboard.press(String(correct + 1));
    await expect(page.getByTestId(`option-${correct + 1}`)).toBeChecked();
    await expect(page.getByText("1 of 20 answered")).toBeVisible();
    await expect(toast(page, "Test submitted! Score: 5/100")).toBeVisible({ timeout: 60_000 });
    await expect(cell(admin, extended.student.email, "score")).toHaveText("5");
    for (const t of takers) expect(t.errors, `console errors in ${t.student.fullName}'s browser`).toEqual([]);
  } finally {
    for (const t of takers) await t.context.close();
  }
});

test("a student who lost a minute offline gets it back with one click, and sees the countdown change", async ({ page: admin, browser }) => {
  test.setTimeout(240_000);
  const { takers } = await roomWithTakers(admin, browser, { name: `Credit ${Date.now().toString(36)}`, type: "Multiple choice (20 questions)", category: "Programming Fundamentals", minutes: 20 }, 1, {
    allowed: OFFLINE_NOISE,
    namePrefix: "Drop",
  });
  const [taker] = takers as [(typeof takers)[number]];
  const page = taker.page;
  try {
    await expect(page.locator("html[data-offline-ready=true]")).toBeAttached({ timeout: 20_000 });
    // A minute without a network: the room's party records it (the server's record, not the browser's).
    await taker.context.setOffline(true);
    await expect(page.getByRole("alert").filter({ hasText: "You are offline." })).toBeVisible();
    await expect(participantRow(admin, taker.student.email)).toContainText("offline now", { timeout: 30_000 });
    await page.waitForTimeout(60_000);
    await taker.context.setOffline(false);
    await expect(page.getByRole("alert").filter({ hasText: "You are offline." })).toBeHidden();

    // The table offers exactly the recorded outage.
    const credit = participantRow(admin, taker.student.email).getByRole("button", { name: new RegExp(`^Credit 1:\\d\\d to ${taker.student.fullName}$`) });
    await expect(credit).toBeVisible({ timeout: 20_000 });
    const label = (await credit.textContent())!.trim();
    const credited = label.replace("Credit ", "");
    const [m, s] = credited.split(":").map(Number);
    const before = await seconds(page);
    // The answer is held back until the live event has re-rendered the row without its Credit
    // button: the toast must not leave with the button that asked.
    await admin.route(
      (url) => url.pathname.startsWith("/admin/room/"),
      async (route) => {
        if (route.request().method() !== "POST" || !route.request().postData()?.includes("credit-outage")) return route.fallback();
        const response = await route.fetch();
        await expect(credit).toBeHidden();
        await route.fulfill({ response });
      },
    );
    await credit.click();
    await expect(toast(admin, `Credited ${credited} to ${taker.student.fullName}`)).toBeVisible();
    await expect(credit).toBeHidden();

    // The student: a toast says why, and the countdown jumps by the minute.
    await expect(toast(page, `You got back ${credited} lost while you were offline`)).toBeVisible();
    const jump = (await seconds(page)) - before;
    expect(jump).toBeGreaterThanOrEqual(m! * 60 + s! - 5);
    expect(jump).toBeLessThanOrEqual(m! * 60 + s! + 1);
    // The trail keeps who gave how much.
    await admin.getByText(/^Time changes \(1\)$/).click();
    await expect(admin.getByTestId("time-trail")).toContainText(`+${credited} offline credited`);
    expect(taker.errors, "console errors in the student's browser").toEqual([]);
  } finally {
    await taker.context.close();
  }
});
