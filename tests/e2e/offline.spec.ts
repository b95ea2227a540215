// Offline-tolerant test taking (README), in real Chromium against wrangler dev
// and the real runner: the browser context's offline switch cuts the network
// (service worker included), CDP cuts and throttles it in the chaos runs,
// and the server's own D1 says
// what arrived. The e2e server runs with a 15-second grace window.
import type { Browser, CDPSession, TestInfo } from "@playwright/test";
import { codeTrail, d1, journalRows, studentTest } from "./d1";
import { expect, login, test, type Page } from "./fixtures";
import {
  alertToast,
  cell,
  correctShownIndex,
  lockDialog,
  newPerson,
  problemTitle,
  questionNav,
  roomWithTakers,
  solutionOf,
  switchTab,
  toast,
  typeCode,
  type Person,
  type RoomSettings,
  type Taker,
} from "./rooms";

/** What Chromium logs while the network is cut: expected here, nothing else is. */
const OFFLINE_NOISE = { allow: [{ message: /ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|ERR_NAME_NOT_RESOLVED|WebSocket connection to .* failed/ }] };
const GRACE_SECONDS = Number(process.env.E2E_GRACE_SECONDS ?? 15);

/**
 * An admin room with `count` students on its test page, each page kept by
 * the service worker (so it reopens offline).
 */
const roomWithStudents = (admin: Page, browser: Browser, room: RoomSettings, count: number) =>
  roomWithTakers(admin, browser, room, count, { allowed: OFFLINE_NOISE, namePrefix: "Off Line", launched: offlineReady });

/** The service worker keeps this page and its assets (it marks the document when done). */
async function offlineReady(page: Page) {
  await expect(page.locator("html[data-offline-ready=true]")).toBeAttached({ timeout: 20_000 });
}

const syncStatus = (page: Page) => page.getByTestId("sync-status");
const allSaved = (page: Page, timeout = 15_000) => expect(syncStatus(page)).toHaveText(/All changes saved/, { timeout });
/**
 * Whether this device's journal holds a code entry with exactly `code`.
 * Typing replaces the editor's text (select all, Delete, insert), and the
 * autosave may journal the empty editor in between: a count of waiting
 * changes cannot tell that entry from the one with the code.
 */
const journalHoldsCode = (page: Page, code: string) =>
  page.evaluate(
    (code) =>
      new Promise<boolean>((resolve, reject) => {
        const open = indexedDB.open("proctor-journal");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const all = open.result.transaction("entries").objectStore("entries").getAll();
          all.onsuccess = () => resolve(all.result.some((e: { kind?: string; payload?: { code?: string } }) => e?.kind === "code" && e.payload?.code === code));
          all.onerror = () => reject(all.error);
        };
      }),
    code,
  );
const offlineBanner = (page: Page) => page.getByRole("alert").filter({ hasText: "You are offline." });

/** MCQ: answers the current question with option `option` (0-3) by key, checks it, and returns its title. */
async function answer(page: Page, option: number) {
  const title = (await page.locator("fieldset legend").textContent())!.trim();
  await page.keyboard.press(String(option + 1));
  await expect(page.getByTestId(`option-${option + 1}`)).toBeChecked();
  return title;
}

async function mcqIds(titles: string[]) {
  const rows = await d1<{ id: string; title: string }>("SELECT id, title FROM questions WHERE type = 'mcq'");
  return new Map(titles.map((t) => [t, rows.find((r) => r.title === t)!.id]));
}

/** Seqs 0..n-1, each once, all accepted: nothing written on the device was lost or stored twice. */
function expectContiguous(rows: { seq: number; outcome: string }[], outcome = "accepted") {
  expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i));
  expect(rows.filter((r) => r.outcome !== outcome)).toEqual([]);
}

async function closeAll(people: (Person | undefined)[], testInfo: TestInfo) {
  const errors: string[] = [];
  for (const [i, p] of people.entries()) {
    if (!p) continue;
    if (testInfo.status !== testInfo.expectedStatus) {
      for (const page of p.context.pages()) {
        await testInfo.attach(`person ${i}`, { body: await page.screenshot().catch(() => Buffer.from("")), contentType: "image/png" }).catch(() => {});
      }
    }
    errors.push(...p.errors.map((e) => `person ${i}: ${e}`));
    await p.context.close();
  }
  expect(errors, "console errors / uncaught page errors").toEqual([]);
}

// ================================================================= a revalidation cut off by the network
test("a revalidation the network cuts off keeps the MCQ test page: the extended time shows and answers still save", async ({ page: admin, browser }, testInfo) => {
  test.setTimeout(120_000);
  const { takers } = await roomWithStudents(
    admin,
    browser,
    { name: `Cut revalidation ${Date.now().toString(36)}`, type: "Multiple choice (20 questions)", category: "Programming Fundamentals" },
    1,
  );
  const [me] = takers;
  try {
    const page = me!.page;
    const timer = page.getByRole("timer", { name: "Time remaining" });
    await expect(timer).toHaveText(/^(1:00:00|59:\d\d)$/);
    // Every loader read fails as a dropped connection does; the party's socket and the journal stay up.
    let cut = 0;
    await page.route(/\.data(\?|$)/, (route) => {
      cut++;
      return route.abort("internetdisconnected");
    });
    // The admin extends the time: the room party tells the page, which revalidates (root included).
    await admin.getByRole("button", { name: "Extend Time" }).click();
    await admin.getByRole("dialog", { name: "Extend time" }).getByRole("button", { name: "Extend" }).click();
    await expect(toast(admin, "Added 15 minutes")).toBeVisible();
    await expect(timer).toHaveText(/^1:1[45]:\d\d$/);
    await expect.poll(() => cut, { message: "the page tried to revalidate" }).toBeGreaterThan(0);
    // Still the test, not an error page: an answer is taken and saved.
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);
    await answer(page, 2);
    await allSaved(page);
    await page.unroute(/\.data(\?|$)/);
  } finally {
    await closeAll(takers, testInfo);
  }
});

// ================================================================= MCQ: offline, reload, reconnect

test("MCQ answers, a mark and two tab switches made offline survive an offline reload and reach the server exactly once", async ({ page: admin, browser }, testInfo) => {
  test.setTimeout(120_000);
  const { roomId, takers } = await roomWithStudents(
    admin,
    browser,
    { name: `Offline MCQ ${Date.now().toString(36)}`, type: "Multiple choice (20 questions)", category: "Programming Fundamentals" },
    1,
  );
  const [me] = takers;
  try {
    const page = me!.page;
    const expected = new Map<string, number>();
    // Online: three answers.
    for (let i = 0; i < 3; i++) {
      expected.set(await answer(page, i % 4), i % 4);
      await page.keyboard.press("n");
    }
    await allSaved(page);
    // The network indicator's monitor (loaded after the first paint) has measured the link.
    const indicator = page.locator("[data-network]");
    await expect(indicator).toHaveAttribute("data-network", /^(Fast|Good|Slow)$/);

    // Offline: three more, one marked for review, two tab switches.
    await me!.context.setOffline(true);
    await expect(offlineBanner(page)).toBeVisible();
    await expect(page.getByText("Offline", { exact: true })).toBeVisible();
    let marked = "";
    for (let i = 3; i < 6; i++) {
      const title = await answer(page, (i + 1) % 4);
      expected.set(title, (i + 1) % 4);
      if (i === 4) {
        await page.keyboard.press("m");
        marked = title;
      }
      await page.keyboard.press("n");
    }
    await switchTab(page);
    await switchTab(page);
    await expect(page.getByTestId("stat-tab-switches")).toContainText("2");
    await expect(syncStatus(page)).toHaveText(/\d+ changes? waiting to sync/);

    // A reload while offline: the page comes from the service worker, the answers from IndexedDB,
    // and the clock keeps running on the server's deadline and the offset measured online.
    const timer = page.getByTestId("mcq-timer");
    const secondsLeft = async () => {
      const [m, s] = (await timer.textContent())!.trim().split(":").map(Number);
      return m! * 60 + s!;
    };
    const before = await secondsLeft();
    const reloadedAt = Date.now();
    await page.reload();
    await expect(page.getByText("Question 7 of 20")).toBeVisible();
    await expect(timer).toHaveText(/^\d\d:\d\d$/);
    const elapsed = (Date.now() - reloadedAt) / 1000;
    expect(Math.abs(before - elapsed - (await secondsLeft()))).toBeLessThanOrEqual(3);
    await expect(page.getByText("6 of 20 answered")).toBeVisible();
    await expect(page.getByTestId("stat-tab-switches")).toContainText("2");
    await expect(page.getByTestId("stat-marked")).toContainText("1");
    await expect(offlineBanner(page)).toBeVisible();
    await page.keyboard.press("p");
    await expect(page.getByText("Question 6 of 20")).toBeVisible();
    await expect(page.getByTestId(`option-${((5 + 1) % 4) + 1}`)).toBeChecked();
    await page.keyboard.press("n");

    // Still offline: two more answers after the reload.
    for (let i = 6; i < 8; i++) {
      expected.set(await answer(page, (i + 2) % 4), (i + 2) % 4);
      await page.keyboard.press("n");
    }

    // Back online: everything drains within seconds.
    await me!.context.setOffline(false);
    await allSaved(page);
    await expect(offlineBanner(page)).toBeHidden();
    // The monitor came from the offline shell after the offline reload, and measures again.
    await expect(indicator).toHaveAttribute("data-network", /^(Fast|Good|Slow)$/);

    const test = await studentTest(roomId, me!.student.email);
    const ids = await mcqIds([...expected.keys()]);
    const [progress] = await d1<{ code: string }>("SELECT code FROM live_code_progress WHERE student_test_id = ? AND question_id = 'mcq-progress'", test.id);
    const stored = JSON.parse(progress!.code) as { answers: Record<string, number>; marked: string[] };
    expect(stored.answers).toEqual(Object.fromEntries([...expected].map(([title, option]) => [ids.get(title), option])));
    expect(stored.marked).toEqual([ids.get(marked)]);
    expect(test.tab_switch_count).toBe(2);
    const rows = await journalRows(test.id);
    expectContiguous(rows);
    expect(rows.filter((r) => r.kind === "tab-switch")).toHaveLength(2);

    // The admin sees the switches and the disconnected period.
    await expect(cell(admin, me!.student.email, "tabSwitches")).toHaveText("2");
    await expect(admin.getByRole("row").filter({ hasText: me!.student.email })).toContainText(/offline for \d+:\d\d/);
  } finally {
    await closeAll(takers, testInfo);
  }
});

// ================================================================= coding: offline submit and unlock

test("code, a Submit Code and unlocks made offline (one wrong) survive an offline reload; the submission is judged on reconnect", async ({ page: admin, browser }, testInfo) => {
  test.setTimeout(120_000);
  const unlockCode = `off-${Date.now().toString(36)}`;
  const { roomId, takers } = await roomWithStudents(
    admin,
    browser,
    { name: `Offline coding ${Date.now().toString(36)}`, type: "Coding", category: "Basics", language: "Python", unlockCode },
    1,
  );
  const [me] = takers;
  try {
    const page = me!.page;
    const title1 = (await problemTitle(page).textContent())!;
    await typeCode(page, "# first draft\n");
    await allSaved(page, 20_000);

    await me!.context.setOffline(true);
    await expect(offlineBanner(page)).toBeVisible();
    const solution1 = solutionOf(title1);
    await typeCode(page, solution1);

    // Running needs the runner: said plainly. Submitting is queued.
    await page.getByRole("button", { name: "Run Code" }).click();
    await expect(alertToast(page, "Running code needs a connection. Your code is saved and will sync when you are back online.")).toBeVisible();
    await page.getByRole("button", { name: "Submit Code" }).click();
    await expect(toast(page, "You are offline. Your submission is saved on this device and will be judged when the connection returns.")).toBeVisible();
    await expect(questionNav(page).getByRole("button", { name: /^Question 1/ })).toContainText("Submission queued");

    // A tab switch offline locks at once; the unlock is taken provisionally.
    await switchTab(page);
    const dialog = lockDialog(page);
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("tab-switches")).toHaveText("Tab switches: 1/3");
    await dialog.getByLabel("Unlock code").fill(unlockCode);
    await dialog.getByRole("button", { name: "Unlock" }).click();
    await expect(toast(page, "Unlocked for now. The code will be checked when you are back online.")).toBeVisible();
    await expect(dialog).toBeHidden();
    // A second switch, and this time a wrong code: also taken for now, and checked on sync.
    await switchTab(page);
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId("tab-switches")).toHaveText("Tab switches: 2/3");
    await dialog.getByLabel("Unlock code").fill("not-the-code");
    await dialog.getByRole("button", { name: "Unlock" }).click();
    await expect(dialog).toBeHidden();

    // The second question, written offline.
    await questionNav(page).getByRole("button", { name: /^Question 2/ }).click();
    const title2 = (await problemTitle(page).textContent())!;
    const solution2 = solutionOf(title2);
    const waiting = Number((await syncStatus(page).textContent())!.match(/(\d+) changes? waiting/)![1]);
    await typeCode(page, solution2);
    // Autosaved (2 s later) into the journal: more changes waiting, the last with the whole code.
    await expect.poll(() => journalHoldsCode(page, solution2), { timeout: 5_000 }).toBe(true);
    expect(Number((await syncStatus(page).textContent())!.match(/(\d+) changes? waiting/)![1])).toBeGreaterThan(waiting);

    // Reload offline: both answers, the queued submission and the switch are still there.
    await page.reload();
    await expect(problemTitle(page)).toHaveText(title1);
    const editorText = () => page.getByRole("region", { name: "Code" }).locator(".cm-content").evaluate((el) => [...el.querySelectorAll(".cm-line")].map((l) => l.textContent).join("\n"));
    await expect.poll(editorText).toBe(solution1);
    await expect(questionNav(page).getByRole("button", { name: /^Question 1/ })).toContainText("Submission queued");
    await expect(page.getByTestId("tab-switches")).toHaveText("Tab switches: 2/3");
    await expect(lockDialog(page)).toBeHidden();
    await questionNav(page).getByRole("button", { name: /^Question 2/ }).click();
    await expect.poll(editorText).toBe(solution2);

    // Back online: the queued submission is judged and counts.
    await me!.context.setOffline(false);
    await expect(toast(page, "Your queued submission was judged. Question 1: All test cases passed!")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Score so far: 50/100")).toBeVisible();
    await expect(questionNav(page).getByRole("button", { name: /^Question 1/ })).toContainText("Submitted · 5/5");
    // The wrong code stands as a failed attempt: locked again, 2 attempts left.
    await expect(alertToast(page, "Incorrect code. 2 attempts remaining.")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Attempts remaining: 2/3")).toBeVisible();
    await allSaved(page);
    const locked = await studentTest(roomId, me!.student.email);
    expect(locked).toMatchObject({ tab_switch_count: 2, is_locked: 1, unlock_attempts_remaining: 2 });
    await dialog.getByLabel("Unlock code").fill(unlockCode);
    await dialog.getByRole("button", { name: "Unlock" }).click();
    await expect(toast(page, "Test unlocked successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await allSaved(page);

    const test = await studentTest(roomId, me!.student.email);
    expect(test).toMatchObject({ total_score: 50, tab_switch_count: 2, is_locked: 0, unlock_attempts_remaining: 3 });
    const subs = await d1<{ question_id: string; test_cases_passed: number; code: string }>("SELECT question_id, test_cases_passed, code FROM submissions WHERE student_test_id = ?", test.id);
    expect(subs).toHaveLength(1);
    expect(subs[0]).toMatchObject({ test_cases_passed: 5, code: solution1 });
    const code = await d1<{ question_id: string; code: string }>("SELECT question_id, code FROM live_code_progress WHERE student_test_id = ?", test.id);
    expect(code.map((c) => c.code).sort()).toEqual([solution1, solution2].sort());
    expectContiguous(await journalRows(test.id));
    await expect(cell(admin, me!.student.email, "score")).toHaveText("50");
  } finally {
    await closeAll(takers, testInfo);
  }
});

// ================================================================= code typed after an offline Submit (issue 10)

test("code typed after an offline Submit is the code every device and the admin read back; offline reloads keep every verdict in the running score", async ({ page: admin, browser }, testInfo) => {
  test.setTimeout(150_000);
  const unlockCode = `after-${Date.now().toString(36)}`;
  const { roomId, takers } = await roomWithStudents(
    admin,
    browser,
    { name: `After submit ${Date.now().toString(36)}`, type: "Coding", category: "Basics", language: "Python", unlockCode },
    1,
  );
  const [me] = takers;
  let second: Awaited<ReturnType<typeof newPerson>> | undefined;
  const editorText = (page: Page) =>
    page.getByRole("region", { name: "Code" }).locator(".cm-content").evaluate((el) => [...el.querySelectorAll(".cm-line")].map((l) => l.textContent).join("\n"));
  const nav = (page: Page, n: 1 | 2) => questionNav(page).getByRole("button", { name: new RegExp(`^Question ${n}`) });
  try {
    const page = me!.page;
    // Question 1, submitted online: a verdict this device hears after it kept the test.
    const solution1 = solutionOf((await problemTitle(page).textContent())!);
    await typeCode(page, solution1);
    await page.getByRole("button", { name: "Submit Code" }).click();
    await expect(toast(page, "All test cases passed!")).toBeVisible({ timeout: 20_000 });
    await expect(nav(page, 1)).toContainText("Submitted · 5/5");
    await expect(page.getByText("Score so far: 50/100")).toBeVisible();

    // Question 2, offline: a draft, Submit Code (queued), a tab switch and its unlock, then the final code.
    await nav(page, 2).click();
    const draft = solutionOf((await problemTitle(page).textContent())!);
    const final = `${draft}\n# final version, typed after the submit`;
    await me!.context.setOffline(true);
    await expect(offlineBanner(page)).toBeVisible();
    await typeCode(page, draft);
    await page.getByRole("button", { name: "Submit Code" }).click();
    await expect(toast(page, "You are offline. Your submission is saved on this device and will be judged when the connection returns.")).toBeVisible();
    await switchTab(page);
    await lockDialog(page).getByLabel("Unlock code").fill(unlockCode);
    await lockDialog(page).getByRole("button", { name: "Unlock" }).click();
    await expect(lockDialog(page)).toBeHidden();
    const waiting = Number((await syncStatus(page).textContent())!.match(/(\d+) changes? waiting/)![1]);
    await typeCode(page, final);
    await expect.poll(() => journalHoldsCode(page, final), { timeout: 5_000 }).toBe(true);
    expect(Number((await syncStatus(page).textContent())!.match(/(\d+) changes? waiting/)![1])).toBeGreaterThan(waiting);

    // Reload offline: question 1's online verdict is still there, and so is the running score.
    await page.reload();
    await expect(nav(page, 1)).toContainText("Submitted · 5/5");
    await expect(nav(page, 2)).toContainText("Submission queued");
    await expect(page.getByText("Score so far: 50/100")).toBeVisible();

    // Back online: the queued submit is judged on the draft, in order, and everything is saved.
    await me!.context.setOffline(false);
    await expect(toast(page, "Your queued submission was judged. Question 2: All test cases passed!")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Score so far: 100/100")).toBeVisible();
    await allSaved(page);

    // Offline again and reloaded: the verdict judged on sync is kept on the device too.
    await me!.context.setOffline(true);
    await page.reload();
    await expect(nav(page, 1)).toContainText("Submitted · 5/5");
    await expect(nav(page, 2)).toContainText("Submitted · 5/5");
    await expect(page.getByText("Score so far: 100/100")).toBeVisible();
    await me!.context.setOffline(false);
    await expect(offlineBanner(page)).toBeHidden();

    // The server keeps the final code as the student's code (the submission keeps what was judged) ...
    const test = await studentTest(roomId, me!.student.email);
    expect(test.total_score).toBe(100);
    const questionIds = await d1<{ question_id: string; code: string }>("SELECT question_id, code FROM submissions WHERE student_test_id = ?", test.id);
    const q2 = questionIds.find((row) => row.code === draft)!.question_id;
    const [live] = await d1<{ code: string }>("SELECT code FROM live_code_progress WHERE student_test_id = ? AND question_id = ?", test.id, q2);
    expect(live!.code, await codeTrail(test.id)).toBe(final);
    // ... which a second device opens,
    second = await newPerson(browser);
    await login(second.page, me!.student.email, me!.student.password);
    await expect(second.page).toHaveURL(/\/student$/);
    await second.page.goto(`/test/${roomId}/coding`);
    await nav(second.page, 2).click();
    await expect.poll(() => editorText(second!.page)).toBe(final);
    // ... and the admin's room shows the full score.
    await expect(cell(admin, me!.student.email, "score")).toHaveText("100");
  } finally {
    await closeAll([...takers, second], testInfo);
  }
});

// ================================================================= the device's copy ahead of the journal (issue 10)

test("code on the device that the journal never got (the page closed in between) reaches the server after the reload", async ({ page: admin, browser }, testInfo) => {
  test.setTimeout(120_000);
  const { roomId, takers } = await roomWithStudents(
    admin,
    browser,
    { name: `Device copy ${Date.now().toString(36)}`, type: "Coding", category: "Basics", language: "Python" },
    1,
  );
  const [me] = takers;
  try {
    const page = me!.page;
    const saved = `print("saved through the journal")`;
    await typeCode(page, saved);
    await allSaved(page);
    const test = await studentTest(roomId, me!.student.email);
    const codeOnServer = async () =>
      (await d1<{ code: string }>("SELECT code FROM live_code_progress WHERE student_test_id = ?", test.id)).map((r) => r.code);
    // Each read spawns wrangler's CLI (seconds on a loaded machine): a longer poll.
    await expect.poll(codeOnServer, { timeout: 30_000 }).toEqual([saved]).catch(async (e) => {
      throw new Error(`${e.message}\nlive code: ${JSON.stringify(await codeOnServer())}\njournal: ${await codeTrail(test.id)}`);
    });

    // The quick device save lands and the page dies before the journal's write:
    // written here straight into the device's copy, exactly as that save stores it.
    const unsent = `print("typed just before the tab closed")`;
    await page.evaluate(
      ({ roomId, code }) =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open("proctor-tests");
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction("tests", "readwrite");
            const store = tx.objectStore("tests");
            const get = store.get(`room:${roomId}`);
            get.onsuccess = () => {
              const copy = get.result;
              const questionId = Object.keys(copy.codes)[0];
              copy.codes[questionId] = { value: code, at: Date.now() + 1_000 };
              store.put(copy, `room:${roomId}`);
            };
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
      { roomId, code: unsent },
    );
    await page.reload();
    await expect.poll(() => page.getByRole("region", { name: "Code" }).locator(".cm-content").textContent()).toBe(unsent);
    // Journaled without another keystroke: the server, and so every other device and the admin, read it.
    await expect.poll(codeOnServer, { timeout: 30_000 }).toEqual([unsent]);
    await allSaved(page);

    // Typed and reloaded at once, before any autosave: the device's copy already holds it.
    const last = `print("the last keystroke before the reload")`;
    await typeCode(page, last);
    await page.reload();
    await expect.poll(() => page.getByRole("region", { name: "Code" }).locator(".cm-content").textContent()).toBe(last);
    await expect.poll(codeOnServer, { timeout: 30_000 }).toEqual([last]);
  } finally {
    await closeAll(takers, testInfo);
  }
});

// ================================================================= time runs out offline

test("a test whose time runs out offline is accepted on a reconnect within the grace window, and refused but kept after it", async ({ page: admin, browser }, testInfo) => {
  test.setTimeout(200_000);
  const { roomId, takers } = await roomWithStudents(
    admin,
    browser,
    { name: `Offline timer ${Date.now().toString(36)}`, type: "Multiple choice (20 questions)", category: "Programming Fundamentals", minutes: 1 },
    2,
  );
  const [early, late] = takers as [Taker, Taker];
  try {
    const scores: number[] = [];
    for (const t of [early, late]) {
      // One right answer online, one more right answer offline.
      let right = 0;
      for (let i = 0; i < 2; i++) {
        if (i === 1) await t.context.setOffline(true);
        await answer(t.page, await correctShownIndex(t.page));
        right++;
        await t.page.keyboard.press("n");
      }
      scores.push(right * 5);
      await expect(offlineBanner(t.page)).toBeVisible();
    }
    // At 0 the test is finished on the device and waits for the network.
    for (const t of [early, late]) {
      await expect(t.page.getByRole("dialog", { name: "Time's up — waiting for the connection" })).toBeVisible({ timeout: 80_000 });
    }
    const endedAt = Date.now();

    // Within the grace window: accepted, scored, flagged.
    await early.context.setOffline(false);
    await expect(toast(early.page, `Test submitted! Score: ${scores[0]}/100`)).toBeVisible({ timeout: 15_000 });
    await expect(early.page).toHaveURL(/\/student$/, { timeout: 8_000 });
    const earlyTest = await studentTest(roomId, early.student.email);
    expect(earlyTest).toMatchObject({ status: "completed", total_score: scores[0], synced_after_end: 1 });
    await expect(cell(admin, early.student.email, "status")).toHaveText("completed");
    await expect(admin.getByRole("row").filter({ hasText: early.student.email })).toContainText("synced after end");

    // After the grace window: refused with a clear message; the data stays for the admin.
    await late.page.waitForTimeout(Math.max(0, endedAt + (GRACE_SECONDS + 3) * 1000 - Date.now()));
    await late.context.setOffline(false);
    const refused = late.page.getByRole("dialog", { name: "Your test could not be submitted" });
    await expect(refused).toBeVisible({ timeout: 15_000 });
    await expect(refused).toContainText(`These answers reached the server more than ${GRACE_SECONDS} seconds after the test ended, so they were not counted. They are kept for your instructor to review.`);
    await expect(refused.getByRole("button", { name: "Try again" })).toHaveCount(0);
    const lateTest = await studentTest(roomId, late.student.email);
    expect(lateTest.status).toBe("in_progress");
    const rows = await journalRows(lateTest.id);
    const refusedRows = rows.filter((r) => r.outcome === "rejected");
    expect(refusedRows.map((r) => r.kind)).toContain("finish");
    expect(refusedRows.every((r) => r.synced_after_end === 1)).toBe(true);

    const kept = admin.getByRole("row").filter({ hasText: late.student.email }).getByRole("button", { name: /late changes? kept/ });
    await expect(kept).toHaveText(`${refusedRows.length} late change${refusedRows.length === 1 ? "" : "s"} kept`);
    await kept.click();
    const review = admin.getByRole("dialog", { name: /^Late changes from / });
    await expect(review).toContainText("Finish / Submit Test");
    await expect(review).toContainText("2 answered");
  } finally {
    await closeAll(takers, testInfo);
  }
});

// ================================================================= chaos

/** A small seeded PRNG (mulberry32): the same seed replays the same run. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CHAOS_SEED = Number(process.env.CHAOS_SEED ?? 20261121);
const TOGGLES = 20;


/**
 * Cuts and restores the network TOGGLES times at random, throttling some
 * online stretches through CDP, while `work` keeps going. The last toggle is
 * the reconnect that is measured: before it the student stops, still
 * offline, long enough for the 2-second autosave to write the last change.
 */
async function chaos(page: Page, cdp: CDPSession, random: () => number, work: (step: number) => Promise<void>) {
  // One switch for both: Playwright's offline switch and a CDP throttle on
  // another session override each other, so this run uses CDP alone (it also
  // flips navigator.onLine and fires online/offline, as the offline switch does).
  const network = (offline: boolean, slow = false) =>
    cdp.send("Network.emulateNetworkConditions", {
      offline,
      latency: slow ? 300 : 0,
      downloadThroughput: slow ? 50_000 : -1,
      uploadThroughput: slow ? 50_000 : -1,
    });
  let offline = false;
  let step = 0;
  for (let toggle = 0; toggle < TOGGLES - 1; toggle++) {
    offline = !offline;
    // Some online stretches are a weak link: 300 ms latency, ~50 kB/s.
    await network(offline, !offline && random() < 0.5);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(!offline);
    const until = Date.now() + 300 + random() * 1200;
    while (Date.now() < until) await work(step++);
  }
  expect(offline, "an odd number of toggles so far: the network is off").toBe(true);
  // The measured reconnect must have something to drain. The last stretch is timed, so on a slow
  // machine it can be a single step whose change changes nothing (the option already chosen):
  // go on, still offline, until a change is waiting.
  const waiting = async () => Number(((await syncStatus(page).textContent()) ?? "").match(/(\d+) changes? waiting/)?.[1] ?? 0);
  for (let extra = 0; extra < 20 && (await waiting()) === 0; extra++) await work(step++);
  await page.waitForTimeout(2500);
  const pendingAtReconnect = await waiting();
  const reconnectedAt = Date.now();
  await network(false);
  return { reconnectedAt, pendingAtReconnect };
}

type Chaos = { seed: number; toggles: number; written: number; stored: number; lost: number; pendingAtReconnect: number; drainMs: number };

async function report(page: Page, testId: string, run: { reconnectedAt: number; pendingAtReconnect: number }, testInfo: TestInfo, label: string): Promise<Chaos> {
  // Polled every animation frame, so the figure is not the assertion's retry interval.
  await page.waitForFunction(() => /All changes saved/.test(document.querySelector("[data-testid=sync-status]")?.textContent ?? ""), null, { polling: "raf", timeout: 30_000 });
  const drainMs = Date.now() - run.reconnectedAt;
  const written = Number(await syncStatus(page).getAttribute("data-written"));
  const rows = await journalRows(testId);
  expectContiguous(rows);
  const result = { seed: CHAOS_SEED, toggles: TOGGLES, written, stored: rows.length, lost: written - rows.length, pendingAtReconnect: run.pendingAtReconnect, drainMs };
  console.log(`chaos ${label}: ${JSON.stringify(result)}`);
  testInfo.annotations.push({ type: `chaos ${label}`, description: JSON.stringify(result) });
  expect(result.lost).toBe(0);
  expect(result.pendingAtReconnect).toBeGreaterThan(0);
  return result;
}

test.describe("chaos", () => {
  test.beforeAll(() => console.log(`chaos seed: ${CHAOS_SEED} (set CHAOS_SEED to replay another)`));

  test(`MCQ: ${TOGGLES} random network drops while answering; the server ends with exactly the answers given`, async ({ page: admin, browser }, testInfo) => {
    test.setTimeout(150_000);
    const random = prng(CHAOS_SEED);
    const { roomId, takers } = await roomWithStudents(
      admin,
      browser,
      { name: `Chaos MCQ ${Date.now().toString(36)}`, type: "Multiple choice (20 questions)", category: "Programming Fundamentals" },
      1,
    );
    const me = takers[0]!;
    try {
      const page = me.page;
      const cdp = await me.context.newCDPSession(page);
      // What the student entered, by question title: answers, and marks toggled with M.
      const answers = new Map<string, number>();
      const marked = new Set<string>();
      const legend = page.locator("fieldset legend");
      // Looked up first: the drain is timed from the reconnect, and a D1 query takes a while.
      const test = await studentTest(roomId, me.student.email);
      const run = await chaos(page, cdp, random, async () => {
        // Answer (or change) the current question, then move on, back, or toggle its mark.
        const title = (await legend.textContent())!.trim();
        const option = Math.floor(random() * 4);
        await page.keyboard.press(String(option + 1));
        answers.set(title, option);
        const move = random();
        if (move < 0.15) {
          await page.keyboard.press("m");
          if (marked.has(title)) marked.delete(title);
          else marked.add(title);
        } else {
          await page.keyboard.press(move < 0.75 ? "n" : "p");
        }
        await page.waitForTimeout(60 + random() * 140);
      });
      const result = await report(page, test.id, run, testInfo, "mcq");
      expect(result.written).toBeGreaterThan(TOGGLES);
      const ids = await mcqIds([...answers.keys(), ...marked]);
      const [progress] = await d1<{ code: string }>("SELECT code FROM live_code_progress WHERE student_test_id = ? AND question_id = 'mcq-progress'", test.id);
      const stored = JSON.parse(progress!.code) as { answers: Record<string, number>; marked: string[] };
      expect(stored.answers).toEqual(Object.fromEntries([...answers].map(([title, option]) => [ids.get(title), option])));
      expect([...stored.marked].sort()).toEqual([...marked].map((t) => ids.get(t)).sort());
      await expect(page.getByText(`${answers.size} of 20 answered`)).toBeVisible();
    } finally {
      await closeAll(takers, testInfo);
    }
  });

  test(`coding: ${TOGGLES} random network drops while typing; the server ends with exactly the code typed`, async ({ page: admin, browser }, testInfo) => {
    test.setTimeout(150_000);
    const random = prng(CHAOS_SEED + 1);
    const { roomId, takers } = await roomWithStudents(
      admin,
      browser,
      { name: `Chaos coding ${Date.now().toString(36)}`, type: "Coding", category: "Basics", language: "Python" },
      1,
    );
    const me = takers[0]!;
    try {
      const page = me.page;
      const cdp = await me.context.newCDPSession(page);
      const typed: [string, string] = ["", ""];
      let current = 0;
      const content = page.getByRole("region", { name: "Code" }).locator(".cm-content");
      await content.click();
      const test = await studentTest(roomId, me.student.email);
      const run = await chaos(page, cdp, random, async (step) => {
        if (random() < 0.1) {
          current = 1 - current;
          const tab = questionNav(page).getByRole("button", { name: new RegExp(`^Question ${current + 1}`) });
          await tab.click();
          await expect(tab).toHaveAttribute("aria-current", "true");
          await content.click();
        }
        await page.keyboard.press("ControlOrMeta+End");
        const line = `# step ${step} ${Math.floor(random() * 1e6).toString(36)}\n`;
        await page.keyboard.insertText(line);
        typed[current] += line;
        await page.waitForTimeout(80 + random() * 200);
      });
      await report(page, test.id, run, testInfo, "coding");
      const questions = await questionNav(page).getByRole("button").allTextContents();
      expect(questions).toHaveLength(2);
      const stored = await d1<{ code: string }>("SELECT code FROM live_code_progress WHERE student_test_id = ?", test.id);
      expect(stored.map((s) => s.code).sort()).toEqual(typed.filter(Boolean).sort());
    } finally {
      await closeAll(takers, testInfo);
    }
  });
});
