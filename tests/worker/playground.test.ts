// The compiler playground (spec 2: /admin/practice, "open to any user"; issue
// 14 items 5, 7 and 9) against the real Worker, real D1 and the real runner
// that tests/worker/global-setup.ts starts. Each test signs up its own users:
// runs are limited per user.
import { beforeAll, describe, expect, it } from "vitest";
import { call, signUp } from "./helpers";
import {
  admin as roomAdmin,
  journal,
  launch,
  makeRoom,
  one,
  rows,
  seedCodingCategory,
  signUpAdmin,
  start,
  takingStudent,
  testOf,
} from "./rooms-fixture";

const ADMIN_PAGE = "/admin/practice";
const STUDENT_PAGE = "/student/playground";
const M = {
  compilationFailed: "Compilation failed",
  executionFailed: "Execution failed",
  testRunning: "The compiler playground is closed while your test is running",
  tooMany: "Too many runs: at most 5 every 10 seconds",
  codeTooLarge: "The code is too large to run (at most 64 KB)",
  stdinTooLarge: "The input is too large (at most 64 KB)",
  codeRequired: "Please write some code first",
};
const RUNNER = { timeout: 60_000 };

/** Posts like the page's fetcher (single fetch): the action's own status and data. */
async function run(page: string, cookie: string | undefined, fields: Record<string, string>) {
  const res = await call(`${page}.data`, { method: "POST", body: new URLSearchParams(fields), cookie });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

const runsOf = async (email: string) =>
  (await one<{ n: number }>("SELECT count(*) AS n FROM playground_runs r JOIN user u ON u.id = r.user_id WHERE u.email = ?", email)).n;

// Each program reads a line and answers with it and a non-ASCII greeting, so stdin and UTF-8 both make the round trip.
const PROGRAMS = {
  c: '#include <stdio.h>\nint main(void) { char s[64]; scanf("%63s", s); printf("C says %s ✓\\n", s); return 0; }\n',
  cpp: '#include <iostream>\n#include <string>\nint main() { std::string s; std::cin >> s; std::cout << "C++ says " << s << " ✓" << std::endl; }\n',
  python: 'name = input()\nprint(f"Python says {name} ✓")\n',
  java: 'import java.util.Scanner;\npublic class Greeter {\n  public static void main(String[] args) {\n    String s = new Scanner(System.in).next();\n    System.out.println("Java says " + s + " \u2713");\n  }\n}\n',
} as const;
const NAMES = { c: "C", cpp: "C++", python: "Python", java: "Java" } as const;

describe("who may open the playground", () => {
  it("sends anonymous visitors to sign in and refuses their runs", async () => {
    for (const page of [ADMIN_PAGE, STUDENT_PAGE]) {
      const res = await call(page);
      expect(res.status).toBe(302);
      expect(res.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(page)}`);
      const posted = await run(page, undefined, { language: "python", code: "print(1)" });
      expect(posted.status).toBe(401);
      expect(posted.text).toContain("Please log in first");
    }
  });

  it("opens for an admin at /admin/practice and for a student at /student/playground", async () => {
    const admin = await signUp({ role: "admin" });
    const student = await signUp({ role: "student" });
    for (const [page, cookie] of [
      [ADMIN_PAGE, admin.cookie],
      [STUDENT_PAGE, student.cookie],
    ] as const) {
      const res = await call(page, { cookie });
      expect(res.status).toBe(200);
      const html = await res.text();
      // The spec's compiler screen, server-rendered.
      for (const label of ["main.c", "Toggle theme", "Settings", "Upload", "Download", "Save Snippet", "Fullscreen", "Share", ">Run<"]) {
        expect(html, label).toContain(label);
      }
      for (const label of ["Code Editor", "Saved Snippets (0)", "Input (stdin)", "Output", "Copy output", "Clear output", "Lines: 7", "Execution time: —"]) {
        expect(html, label).toContain(label);
      }
      expect(html).toContain('accept=".c,.cpp,.py,.java,.txt"');
    }
  });

  it("sends a student who opens /admin/practice (a shared link) to their own playground, query kept", async () => {
    const student = await signUp({ role: "student" });
    const res = await call(`${ADMIN_PAGE}?code=cHJpbnQoMSk%3D&lang=python`, { cookie: student.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`${STUDENT_PAGE}?code=cHJpbnQoMSk%3D&lang=python`);
    // Everything else under /admin stays closed to students.
    const other = await call("/admin/practice-rooms", { cookie: student.cookie });
    expect(other.status).toBe(302);
    expect(other.headers.get("Location")).toBe("/auth");
  });
});

describe("running code", () => {
  let admin: { cookie: string; email: string };
  let student: { cookie: string; email: string };
  beforeAll(async () => {
    admin = await signUp({ role: "admin" });
    student = await signUp({ role: "student" });
  });

  for (const language of ["c", "cpp", "python", "java"] as const) {
    it(`runs ${NAMES[language]} with stdin for an admin and a student and answers the output`, RUNNER, async () => {
      for (const [page, user] of [
        [ADMIN_PAGE, admin],
        [STUDENT_PAGE, student],
      ] as const) {
        const res = await run(page, user.cookie, { language, code: PROGRAMS[language], stdin: "Ada\n" });
        expect(res.status, res.text).toBe(200);
        expect(res.text).toContain(`${NAMES[language]} says Ada ✓`);
        expect(res.text).toContain('"ok"');
      }
    });
  }

  it("answers a compile error with 'Compilation failed' and the compiler's stderr", RUNNER, async () => {
    const user = await signUp({ role: "student" });
    const res = await run(STUDENT_PAGE, user.cookie, { language: "c", code: "int main(void) { return undefined_name; }\n" });
    expect(res.status).toBe(200);
    expect(res.text).toContain(M.compilationFailed);
    expect(res.text).toContain("compile-error");
    expect(res.text).toContain("undefined_name");
    // Python's syntax errors are compile errors too (the runner byte-compiles first).
    const py = await run(STUDENT_PAGE, user.cookie, { language: "python", code: "def broken(:\n" });
    expect(py.text).toContain(M.compilationFailed);
    expect(py.text).toContain("SyntaxError");
  });

  it("answers a program that fails with 'Execution failed' and its error", RUNNER, async () => {
    const user = await signUp({ role: "admin" });
    const res = await run(ADMIN_PAGE, user.cookie, { language: "python", code: "print('before')\nraise ValueError('boom here')\n" });
    expect(res.status).toBe(200);
    expect(res.text).toContain(M.executionFailed);
    expect(res.text).toContain("before");
    expect(res.text).toContain("ValueError: boom here");
  });

  it("refuses oversized or empty code and oversized input with 400, without counting a run", async () => {
    const user = await signUp({ role: "student" });
    const cases: [Record<string, string>, string][] = [
      [{ language: "python", code: `# ${"x".repeat(64 * 1024)}` }, M.codeTooLarge],
      [{ language: "python", code: "print(1)", stdin: "y".repeat(64 * 1024 + 1) }, M.stdinTooLarge],
      [{ language: "python", code: "  \n" }, M.codeRequired],
      [{ language: "ruby", code: "puts 1" }, "Choose a language"],
    ];
    for (const [fields, message] of cases) {
      const res = await run(STUDENT_PAGE, user.cookie, fields);
      expect(res.status).toBe(400);
      expect(res.text).toContain(message);
    }
    expect(await runsOf(user.email)).toBe(0);
  });
});

describe("the per-user run limit", () => {
  it("allows 5 runs in 10 seconds, answers the 6th with 429 and a message, and leaves other users alone", RUNNER, async () => {
    const busy = await signUp({ role: "student" });
    const other = await signUp({ role: "admin" });
    const code = { language: "python", code: "print('ok')" };
    // Sent together, as from several tabs: the count holds across requests (and isolates: it lives in D1).
    const first = await Promise.all(Array.from({ length: 5 }, () => run(STUDENT_PAGE, busy.cookie, code)));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const sixth = await run(STUDENT_PAGE, busy.cookie, code);
    expect(sixth.status).toBe(429);
    expect(sixth.text).toContain(M.tooMany);
    const retryAfter = Number(sixth.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    // The same user on the other address shares the limit.
    expect((await run(ADMIN_PAGE, busy.cookie, code)).status).toBe(429);
    expect(await runsOf(busy.email)).toBe(5);

    const fine = await run(ADMIN_PAGE, other.cookie, code);
    expect(fine.status).toBe(200);
    expect(fine.text).toContain("ok");
  });

  it("refuses every run past the 5th when 7 arrive at the same moment", RUNNER, async () => {
    const user = await signUp({ role: "admin" });
    const results = await Promise.all(
      Array.from({ length: 7 }, () => run(ADMIN_PAGE, user.cookie, { language: "python", code: "print(2)" }))
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });
});

describe("no help during a test", () => {
  beforeAll(async () => {
    await signUpAdmin();
    await seedCodingCategory("PG-Coding");
  });

  it("closes the page and refuses runs from the start of the student's test until they finish it", RUNNER, async () => {
    const room = await makeRoom("PG-Coding", "coding");
    const s = await takingStudent(room, "Busy Student");
    const bystander = await takingStudent(room, "Bystander");

    // Joined, but the test has not started: the playground is open.
    expect((await call(STUDENT_PAGE, { cookie: s.cookie })).status).toBe(200);

    await start(room);
    // Started, terms not accepted yet: the test runs for them already.
    let page = await call(STUDENT_PAGE, { cookie: s.cookie });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain(M.testRunning);

    await launch(s.cookie, room);
    page = await call(STUDENT_PAGE, { cookie: s.cookie });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain(M.testRunning);
    expect(html).toContain(`/test/${room.id}`);
    // A shared link is closed too (it opens the same page).
    const shared = await call(`${ADMIN_PAGE}?code=cHJpbnQoMSk%3D&lang=python`, { cookie: s.cookie });
    expect(shared.headers.get("Location")).toBe(`${STUDENT_PAGE}?code=cHJpbnQoMSk%3D&lang=python`);
    expect((await call(shared.headers.get("Location")!, { cookie: s.cookie })).status).toBe(403);

    for (const pagePath of [STUDENT_PAGE, ADMIN_PAGE]) {
      const res = await run(pagePath, s.cookie, { language: "python", code: "print(1)" });
      expect(res.status).toBe(403);
      expect(res.text).toContain(M.testRunning);
    }
    expect(await runsOf(s.email)).toBe(0);

    // Finishing the test opens the playground again; the other student, who has not finished, stays shut out.
    const testId = (await testOf(room, s.email)).id;
    expect((await journal(s.cookie, testId, [{ seq: 0, kind: "finish", payload: {} }])).status).toBe(200);
    expect((await call(STUDENT_PAGE, { cookie: s.cookie })).status).toBe(200);
    const after = await run(STUDENT_PAGE, s.cookie, { language: "python", code: "print('free again')" });
    expect(after.status).toBe(200);
    expect(after.text).toContain("free again");
    expect((await run(STUDENT_PAGE, bystander.cookie, { language: "python", code: "print(1)" })).status).toBe(403);
  });

  it("opens again when the admin stops the test", async () => {
    const room = await makeRoom("PG-Coding", "coding");
    const s = await takingStudent(room, "Stopped Student");
    await start(room);
    await launch(s.cookie, room);
    expect((await call(STUDENT_PAGE, { cookie: s.cookie })).status).toBe(403);
    const stopped = await call(`/admin/room/${room.id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "stop" }),
      cookie: roomAdmin,
    });
    expect(stopped.status).toBeLessThan(400);
    expect((await rows("SELECT is_active FROM test_rooms WHERE id = ?", room.id))[0]).toEqual({ is_active: 0 });
    expect((await call(STUDENT_PAGE, { cookie: s.cookie })).status).toBe(200);
  });

  it("never closes it to admins", async () => {
    const admin = await signUp({ role: "admin" });
    expect((await call(ADMIN_PAGE, { cookie: admin.cookie })).status).toBe(200);
  });
});
