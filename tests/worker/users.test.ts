// Admin user management (/admin/users): the real Worker against real D1.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "~/lib/accounts/auth.server";
import { createDb } from "~/lib/d1/db.server";
import { USERS_PAGE_SIZE } from "~/lib/accounts/user-validation";
import { listUsers, updateUser } from "~/lib/accounts/users.server";
import { call, cookieFrom, postForm, signUp, uniqueEmail } from "./helpers";

const PATH = "/admin/users";

type Row = { id: string; name: string; email: string; role: string | null; hash: string | null };

async function userByEmail(email: string): Promise<Row | null> {
  return env.DB.prepare(
    `SELECT u.id, u.name, u.email, r.role, a.password AS hash FROM user u
     LEFT JOIN user_roles r ON r.user_id = u.id
     LEFT JOIN account a ON a.user_id = u.id AND a.provider_id = 'credential'
     WHERE u.email = ?`,
  )
    .bind(email)
    .first<Row>();
}

async function userById(id: string): Promise<Row | null> {
  return env.DB.prepare(
    `SELECT u.id, u.name, u.email, r.role, a.password AS hash FROM user u
     LEFT JOIN user_roles r ON r.user_id = u.id
     LEFT JOIN account a ON a.user_id = u.id AND a.provider_id = 'credential'
     WHERE u.id = ?`,
  )
    .bind(id)
    .first<Row>();
}

async function countUsers(email: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM user WHERE lower(email) = lower(?)").bind(email).first<{ n: number }>();
  return row!.n;
}

async function sessionCount(userId: string) {
  const row = await env.DB.prepare("SELECT count(*) AS n FROM session WHERE user_id = ?").bind(userId).first<{ n: number }>();
  return row!.n;
}

async function login(email: string, password: string) {
  return postForm("/auth", { intent: "login", email, password });
}

/** A signed-up user with their id, email, password and cookie. */
async function person(role: "admin" | "student" = "student", name = "Test Person") {
  const account = await signUp({ role, name });
  const row = await userByEmail(account.email);
  return { ...account, id: row!.id };
}

const rowsIn = (html: string) => html.split('data-testid="user-row"').length - 1;

let admin: Awaited<ReturnType<typeof person>>;
beforeAll(async () => {
  admin = await person("admin", "Main Admin");
});

// ------------------------------------------------------------------ access

describe("access", () => {
  it("sends anonymous visitors to /auth and students to /auth, and serves admins", async () => {
    const anonymous = await call(PATH);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/auth?redirectTo=${encodeURIComponent(PATH)}`);
    const student = await person();
    const asStudent = await call(PATH, { cookie: student.cookie });
    expect(asStudent.status).toBe(302);
    expect(asStudent.headers.get("Location")).toBe("/auth");
    const data = await call(`${PATH}.data`, { cookie: student.cookie });
    expect(await data.text()).not.toContain(admin.email);
    const page = await call(PATH, { cookie: admin.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(">Users</h2>");
    expect(html).toContain("Add User");
  });

  describe("every action refuses anonymous callers (401) and students (403), and changes nothing", () => {
    let student: Awaited<ReturnType<typeof person>>;
    let target: Awaited<ReturnType<typeof person>>;
    beforeAll(async () => {
      student = await person();
      target = await person("student", "Target Person");
    });

    const cases = (): Record<string, string>[] => [
      { intent: "create", full_name: "Sneaky Admin", email: uniqueEmail("sneaky"), password: "password123", role: "admin" },
      { intent: "update", userId: target.id, full_name: "Hacked Name", email: target.email, role: "admin", password: "hacked-password" },
      { intent: "update", userId: student.id, full_name: "Self Promoted", email: student.email, role: "admin" },
      { intent: "reset-password", userId: target.id, newPassword: "hacked-password" },
    ];

    it.each([
      ["anonymous", 401],
      ["student", 403],
    ] as const)("%s", async (who, status) => {
      const before = await userById(target.id);
      const studentBefore = await userById(student.id);
      const targetSessions = await sessionCount(target.id);
      const cookie = who === "student" ? student.cookie : undefined;
      for (const fields of cases()) {
        // The client-side data endpoint (what fetchers call) answers the plain status...
        const data = await postForm(`${PATH}.data`, fields, cookie);
        expect(data.status, fields.intent).toBe(status);
        expect(await data.text()).not.toContain(target.email);
        // ...and a plain form post is sent to sign-in (the layout's loader redirects).
        const page = await postForm(PATH, fields, cookie);
        expect(page.status, fields.intent).toBe(302);
        expect(page.headers.get("Location")).toMatch(/^\/auth/);
        if (fields.intent === "create") expect(await countUsers(fields.email!)).toBe(0);
      }
      expect(await userById(target.id)).toEqual(before);
      expect(await userById(student.id)).toEqual(studentBefore);
      expect(await sessionCount(target.id)).toBe(targetSessions);
      expect((await call("/student", { cookie: target.cookie })).status).toBe(200);
    });
  });
});

// ------------------------------------------------------------------ create

describe("create user", () => {
  it("creates a student who can then log in", async () => {
    const email = uniqueEmail("created");
    const response = await postForm(
      PATH,
      { intent: "create", full_name: "  Created Student  ", email: `  ${email.toUpperCase()} `, password: "password123", role: "student" },
      admin.cookie,
    );
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("User created");
    const row = await userByEmail(email);
    expect(row).toMatchObject({ name: "Created Student", email, role: "student" });
    expect(row!.hash).toBeTruthy();
    const signedIn = await login(email, "password123");
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/student");
    expect((await call("/student", { cookie: cookieFrom(signedIn) })).status).toBe(200);
  });

  it("creates an admin who lands on /admin", async () => {
    const email = uniqueEmail("created-admin");
    const response = await postForm(PATH, { intent: "create", full_name: "New Admin", email, password: "password123", role: "admin" }, admin.cookie);
    expect(response.status).toBe(200);
    expect((await userByEmail(email))!.role).toBe("admin");
    const signedIn = await login(email, "password123");
    expect(signedIn.headers.get("Location")).toBe("/admin");
  });

  it.each([
    [{ full_name: "A" }, "Name must be at least 2 characters"],
    [{ full_name: "   A   " }, "Name must be at least 2 characters"],
    [{ full_name: undefined }, "Name must be at least 2 characters"],
    [{ full_name: "x".repeat(101) }, "Name too long"],
    [{ email: "not-an-email" }, "Invalid email format"],
    [{ email: "" }, "Invalid email format"],
    [{ email: `${"a".repeat(250)}@example.edu` }, "Email too long"],
    [{ password: "short" }, "Password must be at least 8 characters"],
    [{ password: undefined }, "Password must be at least 8 characters"],
    [{ password: "p".repeat(129) }, "Password too long"],
    [{ role: "" }, "Role is required"],
    [{ role: undefined }, "Role is required"],
    [{ role: "superuser" }, "Role is required"],
  ])("answers 400 with the spec message for %o and creates nothing", async (override, message) => {
    const email = uniqueEmail("invalid");
    const fields: Record<string, string> = { intent: "create", full_name: "Valid Name", email, password: "password123", role: "student" };
    for (const [key, value] of Object.entries(override)) {
      if (value === undefined) delete fields[key];
      else fields[key] = value;
    }
    const response = await postForm(PATH, fields, admin.cookie);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await countUsers(email)).toBe(0);
    expect(await countUsers(fields.email ?? email)).toBe(0);
  });

  it("accepts the boundary lengths", async () => {
    const email = uniqueEmail("bounds");
    const response = await postForm(
      PATH,
      { intent: "create", full_name: "x".repeat(100), email, password: "p".repeat(128), role: "student" },
      admin.cookie,
    );
    expect(response.status).toBe(200);
    expect((await login(email, "p".repeat(128))).status).toBe(302);
  });

  it("refuses a duplicate email, in any case, with 409 and no second account", async () => {
    const existing = await person();
    const response = await postForm(
      PATH,
      { intent: "create", full_name: "Copy Cat", email: existing.email.toUpperCase(), password: "password123", role: "admin" },
      admin.cookie,
    );
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("User already exists with this email");
    expect(await countUsers(existing.email)).toBe(1);
    expect((await userByEmail(existing.email))!.role).toBe("student");
  });

  it("answers 400 to an unknown intent and to a malformed body", async () => {
    expect((await postForm(PATH, { intent: "delete-everything" }, admin.cookie)).status).toBe(400);
    const malformed = await call(PATH, {
      method: "POST",
      cookie: admin.cookie,
      body: "%%%",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(malformed.status).toBe(400);
  });
});

// ------------------------------------------------------------------ edit

describe("edit user", () => {
  const edit = (fields: Record<string, string>, cookie = admin.cookie) => postForm(PATH, { intent: "update", ...fields }, cookie);

  it("updates name and email; the user logs in with the new email", async () => {
    const target = await person();
    const email = uniqueEmail("renamed");
    const response = await edit({ userId: target.id, full_name: "  Renamed Person ", email: email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("User updated");
    const row = await userById(target.id);
    expect(row).toMatchObject({ name: "Renamed Person", email, role: "student" });
    expect((await login(email, target.password)).status).toBe(302);
    expect((await login(target.email, target.password)).status).toBe(401);
    // No password given: the user's sessions are untouched.
    expect((await call("/student", { cookie: target.cookie })).status).toBe(200);
  });

  it("updates the profile and the password together and revokes the user's sessions", async () => {
    const target = await person();
    expect(await sessionCount(target.id)).toBeGreaterThan(0);
    const response = await edit({ userId: target.id, full_name: "New Name", email: target.email, password: "brand-new-pass" });
    expect(response.status).toBe(200);
    expect((await userById(target.id))!.name).toBe("New Name");
    expect(await sessionCount(target.id)).toBe(0);
    expect((await call("/student", { cookie: target.cookie })).status).toBe(302);
    expect((await login(target.email, target.password)).status).toBe(401);
    expect((await login(target.email, "brand-new-pass")).status).toBe(302);
  });

  it.each([
    [{ full_name: "A" }, "Name must be at least 2 characters"],
    [{ full_name: "x".repeat(101) }, "Name too long"],
    [{ email: "nope" }, "Invalid email format"],
    [{ email: `${"a".repeat(250)}@example.edu` }, "Email too long"],
    [{ password: "short" }, "Password must be at least 8 characters"],
    [{ password: "p".repeat(129) }, "Password too long"],
    [{ role: "superuser" }, "Role is required"],
  ])("answers 400 with the spec message for %o and changes nothing", async (override, message) => {
    const target = await person();
    const before = await userById(target.id);
    const response = await edit({ userId: target.id, full_name: "Changed Name", email: uniqueEmail("changed"), password: "changed-pass", ...override });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await userById(target.id)).toEqual(before);
    expect(await sessionCount(target.id)).toBeGreaterThan(0);
  });

  it("refuses an email used by another user with 409 and changes nothing, password included", async () => {
    const target = await person();
    const other = await person();
    const before = await userById(target.id);
    const response = await edit({ userId: target.id, full_name: "Changed Name", email: other.email.toUpperCase(), password: "changed-pass" });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("This email is already used by another user");
    expect(await userById(target.id)).toEqual(before);
    expect((await login(target.email, target.password)).status).toBe(302);
  });

  it("answers 404 'Failed to update profile' for an unknown user", async () => {
    const response = await edit({ userId: "no-such-user", full_name: "Ghost", email: uniqueEmail("ghost") });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Failed to update profile");
  });

  it("promotes a student to admin and demotes another admin", async () => {
    const target = await person();
    expect((await edit({ userId: target.id, full_name: "Promoted", email: target.email, role: "admin" })).status).toBe(200);
    expect((await userById(target.id))!.role).toBe("admin");
    expect((await call("/admin", { cookie: target.cookie })).status).toBe(200);
    expect((await edit({ userId: target.id, full_name: "Demoted", email: target.email, role: "student" })).status).toBe(200);
    expect((await userById(target.id))!.role).toBe("student");
    expect((await call("/admin", { cookie: target.cookie })).status).toBe(302);
  });

  it("refuses to change the admin's own role, and changes nothing", async () => {
    const me = await person("admin", "Self Admin");
    const before = await userById(me.id);
    const response = await edit({ userId: me.id, full_name: "Renamed Self", email: me.email, role: "student" }, me.cookie);
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("You cannot change your own role");
    expect(await userById(me.id)).toEqual(before);
    // The same role (or none, as the disabled field sends) is fine.
    expect((await edit({ userId: me.id, full_name: "Renamed Self", email: me.email, role: "admin" }, me.cookie)).status).toBe(200);
    expect((await edit({ userId: me.id, full_name: "Renamed Again", email: me.email }, me.cookie)).status).toBe(200);
    expect((await userById(me.id))!).toMatchObject({ name: "Renamed Again", role: "admin" });
  });

  it("keeps the acting admin signed in when they change their own password, revoking their other sessions", async () => {
    const me = await person("admin", "Own Password");
    const other = cookieFrom(await login(me.email, me.password));
    const response = await edit({ userId: me.id, full_name: "Own Password", email: me.email, password: "my-new-password" }, me.cookie);
    expect(response.status).toBe(200);
    expect(await sessionCount(me.id)).toBe(1);
    expect((await call(PATH, { cookie: me.cookie })).status).toBe(200);
    expect((await call(PATH, { cookie: other })).status).toBe(302);
  });

  it("never demotes the last admin: the guarded write rolls back the whole batch", async () => {
    // Simulates two admins demoting each other at the same moment: by the time
    // this write runs, the acting user is no longer an admin.
    const db = createDb(env.DB);
    const auth = createAuth(env, db);
    const actor = await person("student");
    const target = await person("admin", "Guarded Admin");
    const before = await userById(target.id);
    const result = await updateUser(auth, db, { id: actor.id }, {
      userId: target.id,
      full_name: "Should Not Change",
      email: target.email,
      role: "student",
      password: "should-not-change",
    });
    expect(result).toEqual({ ok: false, status: 409, error: "At least one admin must remain" });
    expect(await userById(target.id)).toEqual(before);
    expect(await sessionCount(target.id)).toBeGreaterThan(0);
  });
});

// ------------------------------------------------------------------ reset password

describe("reset password", () => {
  const reset = (fields: Record<string, string>, cookie = admin.cookie) =>
    postForm(PATH, { intent: "reset-password", ...fields }, cookie);

  it("sets the new password in one batch with revoking every session of the user", async () => {
    const target = await person();
    const second = cookieFrom(await login(target.email, target.password));
    expect(await sessionCount(target.id)).toBe(2);
    const response = await reset({ userId: target.id, newPassword: "reset-password-1" });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("Password reset");
    expect(await sessionCount(target.id)).toBe(0);
    for (const cookie of [target.cookie, second]) {
      const page = await call("/student", { cookie });
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe("/auth?redirectTo=%2Fstudent");
    }
    expect((await login(target.email, target.password)).status).toBe(401);
    const fresh = await login(target.email, "reset-password-1");
    expect(fresh.status).toBe(302);
    expect((await call("/student", { cookie: cookieFrom(fresh) })).status).toBe(200);
  });

  it.each([
    [{ newPassword: "short" }, "Password must be at least 8 characters"],
    [{ newPassword: "" }, "Password must be at least 8 characters"],
    [{ newPassword: "p".repeat(129) }, "Password too long"],
    [{ userId: "" }, "Failed to reset password"],
  ])("answers 400 for %o and changes nothing", async (override, message) => {
    const target = await person();
    const before = await userById(target.id);
    const response = await reset({ userId: target.id, newPassword: "a-valid-pass", ...override });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(await userById(target.id)).toEqual(before);
    expect(await sessionCount(target.id)).toBe(1);
  });

  it("answers 404 'Failed to reset password' for an unknown user", async () => {
    const response = await reset({ userId: "no-such-user", newPassword: "a-valid-pass" });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Failed to reset password");
  });
});

// ------------------------------------------------------------------ list

describe("search, filter and pagination", () => {
  const token = `pg${Date.now().toString(36)}`;
  const TOTAL = 120;

  beforeAll(async () => {
    // 120 users straight into D1: names carry the token for the first half,
    // emails for the second, so the search covers both columns. Every third is an admin.
    const now = Date.now();
    const statements = [];
    for (let i = 0; i < TOTAL; i++) {
      const n = String(i).padStart(3, "0");
      const id = `${token}-${n}`;
      const name = i < 60 ? `${token} Person ${n}` : `Other Person ${n}`;
      const email = i < 60 ? `page-${id}@example.edu` : `${token}-${n}@example.edu`;
      statements.push(
        env.DB.prepare("INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)").bind(
          id,
          name,
          email,
          now,
          now,
        ),
        env.DB.prepare("INSERT INTO user_roles (user_id, role) VALUES (?, ?)").bind(id, i % 3 === 0 ? "admin" : "student"),
      );
    }
    await env.DB.batch(statements);
  });

  const page = (query: string) => call(`${PATH}?${query}`, { cookie: admin.cookie });

  it("shows 50 users per page with 'Page X of Y'", async () => {
    const first = await page(`q=${token}`);
    expect(first.status).toBe(200);
    const html1 = await first.text();
    expect(rowsIn(html1)).toBe(50);
    expect(html1).toContain("Page 1 of 3");
    expect(html1).toContain("Showing 1–50 of 120 users");
    // Next keeps the search in the URL, so the view is shareable.
    expect(html1).toContain(`href="${PATH}?q=${token}&amp;page=2"`);

    const third = await page(`q=${token}&page=3`);
    const html3 = await third.text();
    expect(rowsIn(html3)).toBe(20);
    expect(html3).toContain("Page 3 of 3");
    expect(html3).toContain("Showing 101–120 of 120 users");
    expect(html3).toContain(`href="${PATH}?q=${token}&amp;page=2"`);
  });

  it("orders by name, pages do not overlap and cover everyone", async () => {
    const db = createDb(env.DB);
    const seen: string[] = [];
    for (let p = 1; p <= 3; p++) {
      const result = await listUsers(db, { q: token, role: "all", page: p });
      expect(result).toMatchObject({ total: TOTAL, pageCount: 3, pageSize: USERS_PAGE_SIZE });
      seen.push(...result.users.map((u) => u.name));
    }
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen).size).toBe(TOTAL);
    const key = (s: string) => s.toLowerCase();
    expect(seen).toEqual([...seen].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0)));
  });

  it("searches name or email, ignoring case", async () => {
    const db = createDb(env.DB);
    expect((await listUsers(db, { q: token.toUpperCase(), role: "all", page: 1 })).total).toBe(TOTAL);
    const byEmail = await listUsers(db, { q: `${token}-07`, role: "all", page: 1 });
    expect(byEmail.users.map((u) => u.email)).toEqual(Array.from({ length: 10 }, (_, i) => `${token}-07${i}@example.edu`));
    const byName = await listUsers(db, { q: `${token} Person 01`, role: "all", page: 1 });
    expect(byName.total).toBe(10);
  });

  it("filters by role, keeping the filter in the links", async () => {
    const admins = await page(`q=${token}&role=admin`);
    const html = await admins.text();
    expect(rowsIn(html)).toBe(40);
    expect(html).toContain("Page 1 of 1");
    const students = await (await page(`q=${token}&role=student`)).text();
    expect(rowsIn(students)).toBe(50);
    expect(students).toContain("Page 1 of 2");
    expect(students).toContain(`href="${PATH}?q=${token}&amp;role=student&amp;page=2"`);
    const studentsPage2 = await (await page(`q=${token}&role=student&page=2`)).text();
    expect(rowsIn(studentsPage2)).toBe(30);
    // An unknown role value falls back to all.
    expect(rowsIn(await (await page(`q=${token}&role=owner`)).text())).toBe(50);
  });

  it("treats % _ and the backslash in a search literally", async () => {
    const w = `wc${Date.now().toString(36)}`;
    const now = Date.now();
    const names = [`${w} 100%_off`, `${w} 100xyoff`, `${w} back\\slash`, `${w} backxslash`];
    await env.DB.batch(
      names.map((name, i) =>
        env.DB.prepare("INSERT INTO user (id, name, email, email_verified, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)").bind(
          `${w}-${i}`,
          name,
          `${w}-${i}@example.edu`,
          now,
          now,
        ),
      ),
    );
    const db = createDb(env.DB);
    const names1 = (await listUsers(db, { q: `${w} 100%_`, role: "all", page: 1 })).users.map((u) => u.name);
    expect(names1).toEqual([`${w} 100%_off`]);
    const names2 = (await listUsers(db, { q: `${w} back\\`, role: "all", page: 1 })).users.map((u) => u.name);
    expect(names2).toEqual([`${w} back\\slash`]);
    // Users with no role row still show under "all".
    expect((await listUsers(db, { q: w, role: "all", page: 1 })).total).toBe(4);
    expect((await listUsers(db, { q: w, role: "student", page: 1 })).total).toBe(0);
  });

  it("shows 'No users found' when nothing matches", async () => {
    const response = await page(`q=${token}-nobody-has-this`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("No users found");
    expect(rowsIn(html)).toBe(0);
  });

  it("sends a page past the end to the last page, keeping the query", async () => {
    const response = await page(`q=${token}&role=student&page=9`);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`${PATH}?q=${token}&role=student&page=2`);
    const bad = await page(`q=${token}&page=abc`);
    expect(bad.status).toBe(200);
    expect(await bad.text()).toContain("Page 1 of 3");
  });
});
