import {
  ADMIN_CODE,
  allowConsoleErrors,
  errorToast,
  expect,
  expectFieldError,
  expectNoFieldError,
  login,
  resourceError,
  signUp,
  test,
  uniqueEmail,
} from "./fixtures";

const PORTAL_PATH = /\/student$/;

test("a new student signs up, logs out and logs back in", async ({ page }) => {
  const name = "Grace Hopper";
  const email = uniqueEmail("student");
  const password = "correct-horse-42";

  await signUp(page, { fullName: name, email, password });
  await expect(page).toHaveURL(PORTAL_PATH);
  await expect(page.getByRole("status").filter({ hasText: "Account created successfully as student!" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `${name}'s Portal` })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Student navigation" })).toBeVisible();
  await expect(page.getByTestId("portal-name")).toHaveText(name);

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Get Started" })).toBeVisible();
  // The session is really gone: the portal now sends us to sign in.
  await page.goto("/student");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fstudent$/);

  await login(page, email, password);
  await expect(page).toHaveURL(PORTAL_PATH);
  await expect(page.getByRole("status").filter({ hasText: "Logged in successfully!" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `${name}'s Portal` })).toBeVisible();
});

test.describe("sign-up validation", () => {
  test("a one-character name is refused under the name field, and fixing it clears the error", async ({ page }) => {
    await signUp(page, { fullName: "A", email: uniqueEmail("short-name"), password: "long-enough-1" });
    const name = page.getByRole("textbox", { name: "Full Name" });
    await expectFieldError(name, "Name must be at least 2 characters");
    // The field takes the focus and reads the message as its description; the
    // spec's toast still shows it, without announcing it a second time.
    await expect(name).toBeFocused();
    await expect(errorToast(page, "Name must be at least 2 characters")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Name must be at least 2 characters" })).toHaveCount(0);
    await expectNoFieldError(page.getByRole("textbox", { name: "Email" }));
    await expect(page).toHaveURL(/\/auth$/);

    await name.fill("Al");
    await expectNoFieldError(name);
    await expect(page.getByText("Name must be at least 2 characters", { exact: true })).toHaveCount(1); // the toast alone
  });

  test("every wrong field shows its own message; only the first is toasted", async ({ page }) => {
    await signUp(page, { fullName: "Short Pass", email: "not-an-email", password: "1234567" });
    const email = page.getByRole("textbox", { name: "Email" });
    const password = page.getByLabel("Password", { exact: true });
    await expectFieldError(email, "Invalid email address");
    await expectFieldError(password, "Password must be at least 8 characters");
    await expectNoFieldError(page.getByRole("textbox", { name: "Full Name" }));
    await expect(email).toBeFocused();
    await expect(errorToast(page, "Invalid email address")).toBeVisible();
    await expect(errorToast(page, "Password must be at least 8 characters")).toHaveCount(0);

    // Fixing one leaves the other.
    await email.fill("short-pass@e2e.test");
    await expectNoFieldError(email);
    await expectFieldError(password, "Password must be at least 8 characters");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("without the browser's check (no JavaScript), the server's answer shows under its field", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/auth");
      const form = page.getByRole("tabpanel");
      await form.locator('input[name="email"]').fill("not-an-email");
      await form.locator('input[name="password"]').fill("long-enough-1");
      await form.getByRole("button", { name: "Login" }).click();
      await expectFieldError(page.getByRole("textbox", { name: "Email" }), "Invalid email address");
      await expectNoFieldError(page.getByLabel("Password", { exact: true }));
    } finally {
      await context.close();
    }
  });

  test.describe(() => {
    // The action answers 403 (bad code) and 401 (bad login) to the form's fetch
    // of /auth.data, and Chromium logs every error status: expected here only.
    test.use(allowConsoleErrors(resourceError(403, /\/auth\.data$/), resourceError(401, /\/auth\.data$/)));

    test("a wrong admin code is refused and creates no account", async ({ page }) => {
      const email = uniqueEmail("bad-code");
      const password = "long-enough-1";
      await signUp(page, { fullName: "Mallory", email, password, adminCode: "WRONG-CODE" });
      await expect(page.getByRole("alert").filter({ hasText: "Invalid admin secret code" })).toBeVisible();
      // The server's answer names the field too.
      const code = page.getByLabel("Admin Secret Code");
      await expectFieldError(code, "Invalid admin secret code");
      await code.fill("STILL-WRONG");
      await expectNoFieldError(code);
      await expect(page).toHaveURL(/\/auth$/);

      await login(page, email, password);
      await expect(page.getByRole("alert").filter({ hasText: /invalid email or password/i })).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole("status").filter({ hasText: "Logged in successfully!" })).toHaveCount(0);
    });
  });
});

const ADMIN_PAGES = [
  { label: "Test Rooms", path: "/admin" },
  { label: "Practice Rooms", path: "/admin/practice-rooms" },
  { label: "Questions", path: "/admin/questions" },
  { label: "Users", path: "/admin/users" },
  { label: "Results", path: "/admin/results" },
  { label: "Test History", path: "/admin/history" },
  { label: "Evaluation", path: "/admin/evaluation" },
  { label: "Practice", path: "/admin/practice" },
  { label: "LTI", path: "/admin/lti" },
];

test("an admin signs up with the code and can open every admin page", async ({ page, baseURL }) => {
  const name = "Alan Admin";
  await signUp(page, { fullName: name, email: uniqueEmail("admin"), password: "admin-pass-99", adminCode: ADMIN_CODE });
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("status").filter({ hasText: "Account created successfully as admin!" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: `${name}'s Portal` })).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Admin navigation" });
  const links = nav.getByRole("link");
  await expect(links).toHaveText(ADMIN_PAGES.map((p) => p.label));
  for (const { label } of ADMIN_PAGES) await expect(nav.getByRole("link", { name: label, exact: true })).toBeVisible();

  // Start from the last entry so that every click, including Test Rooms, is a real navigation.
  for (const { label, path } of [...ADMIN_PAGES.slice(1), ADMIN_PAGES[0]!]) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}${path}`);
    await expect(page.getByRole("heading", { level: 2, name: label, exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `${name}'s Portal` })).toBeVisible();
    await expect(page.getByText("Oops! Page not found")).toHaveCount(0);
  }
});
