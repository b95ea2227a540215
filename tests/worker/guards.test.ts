import { beforeAll, describe, expect, it } from "vitest";
import { call, postForm, signUp } from "./helpers";

const ADMIN_PAGES = [
  "/admin",
  "/admin/practice-rooms",
  "/admin/questions",
  "/admin/users",
  "/admin/results",
  "/admin/history",
  "/admin/evaluation",
];
const STUDENT_PAGES = [
  "/student",
  "/student/practice",
  "/student/history",
  "/student/profile",
  "/student/settings",
  "/student/playground",
];
/** Room pages: students only, and only members of that room. */
const ROOM_PAGES = [
  "/waiting/some-room",
  "/test/some-room",
  "/test/some-room/terms",
  "/test/some-room/coding",
  "/test/some-room/mcq",
];

let student = "";
let admin = "";
beforeAll(async () => {
  student = (await signUp({ role: "student" })).cookie;
  admin = (await signUp({ role: "admin" })).cookie;
});

function expectToAuth(response: Response, back?: string) {
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe(back ? `/auth?redirectTo=${encodeURIComponent(back)}` : "/auth");
}

describe.each(ADMIN_PAGES)("admin page %s", (path) => {
  it("sends anonymous visitors to /auth, to come back after", async () => expectToAuth(await call(path), path));
  it("sends students to /auth", async () => expectToAuth(await call(path, { cookie: student })));
  it("serves admins", async () => expect((await call(path, { cookie: admin })).status).toBe(200));
  it("redirects client-side data requests from students too", async () => {
    const response = await call(`${path}.data`, { cookie: student });
    expect(response.headers.get("Location")).toBe("/auth");
    const body = await response.text();
    expect(body).toContain("SingleFetchRedirect");
    expect(body).not.toContain("admin@");
  });
});

// Spec 2: /admin/practice, the compiler playground, is "open to any user": a
// student gets the same page in the student area (tests/worker/playground.test.ts).
describe("the playground at /admin/practice", () => {
  const path = "/admin/practice";
  it("sends anonymous visitors to /auth, to come back after", async () => expectToAuth(await call(path), path));
  it("serves admins", async () => expect((await call(path, { cookie: admin })).status).toBe(200));
  it("sends students to /student/playground, for pages and client-side data requests", async () => {
    const page = await call(path, { cookie: student });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/student/playground");
    const data = await call(`${path}.data`, { cookie: student });
    expect(data.headers.get("Location")).toBe("/student/playground");
    expect(await data.text()).toContain("SingleFetchRedirect");
  });
});

describe.each(STUDENT_PAGES)("student page %s", (path) => {
  it("sends anonymous visitors to /auth, to come back after", async () => expectToAuth(await call(path), path));
  it("sends admins to /auth", async () => expectToAuth(await call(path, { cookie: admin })));
  it("serves students", async () => expect((await call(path, { cookie: student })).status).toBe(200));
});

describe.each(ROOM_PAGES)("room page %s", (path) => {
  it("sends anonymous visitors to /auth", async () => expectToAuth(await call(path), path));
  it("sends admins to /auth", async () => expectToAuth(await call(path, { cookie: admin })));
  it("sends a student who is not in the room back to /student with a message (the launcher: an unknown room to /not-found)", async () => {
    const response = await call(path, { cookie: student });
    expect(response.status).toBe(302);
    if (path === "/test/some-room") {
      // Spec 2, the launcher: an unknown room goes to the not-found page.
      expect(response.headers.get("Location")).toBe("/not-found");
      return;
    }
    expect(response.headers.get("Location")).toBe("/student");
    expect(response.headers.getSetCookie().join(";")).toContain("toast=");
  });
});

describe("practice session page", () => {
  const path = "/practice/some-room/coding";
  it("sends anonymous visitors to /auth, to come back after", async () => expectToAuth(await call(path), path));
  it("sends admins to /auth", async () => expectToAuth(await call(path, { cookie: admin })));
  it("sends a student who is not in the room back to their practice rooms with a message", async () => {
    const response = await call(path, { cookie: student });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/student/practice");
    expect(response.headers.getSetCookie().join(";")).toContain("toast=");
  });
});

describe("landing", () => {
  it("shows the landing page to anonymous visitors", async () => {
    const response = await call("/");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Get Started");
  });
  it("redirects admins to /admin and students to /student", async () => {
    expect((await call("/", { cookie: admin })).headers.get("Location")).toBe("/admin");
    expect((await call("/", { cookie: student })).headers.get("Location")).toBe("/student");
  });
  it("ignores a forged session cookie", async () => {
    expectToAuth(await call("/admin", { cookie: "better-auth.session_token=forged.signature" }), "/admin");
  });
});

describe("unknown paths", () => {
  it("answer 404 with the spec's page", async () => {
    const response = await call("/definitely/not/here");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Oops! Page not found");
    expect(html).toContain("Return to Home");
  });
});

describe("returning after sign-in", () => {
  it("takes a student back to the test link they opened", async () => {
    const { email, password } = await signUp({ role: "student" });
    const response = await postForm("/auth", { intent: "login", email, password, redirectTo: "/waiting/room-9" });
    expect(response.headers.get("Location")).toBe("/waiting/room-9");
  });
  it("never redirects to another origin or another role's area", async () => {
    const { email, password } = await signUp({ role: "student" });
    for (const redirectTo of ["https://evil.example/", "//evil.example", "/admin/users"]) {
      const response = await postForm("/auth", { intent: "login", email, password, redirectTo });
      expect(response.headers.get("Location")).toBe("/student");
    }
  });
});
