import { DEMO, expect, login, test } from "./fixtures";

/** Paths of the redirect chain that ended in `response`, oldest first. */
function chain(response: import("@playwright/test").Response | null) {
  const paths: string[] = [];
  for (let r = response?.request() ?? null; r; r = r.redirectedFrom()) paths.unshift(new URL(r.url()).pathname);
  return paths;
}

test("an anonymous visitor to the student portal is sent to sign in", async ({ page }) => {
  const response = await page.goto("/student");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fstudent$/);
  expect(chain(response)).toEqual(["/student", "/auth"]);
  await expect(page.getByRole("tab", { name: "Login" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Student navigation" })).toHaveCount(0);
});

test("an anonymous visitor to the admin portal is sent to sign in, then back", async ({ page }) => {
  await page.goto("/admin/users");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fadmin%2Fusers$/);
  await expect(page.getByRole("navigation", { name: "Admin navigation" })).toHaveCount(0);
  await login(page, DEMO.admin.email, DEMO.admin.password, { from: "/admin/users" });
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("heading", { level: 2, name: "Users" })).toBeVisible();
});

test("a student cannot open the admin portal", async ({ page }) => {
  await login(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/student$/);

  const response = await page.goto("/admin");
  // The admin guard sends the student to /auth, which forwards a signed-in
  // user home (/ → /student): never an admin page.
  const paths = chain(response);
  expect(paths[0]).toBe("/admin");
  expect(paths[1]).toBe("/auth");
  await expect(page).not.toHaveURL(/\/admin/);
  await expect(page).toHaveURL(/\/(auth|student)$/);
  await expect(page.getByRole("navigation", { name: "Admin navigation" })).toHaveCount(0);
});

test("an admin cannot open the student portal", async ({ page }) => {
  await login(page, DEMO.admin.email, DEMO.admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: `${DEMO.admin.name}'s Portal` })).toBeVisible();

  await page.goto("/student");
  await expect(page).not.toHaveURL(/\/student/);
  await expect(page.getByRole("navigation", { name: "Student navigation" })).toHaveCount(0);
});

test("a signed-in user visiting /auth or / is sent to their portal", async ({ page }) => {
  await login(page, DEMO.student.email, DEMO.student.password);
  await expect(page).toHaveURL(/\/student$/);

  const fromAuth = await page.goto("/auth");
  await expect(page).toHaveURL(/\/student$/);
  expect(chain(fromAuth)[0]).toBe("/auth");
  await expect(page.getByRole("tab", { name: "Login" })).toHaveCount(0);

  await page.goto("/");
  await expect(page).toHaveURL(/\/student$/);
  await expect(page.getByRole("navigation", { name: "Student navigation" })).toBeVisible();
});
