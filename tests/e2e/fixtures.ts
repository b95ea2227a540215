import { expect, test as base, type BrowserContext, type ConsoleMessage, type Locator, type Page, type WebSocket } from "@playwright/test";

/**
 * A console error a test expects and therefore allows. `message` must match the
 * console text; `url`, when given, must match the URL the message is about
 * (for "Failed to load resource" that is the resource that failed).
 */
export type AllowedConsoleError = { message: RegExp; url?: RegExp };

/**
 * Wrapped in an object on purpose: Playwright reads a two-element array given
 * to test.use() as a [value, fixtureOptions] tuple.
 */
export type ConsoleErrorAllowance = { allow: AllowedConsoleError[] };

type Fixtures = {
  /** Opt-in allowance for expected console errors; none by default. Set with test.use(allowConsoleErrors(...)). */
  allowedConsoleErrors: ConsoleErrorAllowance;
  /** Console errors and uncaught page errors seen so far; must be empty when the test ends. */
  consoleErrors: string[];
};

/**
 * Remix logs (console.error in its single-fetch decoder) a data request that
 * React Router aborted: a live event's revalidation or a fetcher's reload
 * interrupted because the user moved on, or a newer one started, at the same
 * moment. Nothing failed and the user sees nothing. (Chromium 156 words the
 * abort "signal is aborted without reason", Chromium 150 "BodyStreamBuffer was
 * aborted": the same abort.) Room events no longer cause it (useRoomParty's
 * refreshGate, tests/e2e/room-live.spec.ts). Only an AbortError raised
 * inside Remix's own bundle (the `framework-*` chunk, vite.config.ts) is let through.
 */
const INTERRUPTED_REQUEST = /^AbortError: (?:signal is aborted without reason|BodyStreamBuffer was aborted)\n\s+at \S+ \(\S+\/assets\/framework-[\w-]+\.js:\d+:\d+\)/;

function isAllowed(msg: ConsoleMessage, allowed: ConsoleErrorAllowance) {
  if (INTERRUPTED_REQUEST.test(msg.text())) return true;
  const url = msg.location().url;
  return allowed.allow.some((a) => a.message.test(msg.text()) && (!a.url || a.url.test(url)));
}

function watch(page: Page, allowed: ConsoleErrorAllowance, errors: string[]) {
  page.on("console", (msg) => {
    if (msg.type() !== "error" || isAllowed(msg, allowed)) return;
    const where = msg.location().url;
    errors.push(`console.error: ${msg.text()}${where ? ` (${where})` : ""}`);
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.stack ?? error.message}`));
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [{ allow: [] }, { option: true }],
  consoleErrors: async ({}, use) => {
    await use([]);
  },
  // Every page of the test (the default one and any opened later in the
  // context) fails the test on a console error or an uncaught exception.
  context: async ({ context, allowedConsoleErrors, consoleErrors }, use) => {
    context.on("page", (page) => watch(page, allowedConsoleErrors, consoleErrors));
    await use(context);
  },
  page: async ({ page, consoleErrors }, use) => {
    await use(page);
    expect(consoleErrors, "console errors / uncaught page errors during the test").toEqual([]);
  },
});

export { expect };
export type { Page } from "@playwright/test";

/**
 * For a context the test makes itself (for example in beforeAll, shared by
 * serial tests), where the `page` fixture's check does not reach: collects
 * console errors and uncaught page errors of every page the context has or
 * opens later. The caller asserts that the returned list is empty.
 */
export function collectConsoleErrors(context: BrowserContext, allowed: ConsoleErrorAllowance = { allow: [] }): string[] {
  const errors: string[] = [];
  for (const page of context.pages()) watch(page, allowed, errors);
  context.on("page", (page) => watch(page, allowed, errors));
  return errors;
}

/** For test.use(): lets exactly these console errors through in the enclosing file or describe block. */
export const allowConsoleErrors = (...allow: AllowedConsoleError[]) => ({ allowedConsoleErrors: { allow } });

/** The message Chromium logs for any response with an error status. */
export const resourceError = (status: number, url?: RegExp): AllowedConsoleError => ({
  message: new RegExp(`^Failed to load resource: the server responded with a status of ${status}\\b`),
  url,
});

let counter = 0;
/** An address no other test (or earlier run) has used. */
/** Issue 41: the page does not scroll sideways on the screen it has now. */
export const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

export function uniqueEmail(prefix: string) {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return `${prefix}-${stamp}@e2e.test`;
}

/** Clicks an /auth tab; a click before hydration does nothing, so retry until React answers. */
export async function selectTab(page: Page, name: "Login" | "Sign Up") {
  const tab = page.getByRole("tab", { name });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true", { timeout: 500 });
  }).toPass();
}

/** Opens /auth and fills the Sign Up tab (does not submit). */
export async function fillSignUp(
  page: Page,
  { fullName, email, password, adminCode }: { fullName: string; email: string; password: string; adminCode?: string }
) {
  await page.goto("/auth");
  await selectTab(page, "Sign Up");
  const form = page.getByRole("tabpanel");
  await form.locator('input[name="fullName"]').fill(fullName);
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  if (adminCode !== undefined) {
    await form.getByLabel("Sign up as Admin").check();
    const code = form.locator('input[name="adminCode"]');
    await expect(code).toBeVisible();
    await code.fill(adminCode);
  }
}

/** Signs up through the UI and submits. */
export async function signUp(page: Page, input: Parameters<typeof fillSignUp>[1]) {
  await fillSignUp(page, input);
  await page.getByRole("tabpanel").getByRole("button", { name: "Sign Up" }).click();
}

/** Logs in through the /auth Login tab and submits; the caller asserts where it lands. */
export async function login(page: Page, email: string, password: string, { from }: { from?: string } = {}) {
  if (!from) await page.goto("/auth");
  // Switching tabs proves the page is hydrated, so the submit runs the
  // client-side validation and the Remix form (not a plain document POST).
  await selectTab(page, "Sign Up");
  await selectTab(page, "Login");
  const form = page.getByRole("tabpanel");
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole("button", { name: "Login" }).click();
}

export const DEMO = {
  admin: { email: "admin@demo.edu", password: "admin1234", name: "Ada Admin" },
  student: { email: "student1@demo.edu", password: "student1234", name: "Sam Student" },
} as const;

export const ADMIN_CODE = "ADMIN-2026";

/**
 * Resolves once `page` holds a live connection to a party (a room id, or
 * "lobby" for the rooms list) and the server has welcomed it. Call it before
 * the navigation that opens the connection; a change made after this resolves
 * must then reach the page without a reload.
 */
export function waitForLive(page: Page, room: string, timeout = 15_000): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      page.off("websocket", onSocket);
      reject(new Error(`no live connection to party "${room}" within ${timeout} ms`));
    }, timeout);
    function onSocket(ws: WebSocket) {
      if (!new URL(ws.url()).pathname.endsWith(`/${room}`)) return;
      ws.on("framereceived", ({ payload }) => {
        if (typeof payload !== "string" || !payload.includes('"type":"welcome"')) return;
        clearTimeout(timer);
        page.off("websocket", onSocket);
        resolve();
      });
    }
    page.on("websocket", onSocket);
  });
}

/**
 * A field showing its error the accessible way (issue 42, item 6): the control is
 * aria-invalid and its aria-describedby names an element holding `message`.
 */
export async function expectFieldError(control: Locator, message: string) {
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  const texts = await Promise.all(ids.map((id) => control.page().locator(`[id="${id}"]`).textContent()));
  expect(texts, "aria-describedby names the message").toContain(message);
}

/** A field with no error: not aria-invalid, and no error message named by aria-describedby. */
export async function expectNoFieldError(control: Locator) {
  await expect(control).not.toHaveAttribute("aria-invalid", "true");
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(/\s+/).filter(Boolean);
  expect(ids.filter((id) => id.endsWith("-error"))).toEqual([]);
}

/** An error toast whether announced (role=alert) or shown quietly beside a field that took the focus. */
export const errorToast = (page: Page, text: string) => page.locator('[data-toast="error"]').filter({ hasText: text });
