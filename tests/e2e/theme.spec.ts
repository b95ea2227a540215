import { expect, test, type Page } from "./fixtures";

declare global {
  interface Window {
    __themeProbe?: { atBody: boolean | null; atDomContentLoaded: boolean | null; changes: boolean[] };
  }
}

/**
 * Records, on every document load, whether <html> is dark when <body> first
 * appears (before anything in it can paint), at DOMContentLoaded, and every
 * later change of that class: a flash would show up as a wrong first value or
 * a toggle.
 */
async function installThemeProbe(page: Page) {
  // Runs before the document has any element: watch the parser until <body>
  // is inserted, then watch only <html>'s class.
  await page.addInitScript(() => {
    const probe = {
      atBody: null as boolean | null,
      atDomContentLoaded: null as boolean | null,
      changes: [] as boolean[],
    };
    window.__themeProbe = probe;
    const isDark = () => document.documentElement?.classList.contains("dark") ?? false;
    let last = false;
    const classWatch = new MutationObserver(() => {
      const dark = isDark();
      if (dark !== last) probe.changes.push(dark);
      last = dark;
    });
    const parserWatch = new MutationObserver(() => {
      if (!document.body) return;
      parserWatch.disconnect();
      probe.atBody = last = isDark();
      classWatch.observe(document.documentElement, { attributes: true, attributeFilter: ["class"] });
    });
    parserWatch.observe(document, { childList: true, subtree: true });
    document.addEventListener("DOMContentLoaded", () => {
      probe.atDomContentLoaded = isDark();
    });
  });
}

const probe = (page: Page) => page.evaluate(() => window.__themeProbe);

/** Clicks a theme radio, retrying until React has hydrated and checked it. */
async function chooseTheme(page: Page, name: "Light" | "Dark" | "System") {
  const radio = page.getByRole("radiogroup", { name: "Theme" }).getByRole("radio", { name });
  await expect(async () => {
    await radio.click();
    await expect(radio).toHaveAttribute("aria-checked", "true", { timeout: 500 });
  }).toPass();
}

test("the chosen theme survives a reload without a flash", async ({ page }) => {
  await installThemeProbe(page);
  await page.goto("/");
  const html = page.locator("html");
  const themes = page.getByRole("radiogroup", { name: "Theme" });
  await expect(html).not.toHaveClass(/\bdark\b/);

  await chooseTheme(page, "Dark");
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem("app-theme"))).toBe("dark");

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(themes.getByRole("radio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
  await expect(themes.getByRole("radio", { name: "System" })).toHaveAttribute("aria-checked", "false");
  // Dark before <body> existed and at DOMContentLoaded, and never toggled off.
  expect(await probe(page)).toEqual({ atBody: true, atDomContentLoaded: true, changes: [] });

  // Another page of the app boots dark as well.
  await page.goto("/auth");
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await probe(page)).toEqual({ atBody: true, atDomContentLoaded: true, changes: [] });
  await expect(themes.getByRole("radio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");

  await chooseTheme(page, "Light");
  await expect(html).not.toHaveClass(/\bdark\b/);

  await page.reload();
  await expect(themes.getByRole("radio", { name: "Light" })).toHaveAttribute("aria-checked", "true");
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await probe(page)).toEqual({ atBody: false, atDomContentLoaded: false, changes: [] });
});

test.describe("with a dark system preference", () => {
  test.use({ colorScheme: "dark" });

  test("System follows the OS and Light overrides it without a flash", async ({ page }) => {
    await installThemeProbe(page);
    await page.goto("/");
    const html = page.locator("html");
    await expect(html).toHaveClass(/\bdark\b/);
    expect(await probe(page)).toMatchObject({ atBody: true, atDomContentLoaded: true });

    await chooseTheme(page, "Light");
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(html).not.toHaveClass(/\bdark\b/);
    expect(await probe(page)).toEqual({ atBody: false, atDomContentLoaded: false, changes: [] });
  });
});
