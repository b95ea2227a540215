import { allowConsoleErrors, expect, resourceError, test } from "./fixtures";

// Chromium logs "Failed to load resource: ... 404" for the page itself; that
// one message (for that one URL) is expected here and nowhere else.
test.use(allowConsoleErrors(resourceError(404, /\/definitely-missing$/)));

test("an unknown path shows the 404 page with a way home", async ({ page }) => {
  const response = await page.goto("/definitely-missing");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "404" })).toBeVisible();

  const home = page.getByRole("link", { name: "Return to Home" });
  // Before hydration the link is a plain anchor; both ways must land on /.
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
});
