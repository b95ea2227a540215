import { expect, test } from "./fixtures";
import { alertToast, newPerson, roomWithTakers } from "./rooms";

// Issue 27: on a weak link the coding page takes keystrokes in a plain code
// area before CodeMirror (most of the page's weight) has arrived, and swaps
// CodeMirror in place with the same text, caret, scroll position and focus.

const CODEMIRROR_CHUNK = /\/assets\/codemirror-view-[\w-]+\.js$/;

test("a student types before CodeMirror arrives on a weak link; the upgrade keeps every key, the caret, the scroll and the focus", async ({ page: admin, browser }) => {
  test.setTimeout(180_000);
  const { roomId, takers } = await roomWithTakers(admin, browser, { name: `Weak link ${Date.now().toString(36)}`, type: "Coding", category: "Basics", language: "Python" }, 1, {
    namePrefix: "Typist",
  });
  const [taker] = takers as [(typeof takers)[number]];
  const session = await taker.context.storageState();
  await taker.context.close();

  // A cold browser on a weak link (no service worker to answer from its cache), with CodeMirror held back until the test lets it through.
  const student = await newPerson(browser, undefined, { storageState: session, serviceWorkers: "block" });
  const page = student.page;
  // The gate opens with release(); hold() closes it again for the next load (routing turns the HTTP cache off, so a reload asks again).
  let release!: () => void;
  let held!: Promise<void>;
  const hold = () => (held = new Promise<void>((resolve) => (release = resolve)));
  hold();
  let asked = 0;
  await student.context.route(CODEMIRROR_CHUNK, async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  const cdp = await student.context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 400, downloadThroughput: 50_000, uploadThroughput: 50_000 });
  try {
    await page.goto(`/test/${roomId}/coding`, { waitUntil: "commit" });
    const area = page.getByRole("textbox", { name: "Code for question 1" });
    await expect(page.locator('[data-editor="plain"]')).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => asked, { message: "the page asked for CodeMirror" }).toBeGreaterThan(0);
    const start = await area.inputValue();

    // Typing works at once: many lines (the area scrolls), Tab indents with spaces, the clipboard stays blocked.
    await area.click();
    await page.keyboard.press("ControlOrMeta+End");
    const filler = Array.from({ length: 60 }, (_, i) => `# line ${i + 1}`).join("\n");
    await page.keyboard.insertText(`\n${filler}\n`);
    await page.keyboard.press("Tab");
    await page.keyboard.type("abcdef");
    await page.keyboard.press("ControlOrMeta+V");
    await expect(alertToast(page, "Paste is disabled during the test")).toBeVisible();
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
    await expect(area).toBeFocused();
    const scrolled = await area.evaluate((el) => el.scrollTop);
    expect(scrolled, "the plain area scrolled to its caret").toBeGreaterThan(0);

    // CodeMirror arrives while the student keeps typing.
    release();
    await page.keyboard.type("123", { delay: 150 });
    await expect(page.locator('[data-editor="codemirror"]')).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('[data-editor="plain"]')).toHaveCount(0);
    // The focus moved with the student: the next key lands at the same caret, without a click.
    await expect(page.locator(".cm-editor.cm-focused")).toBeVisible();
    await page.keyboard.type("Z");

    const expected = `${start}\n${filler}\n  abc123Zdef`;
    // CodeMirror draws only the lines in view: its document is read from the view the content element belongs to
    // (what EditorView.findFromDOM reads).
    const content = page.getByRole("region", { name: "Code" }).locator(".cm-content");
    const documentText = () => content.evaluate((el) => (el as unknown as { cmTile: { root: { view: { state: { doc: { toString(): string } } } } } }).cmTile.root.view.state.doc.toString());
    await expect.poll(documentText).toBe(expected);
    const scroller = await page.locator(".cm-scroller").evaluate((el) => el.scrollTop);
    expect(Math.abs(scroller - scrolled), `CodeMirror kept the scroll position (${scrolled} px before, ${scroller} px after)`).toBeLessThanOrEqual(40);

    // The next load: the student is elsewhere on the page (the font size buttons) when CodeMirror arrives, and stays there.
    hold();
    const asks = asked;
    await page.reload({ waitUntil: "commit" });
    await expect(page.locator('[data-editor="plain"]')).toBeVisible({ timeout: 60_000 });
    await expect.poll(() => asked, { message: "the reload asked for CodeMirror again" }).toBeGreaterThan(asks);
    const larger = page.getByRole("button", { name: "A+ (larger font)" });
    await larger.focus();
    release();
    await expect(page.locator('[data-editor="codemirror"]')).toBeVisible({ timeout: 60_000 });
    await expect(larger, "the upgrade left the focus where the student put it").toBeFocused();
    await expect(page.locator(".cm-editor.cm-focused")).toHaveCount(0);
    await expect.poll(documentText, { message: "the reload shows what was typed" }).toBe(expected);
    expect(student.errors, "console errors in the student's browser").toEqual([]);
  } finally {
    release();
    await student.context.close();
  }
});
