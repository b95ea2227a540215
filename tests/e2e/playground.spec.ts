// The compiler playground end to end (spec 2: compiler screen), as a new
// user would, against the real runner: a student writes a C program, runs it,
// saves a snippet, shares the link and opens it in a fresh browser (the
// admin's); an interactive Python program asks for a name and answers it.
import { expect, test } from "./fixtures";
import { loginAdmin, newPerson, signUpStudent } from "./rooms";
import type { Page } from "./fixtures";

const C_PROGRAM = '#include <stdio.h>\n\nint main(void) {\n    printf("héllo from C ✓\\n");\n    return 0;\n}\n';

async function replaceCode(page: Page, code: string) {
  const content = page.locator(".cm-content");
  await content.click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
  await expect.poll(() => content.evaluate((el) => [...el.querySelectorAll(".cm-line")].map((l) => l.textContent).join("\n"))).toBe(code);
}

test("a student runs a C program, saves it as a snippet and shares it; the link opens the same code in another browser", async ({ browser, page: admin }, testInfo) => {
  test.setTimeout(120_000);
  const student = await newPerson(browser);
  try {
    await student.context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const page = student.page;
    await signUpStudent(page, `Cee Coder ${Date.now().toString(36)}`);
    await page.getByRole("navigation").getByRole("link", { name: "Compiler" }).click();
    await expect(page).toHaveURL(/\/student\/playground$/);

    await page.getByLabel("Language").selectOption({ label: "C" });
    await expect(page.getByTestId("file-name")).toHaveText("main.c");
    await replaceCode(page, C_PROGRAM);
    await page.getByRole("toolbar", { name: "Compiler toolbar" }).getByRole("button", { name: "Run", exact: true }).click();
    await expect(page.getByRole("log", { name: "Output", exact: true })).toContainText("héllo from C ✓", { timeout: 30_000 });
    await expect(page.getByTestId("status-time")).toHaveText(/^Execution time: \d+ ms$/);
    await expect(page.getByTestId("status-lines")).toHaveText("Lines: 7");

    // Save Snippet: listed under Saved Snippets with its count.
    await page.getByRole("button", { name: "Save Snippet" }).click();
    const save = page.getByRole("dialog", { name: "Save Snippet" });
    await save.getByLabel("Snippet Name").fill("Hello in C");
    await save.getByRole("button", { name: "Save" }).click();
    await expect(save).toBeHidden();
    await page.getByRole("tab", { name: "Saved Snippets (1)" }).click();
    await expect(page.getByRole("list", { name: "Saved snippets" })).toContainText("Hello in C");
    await page.getByRole("tab", { name: "Code Editor" }).click();

    // Share: "Copied!", and the link carries the code in its fragment only.
    await page.getByRole("button", { name: "Share" }).click();
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const url = new URL(link);
    expect(url.search).toBe("");
    expect(url.hash.length).toBeGreaterThan(1);
    expect(link).not.toContain("printf");

    // Another browser (the admin's) opens it: same language, same code, unicode intact.
    await loginAdmin(admin);
    await admin.goto(`${url.pathname}${url.hash}`);
    await expect(admin.getByTestId("file-name")).toHaveText("main.c");
    await expect
      .poll(() => admin.locator(".cm-content").evaluate((el) => [...el.querySelectorAll(".cm-line")].map((l) => l.textContent).join("\n")))
      .toBe(C_PROGRAM);

    // A bad link says so.
    await admin.goto("/admin");
    await admin.goto("/admin/practice#lang=c&z=not-a-valid-link");
    await expect(admin.getByText("Failed to load shared code")).toBeVisible();
  } finally {
    const errors = student.errors.splice(0);
    await student.context.close();
    if (testInfo.status === testInfo.expectedStatus) expect(errors, "console errors / uncaught page errors").toEqual([]);
  }
});

test("an interactive Python program asks for a name and answers it, as a terminal does", async ({ page }) => {
  test.setTimeout(90_000);
  await loginAdmin(page);
  await page.goto("/admin/practice");
  await page.getByLabel("Language").selectOption({ label: "Python" });
  await replaceCode(page, 'name = input("Your name? ")\nprint(f"Hello, {name}!")\n');
  await page.getByRole("button", { name: "Run interactively" }).click();
  const terminal = page.getByRole("dialog", { name: "Interactive run" });
  // The prompt arrives before any input is sent.
  await expect(terminal.getByRole("log", { name: "Program output" })).toContainText("Your name?", { timeout: 30_000 });
  await terminal.getByLabel("Input", { exact: true }).fill("Ada");
  await terminal.getByLabel("Input", { exact: true }).press("Enter");
  await expect(terminal.getByRole("log", { name: "Program output" })).toContainText("Hello, Ada!");
});
