// Safe Exam Browser (issue 38, decision 042), as people use it. The admin
// requires SEB on a coding room and downloads its configuration, whose Config
// Key (computed here as SEB computes it) is the one the room page shows.
// A browser that behaves as SEB for Windows does (its user agent, a header
// per request it makes, none on the WebSocket upgrade, none on a service
// worker's requests, and the JS API in the page) takes the test to the end
// with the party live and is offered Quit Safe Exam Browser. A plain browser
// is refused with the message and the link; a student allowed without SEB
// types code, the exemption is withdrawn, the server refuses what follows,
// and nothing typed is lost: opened again inside SEB, it all arrives.
import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { BrowserContext } from "@playwright/test";
import { configKey, parsePlist } from "../../app/lib/seb/config";
import { d1 } from "./d1";
import { expect, resourceError, test, waitForLive, type Page } from "./fixtures";
import {
  acceptTermsAndLaunch,
  createRoom,
  editor,
  enableRoom,
  generateOtp,
  joinTestRoom,
  loginAdmin,
  newPerson,
  participantRow,
  problemTitle,
  signUpStudent,
  solutionOf,
  submitCode,
  toast,
  typeCode,
} from "./rooms";

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const SEB_UA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36 SEB/3.7.1";
/** The refused page's 403 and the journal's are the server speaking, not a fault. */
const refusals = { allow: [resourceError(403)] };

/**
 * Makes a browser context behave as SEB for Windows: each request it makes
 * carries X-SafeExamBrowser-ConfigKeyHash over its own URL; a WebSocket
 * upgrade (never routed here) and a service worker's requests carry none;
 * the page has SafeExamBrowser.security, computed for its URL.
 */
async function behaveAsSeb(context: BrowserContext, key: string) {
  await context.route("**/*", async (route) => {
    const request = route.request();
    if (request.serviceWorker()) return route.fallback();
    const url = request.url().split("#")[0]!;
    await route.fallback({ headers: { ...request.headers(), "x-safeexambrowser-configkeyhash": sha256(url + key) } });
  });
  await context.addInitScript((k: string) => {
    const hex = async (text: string) =>
      [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)))].map((b) => b.toString(16).padStart(2, "0")).join("");
    const security: { configKey?: string; updateKeys: (done?: () => void) => void } = {
      updateKeys(done) {
        void hex(location.href.split("#")[0] + k).then((hash) => {
          security.configKey = hash;
          done?.();
        });
      },
    };
    Object.assign(window, { SafeExamBrowser: { version: "SEB_Win_3.7.1", security } });
    security.updateKeys();
  }, key);
}

/** Require Safe Exam Browser on the room page; returns the Config Key it shows. */
async function requireSeb(admin: Page) {
  await admin.getByRole("button", { name: "SEB settings" }).click();
  const dialog = admin.getByRole("dialog", { name: "Safe Exam Browser" });
  await dialog.getByRole("checkbox", { name: "Require Safe Exam Browser" }).check();
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(toast(admin, "Safe Exam Browser settings saved")).toBeVisible();
  await expect(admin.getByTestId("seb-status")).toContainText("Required");
  return (await admin.getByTestId("seb-config-key").textContent())!.trim();
}

test("a room that requires Safe Exam Browser: SEB takes the test to the end, a plain browser is refused and loses nothing", async ({ page: admin, browser }) => {
  test.setTimeout(240_000);
  await loginAdmin(admin);
  const roomId = await createRoom(admin, { name: `SEB ${Date.now().toString(36)}`, type: "Coding", category: "Basics", language: "Python" });
  const key = await requireSeb(admin);
  expect(key).toMatch(/^[0-9a-f]{64}$/);
  await expect(admin.getByTestId("seb-link")).toHaveText(new RegExp(`^seb://.+/seb/${roomId}/config\\.seb$`));
  await expect(admin.getByText("it proves the configuration, not the device")).toBeVisible();
  // The .seb downloaded is the configuration whose Config Key the page shows.
  const download = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Download SEB configuration" }).click();
  const file = await readFile((await (await download).path())!, "utf8");
  const settings = parsePlist(file);
  expect(settings).toMatchObject({ startURL: expect.stringMatching(new RegExp(`/seb/${roomId}$`)), quitURL: expect.stringMatching(/\/seb\/quit$/), sendBrowserExamKey: true });
  expect(await configKey(settings)).toBe(key);
  await enableRoom(admin);
  const otp = await generateOtp(admin);

  // A plain browser: the message, the link that opens the room in SEB, where to get SEB; nothing of the room.
  const plain = await newPerson(browser, refusals);
  const seb = await newPerson(browser, refusals, { userAgent: SEB_UA });
  try {
    const p = await signUpStudent(plain.page, `Plain ${Date.now().toString(36)}`);
    await joinTestRoom(plain.page, otp);
    await expect(plain.page).toHaveURL(new RegExp(`/waiting/${roomId}$`));
    await expect(plain.page.getByRole("heading", { name: "This test requires Safe Exam Browser" })).toBeVisible();
    await expect(plain.page.getByRole("link", { name: "Open in Safe Exam Browser" })).toHaveAttribute("href", new RegExp(`^seb://.+/seb/${roomId}/config\\.seb$`));
    await expect(plain.page.getByRole("link", { name: "Download Safe Exam Browser" })).toHaveAttribute("href", /safeexambrowser\.org/);
    await expect(plain.page.getByText("Waiting for test to start")).toHaveCount(0);

    // SEB: the waiting room, live through the party with its ticket.
    await behaveAsSeb(seb.context, key);
    const s = await signUpStudent(seb.page, `Seb ${Date.now().toString(36)}`);
    const live = waitForLive(seb.page, roomId);
    await joinTestRoom(seb.page, otp);
    await expect(seb.page).toHaveURL(new RegExp(`/waiting/${roomId}$`));
    await expect(seb.page.getByText("Waiting for test to start")).toBeVisible();
    await live;

    // The plain student is allowed without SEB (an accommodation), with who allowed it kept.
    await admin.getByRole("button", { name: `Allow without SEB for ${p.fullName}` }).click();
    await expect(toast(admin, `${p.fullName} may take this test without Safe Exam Browser`)).toBeVisible();
    await expect(participantRow(admin, p.email)).toContainText("Without SEB");
    await expect(admin.getByTestId("seb-trail")).toContainText("Allowed without SEB");
    await plain.page.reload();
    await expect(plain.page.getByText("Waiting for test to start")).toBeVisible();

    await admin.getByRole("button", { name: "Start Test Now" }).click();
    await expect(toast(admin, "Test started successfully")).toBeVisible();
    for (const person of [seb, plain]) {
      await expect(person.page).toHaveURL(new RegExp(`/test/${roomId}/terms$`), { timeout: 10_000 });
      await acceptTermsAndLaunch(person.page);
      await expect(person.page).toHaveURL(new RegExp(`/test/${roomId}/coding$`));
    }

    // The plain student types; the exemption is withdrawn; what they type next is refused by the server and kept.
    const before = "# typed while allowed without SEB";
    await typeCode(plain.page, before);
    const [plainTest] = await d1<{ id: string }>("SELECT t.id FROM student_tests t JOIN user u ON u.id = t.student_id WHERE t.room_id = ? AND u.email = ?", roomId, p.email);
    const serverCode = async () => (await d1<{ code: string }>("SELECT code FROM live_code_progress WHERE student_test_id = ?", plainTest!.id)).map((r) => r.code).join("\n");
    await expect.poll(serverCode, { timeout: 20_000 }).toContain(before);
    // More code, and at once the exemption is withdrawn: the page turns to the refusal, and the device keeps what it could not send.
    const middle = "# typed as the exemption was withdrawn";
    await typeCode(plain.page, `${before}\n${middle}`);
    await admin.getByRole("button", { name: `Require SEB for ${p.fullName}` }).click();
    await expect(toast(admin, `${p.fullName} needs Safe Exam Browser again`)).toBeVisible();
    await expect(plain.page.getByRole("heading", { name: "This test requires Safe Exam Browser" })).toBeVisible({ timeout: 15_000 });

    // SEB: Submit Code and Finish, with Quit Safe Exam Browser offered (and no return to the dashboard).
    const title = (await problemTitle(seb.page).textContent())!;
    await typeCode(seb.page, solutionOf(title));
    await submitCode(seb.page, "All test cases passed!");
    await seb.page.getByRole("banner").getByRole("button", { name: "Finish Test" }).click();
    await seb.page.getByRole("dialog", { name: "Finish the test?" }).getByRole("button", { name: "Finish Test" }).click();
    const done = seb.page.getByRole("dialog", { name: "Test submitted" });
    await expect(done.getByRole("link", { name: "Quit Safe Exam Browser" })).toHaveAttribute("href", "/seb/quit", { timeout: 20_000 });
    // One of the two questions solved: submitted with 50 of 100 ("attempted").
    await expect(participantRow(admin, s.email)).toContainText("attempted", { timeout: 15_000 });
    await seb.page.waitForTimeout(3_000);
    await expect(seb.page).toHaveURL(new RegExp(`/test/${roomId}/coding$`));

    // The plain student's device kept everything: opened again inside SEB, the test opens and its journal drains.
    // (This browser's service worker, not in SEB mode, fetches the document itself, without the header: the page
    // then proves itself with SEB's JS API, as SEB's header-less macOS view does.)
    await behaveAsSeb(plain.context, key);
    await plain.page.reload();
    await expect(editor(plain.page)).toContainText(middle, { timeout: 20_000 });
    await expect.poll(serverCode, { timeout: 20_000 }).toContain(middle);
    expect(seb.errors, "console errors in the SEB browser").toEqual([]);
  } finally {
    await plain.context.close();
    await seb.context.close();
  }
});
