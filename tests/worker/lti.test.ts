// LTI 1.3 (issue 22, decision 025) against an LMS of our own (tests/fixtures/fake-lms.mjs,
// a real HTTP server with its own keys, JWKS, token, AGS and NRPS endpoints): launches,
// deep linking, scores and rosters, and every way a launch must be refused.
import { runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { actionAnswer, call, cookieFrom, loaderData, ORIGIN, postForm, signUp } from "./helpers";
import { control, waitFor } from "./lms-fixture";
import { journal, one, rows, seedMcqCategory, signUpAdmin } from "./rooms-fixture";

const lms = inject("lmsOrigin");
const MCQ = "LtiMcq";
const LEARNER = "http://purl.imsglobal.org/vocab/lis/v2/membership#Learner";
const INSTRUCTOR = "http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor";
const C = "https://purl.imsglobal.org/spec/lti/claim/";

let admin = "";

/** The hidden fields of a form page (the LMS's auto-posting pages, our deep-linking answer). */
function formOf(html: string) {
  const action = /<form[^>]*action="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "";
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)"/g)) {
    fields[m[1]!] = m[2]!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  }
  return { action, fields };
}

/** A request to the tool as the LMS's auto-posted form sends it: from the LMS's origin. */
function fromLms(path: string, fields: Record<string, string>, cookie?: string) {
  const headers = new Headers({ Origin: lms, "Content-Type": "application/x-www-form-urlencoded" });
  if (cookie) headers.set("Cookie", cookie);
  return exports.default.fetch(new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: new URLSearchParams(fields), redirect: "manual" }));
}

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .filter((c) => c.includes("session_token="))
    .map((c) => c.split(";")[0]!)
    .join("; ");

/** Login initiation: the state cookie and the platform's auth URL (with our state and nonce). */
async function login(fields: Record<string, string>) {
  const res = await fromLms("/lti/login", fields);
  expect(res.status, await res.clone().text()).toBe(302);
  const location = new URL(res.headers.get("Location")!);
  return { res, location, cookie: cookieFrom(res), state: location.searchParams.get("state")!, nonce: location.searchParams.get("nonce")! };
}

/** A whole launch as a browser makes it: the LMS's start page, our login, the LMS's auth page, our launch. */
async function launchFromLms(startPath: string) {
  const start = formOf(await (await fetch(`${lms}${startPath}`)).text());
  expect(start.action).toBe(`${ORIGIN}/lti/login`);
  const { location, cookie } = await login(start.fields);
  const auth = await fetch(location);
  expect(auth.status, "the LMS's auth page").toBe(200);
  const back = formOf(await auth.text());
  expect(back.action).toBe(`${ORIGIN}/lti/launch`);
  const res = await fromLms("/lti/launch", back.fields, cookie);
  return { res, cookie: [cookie, cookieFrom(res)].filter(Boolean).join("; "), session: sessionCookie(res) };
}

const loginFields = (over: Record<string, string> = {}) => ({
  iss: lms,
  login_hint: "learner",
  target_link_uri: `${ORIGIN}/lti/launch`,
  lti_message_hint: "minted",
  client_id: "fake-client-1",
  lti_deployment_id: "deploy-1",
  ...over,
});

/** A launch with a token we mint (the platform's key unless told): its state and nonce are real. */
async function mintedLaunch(claims: Record<string, unknown> = {}, opts: { foreignKey?: boolean; kid?: string; cookie?: string | null } = {}) {
  const { cookie, state, nonce } = await login(loginFields());
  const { token } = await control<{ token: string }>("mint", { claims: { nonce, ...claims }, foreignKey: opts.foreignKey, kid: opts.kid });
  return fromLms("/lti/launch", { id_token: token, state }, opts.cookie === null ? undefined : (opts.cookie ?? cookie));
}

const sessionCount = async () => (await one<{ n: number }>("SELECT count(*) AS n FROM session")).n;

async function expectRefused(res: Response, status: number, text: string | RegExp) {
  expect(res.status).toBe(status);
  expect(sessionCookie(res)).toBe("");
  expect(await res.text()).toMatch(text);
}

type State = { scores: { url: string; body: Record<string, unknown> }[]; activities: { id: string; title: string; custom: Record<string, string>; lineItemId: string | null }[]; lineItems: { id: string; scoreMaximum: number }[] };

let roomId = "";
let activityId = "";
let teacher = "";

beforeAll(async () => {
  admin = await signUpAdmin();
  await seedMcqCategory(MCQ);
  // The admin registers the fake LMS, with Moodle's labels' values.
  const saved = await postForm(
    "/admin/lti",
    { intent: "save", issuer: lms, clientId: "fake-client-1", deploymentIds: "deploy-1\ndeploy-2", authLoginUrl: `${lms}/auth`, tokenUrl: `${lms}/token`, jwksUrl: `${lms}/jwks` },
    admin,
  );
  expect(saved.status).toBe(200);
  expect(await saved.text()).toContain("Platform registered");
  // The LMS cannot reach this Worker over HTTP here: it gets our JWKS handed over.
  await control("tool-jwks", await (await call("/lti/jwks")).json());
});

describe("the tool's keys and the platform registry", () => {
  it("publishes only the public key, with a kid", async () => {
    const res = await call("/lti/jwks");
    const body = (await res.json()) as { keys: Record<string, string>[] };
    expect(body.keys).toHaveLength(1);
    expect(body.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig", kid: expect.any(String) });
    expect(body.keys[0]!.d).toBeUndefined();
  });

  it("accepts http:// platform URLs for loopback hosts only, and is admin-only", async () => {
    const fields = { intent: "save", issuer: "http://moodle.example.edu", clientId: "x", deploymentIds: "1", authLoginUrl: "https://m.example/a", tokenUrl: "https://m.example/t", jwksUrl: "https://m.example/k" };
    const res = await postForm("/admin/lti.data", fields, admin);
    expect(res.status).toBe(400);
    // Under the field it belongs to, as the form's own check shows it.
    expect(await actionAnswer(res)).toEqual({ ok: false, error: "Platform ID must be an https:// URL (http:// only for localhost)", field: "issuer" });
    expect(await actionAnswer(await postForm("/admin/lti.data", { ...fields, issuer: "https://moodle.example.edu", deploymentIds: " \n " }, admin))).toMatchObject({ ok: false, field: "deploymentIds" });
    const student = await signUp({ role: "student" });
    expect((await postForm("/admin/lti.data", { ...fields, issuer: "https://moodle.example.edu" }, student.cookie)).status).toBe(403);
    expect(await one("SELECT count(*) AS n FROM lti_platforms WHERE issuer = 'https://moodle.example.edu'")).toEqual({ n: 0 });
    expect((await call("/admin/lti", { cookie: student.cookie })).status).toBe(302);
    // The same issuer and client id twice is one registration.
    const again = await postForm("/admin/lti.data", { ...fields, issuer: lms, clientId: "fake-client-1", authLoginUrl: `${lms}/auth`, tokenUrl: `${lms}/token`, jwksUrl: `${lms}/jwks` }, admin);
    expect(again.status).toBe(409);
    expect(await actionAnswer(again)).toEqual({ ok: false, error: "A platform with this Platform ID and Client ID is already registered", field: "issuer" });
  });
});

describe("deep linking: an instructor adds a test room to the course", () => {
  it("the picker creates a room in the course and answers the LMS with a signed ltiResourceLink and a 100-point line item", async () => {
    const { res, session } = await launchFromLms("/start-deep-link/course-1?as=teacher");
    expect(res.status, await res.clone().text()).toBe(302);
    const picker = res.headers.get("Location")!;
    expect(picker).toMatch(/^\/lti\/pick\//);
    teacher = session;
    expect((await call(picker, { cookie: teacher })).status).toBe(200);
    const created = await postForm(picker, { intent: "create", roomName: "LTI quiz", category: MCQ, questionType: "mcq", language: "python", durationMinutes: "30" }, teacher);
    expect(created.status).toBe(200);
    expect(await created.text()).toContain("Room created successfully");
    roomId = (await one<{ id: string }>("SELECT id FROM test_rooms WHERE room_name = 'LTI quiz'")).id;
    const answer = await postForm(`${picker}/add`, { roomId }, teacher);
    expect(answer.status).toBe(200);
    const html = await answer.text();
    const back = formOf(html);
    expect(back.action).toBe(`${lms}/deep-link-return/course-1`);
    expect(answer.headers.get("Content-Security-Policy")).toContain(`form-action 'self' ${lms}`);
    // The LMS verifies the response with our JWKS and makes the activity.
    const returned = await fetch(back.action, { method: "POST", body: new URLSearchParams(back.fields) });
    expect(returned.status, await returned.clone().text()).toBe(200);
    const state = await control<State>("state");
    const activity = state.activities.find((a) => a.custom.room_id === roomId)!;
    expect(activity).toBeDefined();
    expect(state.lineItems.find((l) => l.id === activity.lineItemId)?.scoreMaximum).toBe(100);
    activityId = activity.id;
    // The request answers once.
    expect((await postForm(`${picker}/add`, { roomId }, teacher)).status).toBe(410);
  });

  it("the course's instructor manages the course's rooms only; a learner never reaches the picker", async () => {
    expect((await call(`/admin/room/${roomId}`, { cookie: teacher })).status).toBe(200);
    expect((await call(`/admin/results/${roomId}`, { cookie: teacher })).status).toBe(200);
    const other = await postForm("/admin?index", { intent: "create", roomName: "Not the course's", category: MCQ, questionType: "mcq", language: "python", durationMinutes: "30" }, admin);
    expect(other.status).toBe(200);
    const otherId = (await one<{ id: string }>("SELECT id FROM test_rooms WHERE room_name = ?", "Not the course's")).id;
    expect((await call(`/admin/room/${otherId}`, { cookie: teacher })).status).toBe(302); // to sign-in: no access
    expect((await postForm(`/admin/room/${otherId}.data`, { intent: "enable" }, teacher)).status).toBe(403);
    expect(await one("SELECT is_enabled FROM test_rooms WHERE id = ?", otherId)).toEqual({ is_enabled: 0 });
    // The course's rooms list shows the course's room, not the other.
    const list = await (await call("/admin", { cookie: teacher })).text();
    expect(list).toContain("LTI quiz");
    expect(list).not.toContain("Not the course");
    expect((await call("/admin/users", { cookie: teacher })).status).toBe(302);
    expect((await call("/admin/lti", { cookie: teacher })).status).toBe(302);
    // A learner's deep-linking launch is refused, with no session.
    const learner = await launchFromLms("/start-deep-link/course-1?as=learner");
    await expectRefused(learner.res, 403, /Only an instructor of the course can add a test room/);
  });
});

describe("learners land in the room; the roster; grades flow back", () => {
  it("a roster sync pre-registers the course's active learners (every page), and shows who has not launched", async () => {
    const res = await postForm(`/admin/room/${roomId}`, { intent: "sync-roster" }, teacher);
    expect(res.status).toBe(200);
    // Lena launched once already (her refused deep-linking launch above); Nora is known from the roster only.
    expect(await res.text()).toContain("Roster synced: 2 learners, 2 new participants, 1 not launched yet");
    const names = (await rows<{ full_name: string }>("SELECT full_name FROM room_participants WHERE room_id = ? ORDER BY full_name", roomId)).map((r) => r.full_name);
    expect(names).toEqual(["Lena Learner", "Nora New"]); // not Ivy (inactive), not Tom (instructor)
  });

  it("a learner's launch joins the room without a code and opens the waiting room, framed by the LMS", async () => {
    const { res, session, cookie } = await launchFromLms(`/start/${activityId}?as=learner`);
    expect(res.status, await res.clone().text()).toBe(302);
    // First the storage check (the offline journal needs IndexedDB in the frame), which goes on to the waiting room.
    const land = res.headers.get("Location")!;
    expect(land).toMatch(/^\/lti\/land\/[\w-]{43}$/);
    const landing = await call(land, { cookie });
    expect(landing.status).toBe(200);
    // It goes on by posting its single-use token (decision 035), framed only by the launch's LMS.
    expect(await landing.text()).toMatch(/<form id="continue" method="post" action="\/lti\/handoff"><input type="hidden" name="token" value="[\w-]{43}"><input type="hidden" name="stay" value="1">/);
    expect(landing.headers.get("Content-Security-Policy")).toContain(`frame-ancestors 'self' ${lms}`);
    for (const c of res.headers.getSetCookie().filter((c) => !c.includes("Max-Age=0"))) expect(c).toMatch(/SameSite=None; Partitioned/);
    const waiting = await call(`/waiting/${roomId}`, { cookie });
    expect(waiting.status).toBe(200);
    expect(waiting.headers.get("Content-Security-Policy")).toContain(`frame-ancestors 'self' ${lms}`);
    expect(waiting.headers.get("X-Frame-Options")).toBeNull();
    // The root's data, as a revalidation reads it, still knows the page is framed (it leaves out the scroll restoration).
    expect((await loaderData<{ framed: boolean }>(`/waiting/${roomId}`, "root", cookie)).framed).toBe(true);
    // Without the LMS's cookie, pages still refuse every frame.
    const plain = await call(`/waiting/${roomId}`, { cookie: session });
    expect(plain.headers.get("X-Frame-Options")).toBe("DENY");
    expect(plain.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect((await loaderData<{ framed: boolean }>(`/waiting/${roomId}`, "root", session)).framed).toBe(false);
    // Where the frame keeps no storage: the same launch goes on in a new window, once, posted from our own page only.
    const token = land.split("/").pop()!;
    expect((await fromLms("/lti/handoff", { token })).status).toBe(403);
    const handed = await postForm("/lti/handoff", { token });
    expect(handed.status).toBe(302);
    expect(handed.headers.get("Location")).toBe(`/waiting/${roomId}`);
    expect((await call(`/waiting/${roomId}`, { cookie: sessionCookie(handed) })).status).toBe(200);
    expect((await postForm("/lti/handoff", { token })).status).toBe(410);
    expect((await call(land)).status).toBe(410);
    const lena = await one<{ launched_at: number | null }>("SELECT launched_at FROM lti_users WHERE sub = 'learner-sub-1'");
    expect(lena.launched_at).toEqual(expect.any(Number));
    // Only Nora has not launched yet.
    const page = await (await call(`/admin/room/${roomId}`, { cookie: teacher })).text();
    expect(page.match(/Not launched yet/g)).toHaveLength(1);
  });

  it("the landing page may be framed by the launch's LMS only, and going on in the frame uses its token up without signing anyone in", async () => {
    const { res, cookie } = await launchFromLms(`/start/${activityId}?as=learner`);
    const land = res.headers.get("Location")!;
    const token = land.split("/").pop()!;
    // Another site (or a browser without this launch's frame cookie) may not frame it.
    const elsewhere = await call(land);
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    expect(elsewhere.headers.get("X-Frame-Options")).toBe("DENY");
    const framed = await call(land, { cookie });
    expect(/frame-ancestors ([^;]*)/.exec(framed.headers.get("Content-Security-Policy") ?? "")?.[1]).toBe(`'self' ${lms}`);
    expect(framed.headers.get("X-Frame-Options")).toBeNull();
    // Going on in the frame: the token is used up, and no session is made (the frame has the launch's).
    const stay = await postForm("/lti/handoff", { token, stay: "1" });
    expect(stay.status).toBe(302);
    expect(stay.headers.get("Location")).toBe(`/waiting/${roomId}`);
    expect(stay.headers.getSetCookie()).toEqual([]);
    expect((await call(land, { cookie })).status).toBe(410);
    const again = await postForm("/lti/handoff", { token });
    expect(again.status).toBe(410);
    expect(sessionCookie(again)).toBe("");
  });

  it("a finished test's score reaches the line item, again after an override, and a failed post is retried", async () => {
    const learner = (await launchFromLms(`/start/${activityId}?as=learner`)).session;
    await postForm(`/admin/room/${roomId}`, { intent: "enable" }, teacher);
    expect((await postForm(`/admin/room/${roomId}`, { intent: "start" }, teacher)).status).toBe(200);
    const terms = new URLSearchParams();
    for (let i = 0; i < 6; i++) terms.append("term", String(i));
    expect((await call(`/test/${roomId}/terms`, { method: "POST", body: terms, cookie: learner })).status).toBe(302);
    const test = await one<{ id: string }>("SELECT t.id FROM student_tests t JOIN lti_users u ON u.user_id = t.student_id WHERE t.room_id = ? AND u.sub = 'learner-sub-1'", roomId);
    const answers: Record<string, number> = {};
    for (let i = 0; i < 20; i++) answers[`${MCQ}-m${i}`] = i < 7 ? i % 4 : (i + 1) % 4;
    const finish = await journal(learner, test.id, [{ seq: 0, kind: "finish", payload: { answers } }]);
    expect(finish.status).toBe(200);

    const first = await waitFor(async () => (await control<State>("state")).scores.find((s) => s.body.userId === "learner-sub-1"), "the score");
    expect(first.url).toMatch(/\/lineitems\/\d+\/lineitem\/scores\?type_id=7$/);
    expect(first.body).toMatchObject({ scoreGiven: 35, scoreMaximum: 100, activityProgress: "Completed", gradingProgress: "FullyGraded" });
    expect(Date.parse(String(first.body.timestamp))).toBeGreaterThan(0);
    const results = await (await call(`/admin/results/${roomId}`, { cookie: teacher })).text();
    expect(results).toContain("LMS grade");

    // An override changes the score: a newer timestamp, and the LMS down for the first try.
    await control("fail-scores", { n: 1 });
    expect((await postForm(`/admin/results/${roomId}`, { intent: "mark-fail", testId: test.id }, teacher)).status).toBe(200);
    const retrying = await waitFor(async () => {
      const g = await one<{ attempts: number; last_error: string | null; state: string }>("SELECT attempts, last_error, state FROM lti_grades WHERE student_test_id = ?", test.id);
      return g.attempts > 0 ? g : undefined;
    }, "the failed post");
    expect(retrying).toMatchObject({ state: "pending", last_error: expect.stringContaining("503") });
    await env.DB.prepare("UPDATE lti_grades SET next_attempt_at = 0 WHERE student_test_id = ?").bind(test.id).run();
    expect(await runDurableObjectAlarm(env.LtiGradeSync.get(env.LtiGradeSync.idFromName(roomId)))).toBe(true);
    const scores = (await control<State>("state")).scores.filter((s) => s.body.userId === "learner-sub-1");
    expect(scores).toHaveLength(2);
    expect(scores[1]!.body).toMatchObject({ scoreGiven: 0, gradingProgress: "FullyGraded" });
    expect(Date.parse(String(scores[1]!.body.timestamp))).toBeGreaterThan(Date.parse(String(scores[0]!.body.timestamp)));
    expect(await one("SELECT state, attempts FROM lti_grades WHERE student_test_id = ?", test.id)).toMatchObject({ state: "sent" });
  });
});

describe("a launch is verified completely: anything else is a 4xx with a readable message and no session", () => {
  it("refuses a token signed by another key, an unknown kid, another issuer, audience or azp", async () => {
    const before = await sessionCount();
    await expectRefused(await mintedLaunch({}, { foreignKey: true }), 401, /signature is not valid/);
    await expectRefused(await mintedLaunch({}, { kid: "no-such-kid" }), 401, /key the LMS does not publish/);
    await expectRefused(await mintedLaunch({ iss: "https://other.example" }), 401, /another LMS/);
    await expectRefused(await mintedLaunch({ aud: "someone-else" }), 401, /another tool \(aud\)/);
    await expectRefused(await mintedLaunch({ aud: ["fake-client-1", "x"], azp: "x" }), 401, /another tool \(azp\)/);
    expect(await sessionCount()).toBe(before);
  });

  it("refuses an expired token, one issued in the future, another nonce, an unknown deployment, another version or message type", async () => {
    const now = Math.floor(Date.now() / 1000);
    await expectRefused(await mintedLaunch({ exp: now - 60, iat: now - 400 }), 401, /expired/);
    await expectRefused(await mintedLaunch({ iat: now + 120, exp: now + 400 }), 401, /future|not valid yet/);
    await expectRefused(await mintedLaunch({ nonce: "another-nonce" }), 401, /nonce/);
    await expectRefused(await mintedLaunch({ [`${C}deployment_id`]: "deploy-9" }), 403, /deployment/);
    await expectRefused(await mintedLaunch({ [`${C}version`]: "1.1" }), 400, /1\.3\.0/);
    await expectRefused(await mintedLaunch({ [`${C}message_type`]: "LtiSubmissionReviewRequest" }), 400, /does not handle/);
    await expectRefused(await mintedLaunch({ [`${C}roles`]: ["http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor"] }), 403, /no access/);
  });

  it("uses a state once, in the browser it was issued to; a frame without cookies is offered a new window", async () => {
    const { cookie, state, nonce } = await login(loginFields());
    const { token } = await control<{ token: string }>("mint", { claims: { nonce } });
    const ok = await fromLms("/lti/launch", { id_token: token, state }, cookie);
    expect(ok.status).toBe(302);
    await expectRefused(await fromLms("/lti/launch", { id_token: token, state }, cookie), 400, /already used/);
    await expectRefused(await mintedLaunch({}, { cookie: "lti-state-x=y" }), 401, /blocked this tool|another browser/);
    const other = await login(loginFields());
    const wrongBrowser = await mintedLaunch({}, { cookie: other.cookie });
    await expectRefused(wrongBrowser, 401, /another browser|blocked this tool/);
    const noCookie = await mintedLaunch({}, { cookie: null });
    expect(noCookie.status).toBe(401);
    const html = await noCookie.text();
    expect(html).toContain("Open in a new window");
    expect(html).toContain('action="/lti/login" target="_blank"');
    // The relaunch takes the issuer and client id from the registration; the state kept only the rest.
    expect(formOf(html).fields).toEqual({ iss: lms, client_id: "fake-client-1", login_hint: "learner", lti_message_hint: "minted", lti_deployment_id: "deploy-1", target_link_uri: `${ORIGIN}/lti/launch` });
  });

  it("a login stores only what its relaunch needs, refuses oversized fields, and is limited per client address", async () => {
    const { state } = await login(loginFields({ target_link_uri: `${ORIGIN}/lti/launch?${"x".repeat(400)}` }));
    const stored = JSON.parse((await one<{ login: string }>("SELECT login FROM lti_states WHERE state = ?", state)).login);
    expect(stored).toEqual({ login_hint: "learner", lti_message_hint: "minted", lti_deployment_id: "deploy-1", target_link_uri: `${ORIGIN}/lti/launch` });
    await expectRefused(await fromLms("/lti/login", loginFields({ lti_message_hint: "h".repeat(3000) })), 400, /too long \(lti_message_hint\)/);
    await expectRefused(await fromLms("/lti/login", loginFields({ login_hint: "h".repeat(1500) })), 400, /too long \(login_hint\)/);

    const fromAddress = (ip: string) =>
      exports.default.fetch(
        new Request(`${ORIGIN}/lti/login`, {
          method: "POST",
          headers: { Origin: lms, "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": ip },
          body: new URLSearchParams(loginFields()),
          redirect: "manual",
        }),
      );
    // One address uses up its logins for the minute (counted straight in its limiter, as that many logins would).
    const limiter = env.RateLimiter.getByName("lti-login:ip|203.0.113.7");
    for (let i = 0; i < 200; i++) {
      const decision = await limiter.attempt("lti-login:ip");
      if (decision.allowed) await limiter.failed("lti-login:ip", decision.at);
    }
    const states = (await one<{ n: number }>("SELECT count(*) AS n FROM lti_states")).n;
    const limited = await fromAddress("203.0.113.7");
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.text()).toMatch(/Too many LMS launches from your network. Please wait (\d+ seconds?|1 minute) and try again\./);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM lti_states")).n).toBe(states);
    // Another address is not affected.
    expect((await fromAddress("203.0.113.8")).status).toBe(302);
  });

  it("refuses AGS and NRPS URLs that are not https:// with a host name (no IP literals)", async () => {
    const AGS = "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint";
    const NRPS = "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice";
    const score = "https://purl.imsglobal.org/spec/lti-ags/scope/score";
    const before = await sessionCount();
    for (const lineitem of ["http://lms.example.edu/lineitems/1/lineitem", "https://10.0.0.5/lineitems/1/lineitem", "https://[fd00::1]/lineitems/1"]) {
      await expectRefused(await mintedLaunch({ [AGS]: { lineitem, scope: [score] } }), 400, /grade service URL \(AGS lineitem\) must be an https:\/\/ URL with a host name/);
    }
    for (const url of ["http://lms.example.edu/memberships/1", "https://169.254.169.254/latest/meta-data"]) {
      await expectRefused(await mintedLaunch({ [NRPS]: { context_memberships_url: url } }), 400, /roster service URL \(NRPS context_memberships_url\) must be an https:\/\/ URL/);
    }
    expect(await sessionCount()).toBe(before);
  });

  it("names only host names of the launch in frame-ancestors: no wildcard, quote or semicolon", async () => {
    const res = await mintedLaunch({ [`${C}launch_presentation`]: { return_url: "https://*" } });
    expect(res.status).toBe(302);
    const cookie = cookieFrom(res);
    for (const bad of ["https://evil.example;script-src", "https://a'b.example"]) {
      const other = await mintedLaunch({ [`${C}launch_presentation`]: { return_url: bad } });
      expect(other.status).toBe(302);
      const csp = (await call("/student", { cookie: cookieFrom(other) })).headers.get("Content-Security-Policy") ?? "";
      expect(csp).not.toMatch(/evil|a'b/);
    }
    const csp = (await call("/student", { cookie })).headers.get("Content-Security-Policy") ?? "";
    expect(/frame-ancestors ([^;]*)/.exec(csp)?.[1]).toBe(`'self' ${lms}`);
  });

  it("refetches the platform's keys when a new kid appears (keys rotate)", async () => {
    expect((await mintedLaunch()).status).toBe(302);
    await control("rotate", {});
    await new Promise((r) => setTimeout(r, 1100)); // past the refetch cooldown
    expect((await mintedLaunch()).status).toBe(302);
  });

  it("refuses an unregistered LMS and an incomplete login; only the LTI endpoints take foreign posts", async () => {
    await expectRefused(await fromLms("/lti/login", loginFields({ iss: "https://unknown.example" })), 400, /not registered/);
    await expectRefused(await fromLms("/lti/login", { iss: lms }), 400, /incomplete/);
    await expectRefused(await fromLms("/lti/login", loginFields({ target_link_uri: "https://evil.example/x" })), 400, /target_link_uri/);
    // Every other action keeps the Origin rule (the session cookie is SameSite=None now).
    const foreign = await fromLms(`/admin/room/${roomId}`, { intent: "enable" }, teacher);
    expect(foreign.status).toBe(403);
  });
});

describe("an LMS user is linked to an account by email only when that email is proven (decision 035)", () => {
  const trustEmails = (on: boolean) => env.DB.prepare("UPDATE lti_platforms SET trust_email = ? WHERE issuer = ?").bind(on ? 1 : 0, lms).run();
  const idOf = async (email: string) => (await one<{ id: string }>("SELECT id FROM user WHERE email = ?", email)).id;
  const linkOf = async (sub: string) => (await one<{ user_id: string }>("SELECT user_id FROM lti_users WHERE sub = ?", sub)).user_id;
  const lmsUser = (userKey: string, sub: string, email: string, roles = [INSTRUCTOR]) =>
    control("users", { userKey, sub, name: `${userKey} Person`, email, roles });

  it("a student who signed up with a teacher's email gets no course rights when the teacher first launches from a trusted LMS", async () => {
    const email = "tina.teacher@lms.test";
    const student = await signUp({ role: "student", email, password: "chosen-by-the-student" });
    await lmsUser("tina", "teacher-sub-2", email);
    await trustEmails(true);
    try {
      const { res, session } = await launchFromLms("/start-deep-link/course-1?as=tina");
      expect(res.status, await res.clone().text()).toBe(302);
      const studentId = await idOf(email);
      const teacherId = await linkOf("teacher-sub-2");
      expect(teacherId).not.toBe(studentId);
      // The teacher's own account: a placeholder email (the claimed one is taken), an instructor of the course.
      expect((await one<{ email: string }>("SELECT email FROM user WHERE id = ?", teacherId)).email).toMatch(/\.lti\.invalid$/);
      expect(await one("SELECT role FROM lti_context_members WHERE user_id = ?", teacherId)).toEqual({ role: "instructor" });
      expect((await call(`/admin/room/${roomId}`, { cookie: session })).status).toBe(200);
      // The student's account: no course, no room.
      expect(await one("SELECT count(*) AS n FROM lti_context_members WHERE user_id = ?", studentId)).toEqual({ n: 0 });
      expect(await one("SELECT count(*) AS n FROM lti_users WHERE user_id = ?", studentId)).toEqual({ n: 0 });
      expect((await call(`/admin/room/${roomId}`, { cookie: student.cookie })).status).toBe(302);
    } finally {
      await trustEmails(false);
    }
  });

  it("links an account an administrator made, once; never an administrator's own account", async () => {
    const made = "made.by.admin@lms.test";
    const created = await postForm("/admin/users", { intent: "create", full_name: "Made By Admin", email: made, password: "password123", role: "student" }, admin);
    expect(created.status).toBe(200);
    expect(await one("SELECT email_verified FROM user WHERE email = ?", made)).toEqual({ email_verified: 1 });
    const adminEmail = (await one<{ email: string }>("SELECT u.email FROM user u JOIN user_roles r ON r.user_id = u.id WHERE r.role = 'admin' LIMIT 1")).email;
    await lmsUser("made", "made-sub-1", made);
    await lmsUser("made-again", "made-sub-2", made);
    await lmsUser("adm", "admin-sub-1", adminEmail);
    await trustEmails(true);
    try {
      expect((await launchFromLms("/start-deep-link/course-1?as=made")).res.status).toBe(302);
      expect(await linkOf("made-sub-1")).toBe(await idOf(made));
      // A second LMS identity with the same email: the account already has its LMS link.
      expect((await launchFromLms("/start-deep-link/course-1?as=made-again")).res.status).toBe(302);
      expect(await linkOf("made-sub-2")).not.toBe(await idOf(made));
      // An administrator's account is never taken through an email claim: the LMS user gets a student account.
      expect((await launchFromLms("/start-deep-link/course-1?as=adm")).res.status).toBe(302);
      const adminLink = await linkOf("admin-sub-1");
      expect(adminLink).not.toBe(await idOf(adminEmail));
      expect(await one("SELECT role FROM user_roles WHERE user_id = ?", adminLink)).toEqual({ role: "student" });
    } finally {
      await trustEmails(false);
    }
  });

  it("an untrusted LMS's account carries a placeholder email, never the claimed one, so a trusted LMS cannot link to it later", async () => {
    const claimed = "uma.untrusted@lms.test";
    await lmsUser("uma", "untrusted-sub-1", claimed);
    expect((await launchFromLms("/start-deep-link/course-1?as=uma")).res.status).toBe(302);
    expect((await one<{ email: string }>("SELECT email FROM user WHERE id = ?", await linkOf("untrusted-sub-1"))).email).toMatch(/\.lti\.invalid$/);
    expect(await one("SELECT count(*) AS n FROM user WHERE email = ?", claimed)).toEqual({ n: 0 });
  });

  it("a roster from a trusted LMS does not link a learner to a self-made account with their email", async () => {
    const email = "sam.roster@lms.test";
    const student = await signUp({ role: "student", email });
    const made = await postForm("/admin?index", { intent: "create", roomName: "Roster linking", category: MCQ, questionType: "mcq", language: "python", durationMinutes: "30" }, admin);
    expect(made.status).toBe(200);
    const room = (await one<{ id: string }>("SELECT id FROM test_rooms WHERE room_name = 'Roster linking'")).id;
    const course = (await one<{ id: string }>("SELECT id FROM lti_contexts WHERE context_id = 'course-1'")).id;
    await env.DB.prepare("INSERT INTO lti_room_contexts (room_id, context_id) VALUES (?, ?)").bind(room, course).run();
    await control("members", { members: [{ status: "Active", name: "Sam Roster", email, user_id: "roster-sub-1", roles: [LEARNER] }] });
    await trustEmails(true);
    try {
      const synced = await postForm(`/admin/room/${room}`, { intent: "sync-roster" }, admin);
      expect(synced.status, await synced.clone().text()).toBe(200);
      const studentId = await idOf(email);
      expect(await linkOf("roster-sub-1")).not.toBe(studentId);
      expect(await one("SELECT count(*) AS n FROM room_participants WHERE room_id = ? AND student_id = ?", room, studentId)).toEqual({ n: 0 });
      expect((await call(`/waiting/${room}`, { cookie: student.cookie })).status).not.toBe(200);
    } finally {
      await trustEmails(false);
    }
  });
});
