// Phones and tablets (issue 41): below 768 px the portal's navigation folds
// into the header's Menu, which a new user opens, uses to reach every section
// and closes with Esc; from 768 px the navigation column stays. The pages
// themselves are checked at 390 and 768 px by the accessibility walk (the
// "phone" and "tablet" projects), which also finds any page that scrolls sideways.
import type { Page } from "@playwright/test";
import { expect, fitsTheScreen, test } from "./fixtures";
import { loginAdmin, newPerson, signUpStudent } from "./rooms";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };
const TABLET = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const menuButton = (page: Page) => page.getByRole("button", { name: "Menu" });

/**
 * Through the Menu, every section the area's navigation lists, as a new user
 * would: open, pick, and the menu closes on the way. Returns the sections' paths.
 */
async function everySectionThroughTheMenu(page: Page, area: string) {
  const menu = page.getByRole("navigation", { name: `${area} navigation` });
  await menuButton(page).click();
  const sections = await menu.getByRole("link").evaluateAll((links) => links.map((a) => ({ label: a.textContent!.trim(), to: a.getAttribute("href")! })));
  await menuButton(page).click();
  await expect(menu).toBeHidden();
  for (const item of sections) {
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("link", { name: item.label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${item.to}$`));
    await expect(menu, `the menu closes on the way to ${item.label}`).toBeHidden();
    await expect(page.getByRole("main")).toBeVisible();
    expect(await fitsTheScreen(page), `${item.to} fits a 390 px screen`).toBe(true);
  }
  return sections.map((s) => s.to);
}

test("on a phone the student's portal folds its navigation into the Menu, which reaches every section and closes with Esc", async ({ browser }) => {
  test.setTimeout(60_000);
  const student = await newPerson(browser, undefined, PHONE);
  const page = student.page;
  try {
    const me = await signUpStudent(page, `Phone Student ${Date.now().toString(36)}`);
    // The header: the name on one line; the email and ID are in the menu, not cut off at the edge.
    const title = page.getByRole("heading", { level: 1, name: `${me.fullName}'s Portal` });
    await expect(title).toBeVisible();
    const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
    expect((await title.boundingBox())!.height, "the name on one line").toBeLessThan(lineHeight * 1.5);
    await expect(page.getByText(me.email)).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Student navigation" })).toBeHidden();
    expect(await fitsTheScreen(page)).toBe(true);
    // The join card's code field is whole on the screen.
    const otp = page.getByRole("textbox").first();
    const box = (await otp.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);

    // Open by keyboard: the first link takes the focus; Esc closes and gives it back to the button.
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Student navigation" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Dashboard" })).toBeFocused();
    await expect(page.locator("#portal-menu").getByText(me.email)).toBeVisible();
    await expect(page.locator("#portal-menu").getByRole("radiogroup", { name: "Theme" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    // A tap outside closes it too.
    await menuButton(page).click();
    await expect(menu).toBeVisible();
    await page.getByRole("main").click({ position: { x: 10, y: 400 } });
    await expect(menu).toBeHidden();

    expect(await everySectionThroughTheMenu(page, "Student")).toEqual(["/student", "/student/practice", "/student/playground", "/student/history", "/student/profile", "/student/settings"]);
    expect(student.errors).toEqual([]);
  } finally {
    await student.context.close();
  }
});

test("on a phone the admin's portal reaches every section through the Menu", async ({ browser }) => {
  test.setTimeout(90_000);
  const admin = await newPerson(browser, undefined, PHONE);
  try {
    await loginAdmin(admin.page);
    await expect(admin.page.getByRole("navigation", { name: "Admin navigation" })).toBeHidden();
    expect(await everySectionThroughTheMenu(admin.page, "Admin")).toHaveLength(9);
    expect(admin.errors).toEqual([]);
  } finally {
    await admin.context.close();
  }
});

test("from 768 px the navigation column stays and there is no Menu", async ({ browser }) => {
  const student = await newPerson(browser, undefined, TABLET);
  try {
    const me = await signUpStudent(student.page, `Tablet Student ${Date.now().toString(36)}`);
    await expect(student.page.getByRole("navigation", { name: "Student navigation" })).toBeVisible();
    await expect(menuButton(student.page)).toBeHidden();
    await expect(student.page.getByTestId("portal-name")).toHaveText(me.fullName);
    await expect(student.page.getByText(me.email)).toBeVisible();
    expect(await fitsTheScreen(student.page)).toBe(true);
  } finally {
    await student.context.close();
  }
});
