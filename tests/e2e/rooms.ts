// Shared steps of the student's path (rooms, joining, the coding page, the
// admin's participants table), used by the student and offline specs.
import type { Browser, BrowserContext, BrowserContextOptions } from "@playwright/test";
import { codingQuestions, mcqs } from "../../scripts/seed-data.mjs";
import { collectConsoleErrors, DEMO, expect, login, signUp, test, uniqueEmail, waitForLive, type ConsoleErrorAllowance, type Page } from "./fixtures";

/** A toast: success and info toasts are role=status, errors role=alert (other live regions are not toasts). */
export const toast = (page: Page, text: string) => page.getByRole("status").and(page.locator("[data-toast]")).filter({ hasText: text });
export const alertToast = (page: Page, text: string) => page.getByRole("alert").and(page.locator("[data-toast]")).filter({ hasText: text });

export type Person = { context: BrowserContext; page: Page; errors: string[] };

/** A browser of one's own (its own cookies and storage), watched for console errors. */
export async function newPerson(browser: Browser, allowed?: ConsoleErrorAllowance, options: BrowserContextOptions = {}): Promise<Person> {
  // A context made by hand gets none of the project's options: the phone project's screen is passed on here.
  const { viewport, isMobile, hasTouch, deviceScaleFactor } = test.info().project.use;
  const context = await browser.newContext({ viewport, isMobile, hasTouch, deviceScaleFactor, ...options });
  const errors = collectConsoleErrors(context, allowed);
  const page = await context.newPage();
  return { context, page, errors };
}

export type Student = { fullName: string; email: string; password: string };

export async function signUpStudent(page: Page, fullName: string): Promise<Student> {
  const student = { fullName, email: uniqueEmail("student-path"), password: "student-pass-1" };
  await signUp(page, student);
  await expect(page).toHaveURL(/\/student$/);
  return student;
}

export async function loginAdmin(page: Page) {
  await login(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
}

/**
 * Resolves once Remix's lazy route discovery has put `routeId` into the
 * browser's route manifest (eager discovery of the links on the page patches
 * the router at the same moment), so a click on such a link needs no
 * discovery that a live-event revalidation could interrupt.
 */
export async function routeDiscovered(page: Page, routeId: string) {
  await expect
    .poll(() => page.evaluate((id) => id in ((window as { __remixManifest?: { routes: object } }).__remixManifest?.routes ?? {}), routeId))
    .toBe(true);
}

/** Creates a room from /admin, opens it and returns its id; the page ends on the room, live. */
export async function createRoom(
  admin: Page,
  room: { name: string; type: "Coding" | "Multiple choice (20 questions)"; category: string; language?: string; minutes?: number },
) {
  const form = admin.getByRole("main");
  await form.getByLabel("Room name").fill(room.name);
  await form.getByLabel(room.type, { exact: true }).check();
  await form.getByLabel("Category").selectOption({ label: room.category });
  if (room.language) await form.getByLabel("Language").selectOption({ label: room.language });
  if (room.minutes) await form.getByLabel("Duration (minutes)").fill(String(room.minutes));
  const create = form.getByRole("button", { name: "Create Room" });
  await create.click();
  await expect(toast(admin, "Room created successfully").first()).toBeVisible();
  const link = admin.getByRole("link", { name: room.name });
  await expect(link).toBeVisible();
  // App bug (see the report): the lobby's live event shows the new room's link
  // while the form's own reload of the list is still running (the button is
  // busy); opening the room then leaves a blank page. Wait as a person would,
  // until the form is ready again.
  await expect(create).toBeEnabled();
  await routeDiscovered(admin, "routes/admin.room.$roomId");
  // By keyboard: rooms other tests create at the same time arrive live and
  // can move the link under a mouse click (it then lands on a neighbour).
  await link.press("Enter");
  await expect(admin).toHaveURL(/\/admin\/room\/[\w-]+$/);
  const roomId = new URL(admin.url()).pathname.split("/").pop()!;
  await expect(admin.getByRole("heading", { level: 2, name: room.name })).toBeVisible();
  return roomId;
}

export async function enableRoom(admin: Page) {
  await admin.getByRole("button", { name: "Enable Room" }).click();
  await expect(toast(admin, "Room enabled")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Disable Room" })).toBeVisible();
}

/** Opens the OTP dialog, reads the fresh code (valid 30 s) and closes the dialog. */
export async function generateOtp(admin: Page) {
  await admin.getByRole("button", { name: "Generate OTP" }).click();
  const dialog = admin.getByRole("dialog", { name: "Room OTP" });
  await expect(dialog.getByTestId("otp")).toHaveText(/^\d{6}$/);
  const otp = (await dialog.getByTestId("otp").textContent())!;
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  return otp;
}

/** Types the OTP into the 'Join test room' card and joins; the caller asserts where it lands. */
export async function joinTestRoom(page: Page, otp: string) {
  if (!/\/student$/.test(page.url())) await page.goto("/student");
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Join test room" }) });
  const input = card.getByLabel("6-digit OTP");
  const join = card.getByRole("button", { name: "Join Test Room" });
  // A code typed before hydration never reaches React's state: retry until the button enables.
  await expect(async () => {
    await input.fill(otp);
    await expect(join).toBeEnabled({ timeout: 500 });
  }).toPass();
  await join.click();
}

/** Types the OTP into the 'Join practice room' card on /student and joins; the caller asserts where it lands. */
export async function joinPracticeRoom(page: Page, otp: string) {
  const card = page.locator("section").filter({ has: page.getByRole("heading", { name: "Join practice room" }) });
  // A code typed before hydration never reaches React's state: retry until the button enables.
  await expect(async () => {
    await card.getByLabel("6-digit OTP").fill(otp);
    await expect(card.getByRole("button", { name: "Join Practice Room" })).toBeEnabled({ timeout: 500 });
  }).toPass();
  await card.getByRole("button", { name: "Join Practice Room" }).click();
}

/**
 * Where the page shows the right option of its current question (0-3): the
 * seeded answer, found by its text among the options as shown, since a room
 * with Shuffle options shows each student their own order (decision 040).
 */
export async function correctShownIndex(page: Pick<Page, "locator" | "getByRole">) {
  const title = (await page.locator("fieldset legend").textContent())!.trim();
  const mcq = mcqs.find((q) => q.title === title);
  if (!mcq) throw new Error(`no seeded MCQ titled ${title}`);
  const testId = await page.getByRole("radio", { name: mcq.options[mcq.correctIndex], exact: true }).getAttribute("data-testid");
  return Number(testId!.replace("option-", "")) - 1;
}

/** Ticks the six terms and launches; the caller asserts the test page (a page, or the frame an LMS embeds it in). */
export async function acceptTermsAndLaunch(page: Pick<Page, "getByRole" | "getByText">) {
  await expect(page.getByRole("heading", { name: "Before you start" })).toBeVisible();
  const boxes = page.getByRole("checkbox");
  await expect(boxes).toHaveCount(6);
  const launch = page.getByRole("button", { name: "Launch Test" });
  await expect(page.getByText("0 of 6 terms accepted")).toBeVisible();
  await expect(launch).toBeDisabled();
  for (let i = 0; i < 6; i++) await boxes.nth(i).check();
  await expect(page.getByText("6 of 6 terms accepted")).toBeVisible();
  await launch.click();
}

/** Marks the document; `sameDocument` is then true only if the page never loaded a new one. */
export const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { e2eSameDocument: true }));
export const sameDocument = (page: Page) => page.evaluate(() => "e2eSameDocument" in window);

// ------------------------------------------------------------ the coding test page

export const questionNav = (page: Page) => page.getByRole("navigation", { name: "Questions" });
export const problemTitle = (page: Page) => page.getByRole("region", { name: "Problem" }).getByRole("heading", { level: 2 });
export const editor = (page: Page) => page.getByRole("region", { name: "Code" }).locator(".cm-content");

/** The seeded reference solution of a question, by its title. */
export function solutionOf(title: string) {
  const question = codingQuestions.find((q) => q.title === title && q.language === "python" && q.category === "Basics");
  if (!question) throw new Error(`no seeded Python 'Basics' question titled ${title}`);
  return question.solution;
}

/**
 * Replaces the editor's code as typing does: one text input, never a paste
 * (the test page blocks the clipboard), then checks what CodeMirror holds.
 */
export async function typeCode(page: Page, code: string) {
  const content = editor(page);
  await content.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
  await expect
    .poll(() => content.evaluate((el) => [...el.querySelectorAll(".cm-line")].map((line) => line.textContent).join("\n")))
    .toBe(code);
}

export async function submitCode(page: Page, expectedToast: string) {
  // The last submit's toast may still be shown (the same text, for the other question):
  // dismissed first, so the wait below is for this submit's answer.
  const shown = page.getByRole("button", { name: "Dismiss notification" });
  for (let i = 0; i < 5 && (await shown.count()) > 0; i++) await shown.first().click({ timeout: 1_000 }).catch(() => {});
  await page.getByRole("button", { name: "Submit Code" }).click();
  await expect(toast(page, expectedToast)).toBeVisible({ timeout: 20_000 });
}

export async function finishTest(page: Page, expectedScore: number) {
  await page.getByRole("banner").getByRole("button", { name: "Finish Test" }).click();
  const confirm = page.getByRole("dialog", { name: "Finish the test?" });
  await confirm.getByRole("button", { name: "Finish Test" }).click();
  // The page first sends what its journal still holds, then finishes.
  await expect(toast(page, `Test submitted successfully! Total Score: ${expectedScore}/100`)).toBeVisible({ timeout: 20_000 });
  // Back on the dashboard about 2 seconds later.
  await expect(page).toHaveURL(/\/student$/, { timeout: 8_000 });
}

/** Which way the tab switches of this run reached the page (reported in the test's annotations). */
export const switchMethods = new Set<string>();

/**
 * A tab switch as a student makes one: another tab of the same browser comes
 * to the front, then the test's tab again. Headed Chromium hides the test's
 * page then; headless Chromium keeps every page 'visible' and fires no
 * visibilitychange, so there the same change is dispatched in the page
 * (document.visibilityState overridden to 'hidden', then back to 'visible').
 */
export async function switchTab(page: Page) {
  const other = await page.context().newPage();
  await other.bringToFront();
  const hidden = await page
    .waitForFunction(() => document.visibilityState === "hidden", null, { timeout: 500 })
    .then(() => true)
    .catch(() => false);
  if (!hidden) await setVisibility(page, "hidden");
  await page.bringToFront();
  if (!hidden) await setVisibility(page, "visible");
  await other.close();
  switchMethods.add(hidden ? "bringToFront (a real visibilitychange)" : "dispatched visibilitychange (headless pages stay visible)");
}

export function setVisibility(page: Page, state: "hidden" | "visible") {
  return page.evaluate((state) => {
    if (state === "visible") {
      // Back to the browser's own (prototype) getters.
      delete (document as { visibilityState?: unknown }).visibilityState;
      delete (document as { hidden?: unknown }).hidden;
    } else {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    }
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
}

export const lockDialog = (page: Page) => page.getByRole("dialog", { name: "Test locked" });

export async function unlock(page: Page, code: string) {
  const dialog = lockDialog(page);
  await dialog.getByLabel("Unlock code").fill(code);
  await dialog.getByRole("button", { name: "Unlock" }).click();
  await expect(toast(page, "Test unlocked successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
}

// ------------------------------------------------------------ the admin's participants table

export const participantRow = (admin: Page, email: string) => admin.getByRole("table").getByRole("row").filter({ hasText: email });
/** Cells: name, email, category, status, tab switches, connection, score, actions. */
export const cell = (admin: Page, email: string, column: "status" | "tabSwitches" | "score") =>
  participantRow(admin, email)
    .getByRole("cell")
    .nth({ status: 3, tabSwitches: 4, score: 6 }[column]);


// ------------------------------------------------------------ a class taking a test

export type Taker = Person & { student: Student };
export type RoomSettings = { name: string; type: "Coding" | "Multiple choice (20 questions)"; category: string; language?: string; minutes?: number; unlockCode?: string };

/**
 * An admin room (created, enabled, optionally with an unlock code) with
 * `count` new students who joined by OTP, waited, and launched the test the
 * admin started; each ends on its test page (then `launched` runs).
 */
/** On the admin's room page: sets the room's unlock code through its dialog. */
export async function setUnlockCode(admin: Page, code: string) {
  await admin.getByRole("button", { name: "Unlock Code" }).click();
  const dialog = admin.getByRole("dialog", { name: "Unlock code" });
  await dialog.getByLabel("Unlock code").fill(code);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(admin, "Unlock code updated successfully")).toBeVisible();
}

export async function roomWithTakers(
  admin: Page,
  browser: Browser,
  room: RoomSettings,
  count: number,
  options: {
    allowed?: ConsoleErrorAllowance;
    namePrefix?: string;
    launched?: (page: Page) => Promise<void>;
    /** Run on the new room's page before it is enabled (its sections, say). */
    configure?: (admin: Page) => Promise<void>;
  } = {},
) {
  await loginAdmin(admin);
  const roomId = await createRoom(admin, room);
  await options.configure?.(admin);
  await enableRoom(admin);
  if (room.unlockCode) await setUnlockCode(admin, room.unlockCode);
  const takers: Taker[] = [];
  for (let i = 0; i < count; i++) {
    const person = await newPerson(browser, options.allowed);
    takers.push({ ...person, student: await signUpStudent(person.page, `${options.namePrefix ?? "Taker"} ${i} ${Date.now().toString(36)}`) });
  }
  const otp = await generateOtp(admin);
  for (const t of takers) {
    const live = waitForLive(t.page, roomId);
    await joinTestRoom(t.page, otp);
    await expect(t.page).toHaveURL(new RegExp(`/waiting/${roomId}$`));
    await live;
  }
  for (const t of takers) await expect(cell(admin, t.student.email, "status")).toHaveText("waiting");
  await admin.getByRole("button", { name: "Start Test Now" }).click();
  await expect(toast(admin, "Test started successfully")).toBeVisible();
  const page = room.type === "Coding" ? "coding" : "mcq";
  for (const t of takers) {
    await expect(t.page).toHaveURL(new RegExp(`/test/${roomId}/terms$`), { timeout: 5_000 });
    await acceptTermsAndLaunch(t.page);
    await expect(t.page).toHaveURL(new RegExp(`/test/${roomId}/${page}$`));
    await options.launched?.(t.page);
  }
  return { roomId, takers };
}
