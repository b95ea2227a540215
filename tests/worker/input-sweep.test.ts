// A malformed-input sweep (issue 13 section 3): every route action and
// resource route of app/routes, signed in as the role it serves, gets missing
// fields, wrong types, a 1 MB string in each field, 500-item lists where lists
// are taken, a body that is not a form, and a foreign Origin. No answer may be
// a 5xx; a foreign Origin on a write is a 403.
import { exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, ORIGIN, signUp } from "./helpers";
import { admin, launch, makeRoom, one, seedCodingCategory, seedMcqCategory, signUpAdmin, start, takingStudent, testOf } from "./rooms-fixture";

const MB = "x".repeat(1024 * 1024);
const LIST = 500;
const WRONG = ['{"a":1}', "-1e999"];

type Fields = Record<string, string>;
/** One form an action takes: its fields with plausible values, and which of them are lists. */
type Intent = { fields: Fields; lists?: { field: string; kind: "repeat" | "comma" | "json"; item: (i: number) => unknown }[] };
type FormTarget = { path: () => string; cookie: () => string; intents: Intent[] };

type Tally = { requests: number; "2xx": number; "3xx": number; "4xx": number; "5xx": number; foreign403: number };
const tally: Tally = { requests: 0, "2xx": 0, "3xx": 0, "4xx": 0, "5xx": 0, foreign403: 0 };
const failures: string[] = [];
const slowest: { ms: number; what: string }[] = [];

async function send(label: string, path: string, init: { method?: string; body?: BodyInit; cookie: string; headers?: Record<string, string>; origin?: string }) {
  const headers = new Headers(init.headers);
  headers.set("Host", new URL(ORIGIN).host);
  headers.set("Origin", init.origin ?? ORIGIN);
  headers.set("Cookie", init.cookie);
  const began = Date.now();
  const response = await exports.default.fetch(new Request(`${ORIGIN}${path}`, { method: init.method ?? "POST", body: init.body, headers, redirect: "manual" }));
  await response.body?.cancel();
  slowest.push({ ms: Date.now() - began, what: `${response.status} ${label} ${path.slice(0, 60)}` });
  tally.requests += 1;
  const bucket = `${Math.floor(response.status / 100)}xx` as keyof Tally;
  if (bucket in tally) tally[bucket] += 1;
  if (response.status >= 500) failures.push(`${response.status} ${label} ${path}`);
  return response.status;
}

const form = (fields: Fields, extra: [string, string][] = []) => {
  const body = new URLSearchParams(fields);
  for (const [k, v] of extra) body.append(k, v);
  return body;
};

async function sweepForm(target: FormTarget) {
  const path = target.path();
  const cookie = target.cookie();
  const post = (label: string, body: BodyInit, headers?: Record<string, string>) => send(label, path, { body, cookie, headers });

  const foreign = await send("foreign origin", path, { body: form(target.intents[0]!.fields), cookie, origin: "http://evil.example" });
  if (foreign === 403) tally.foreign403 += 1;
  else failures.push(`${foreign} foreign origin ${path}`);
  await post("no body", "");
  await post("not a form", '{"intent":', { "Content-Type": "application/json" });
  await post("broken multipart", "--x\r\nContent-Disposition: form-data; name=\"intent\"\r\n\r\n", { "Content-Type": "multipart/form-data; boundary=x" });

  for (const { fields, lists = [] } of target.intents) {
    const tagged = (label: string) => `${label} [${fields.intent ?? "-"}]`;
    await post(tagged("missing fields"), form(fields.intent ? { intent: fields.intent } : {}));
    for (const name of Object.keys(fields)) {
      const { [name]: _, ...rest } = fields;
      await post(tagged(`without ${name}`), form(rest));
      for (const wrong of WRONG) await post(tagged(`${name}=${JSON.stringify(wrong)}`), form({ ...fields, [name]: wrong }));
      await post(tagged(`${name} twice`), form(fields, [[name, "again"]]));
      await post(tagged(`${name} 1 MB`), form({ ...fields, [name]: MB }));
    }
    for (const list of lists) {
      const items = Array.from({ length: LIST }, (_, i) => list.item(i));
      if (list.kind === "repeat") {
        const { [list.field]: _, ...rest } = fields;
        await post(tagged(`${list.field} x${LIST}`), form(rest, items.map((v) => [list.field, String(v)])));
      } else {
        const value = list.kind === "comma" ? items.join(",") : JSON.stringify(items);
        await post(tagged(`${list.field} x${LIST}`), form({ ...fields, [list.field]: value }));
      }
    }
  }
}

async function sweepGet(label: string, path: string, cookie: string) {
  await send(label, path, { method: "GET", cookie });
}

let student = { email: "", cookie: "" };
let other = { email: "", cookie: "" };
let room = { id: "", otp: "" };
let spare = { id: "", otp: "" };
let testId = "";
let practiceId = "";
let questionId = "";

beforeAll(async () => {
  await signUpAdmin();
  const tag = `SW${Date.now().toString(36)}`;
  await seedCodingCategory(`${tag}-C`);
  await seedMcqCategory(`${tag}-M`);
  room = await makeRoom(`${tag}-C`, "coding");
  spare = await makeRoom(`${tag}-M`, "mcq");
  student = await takingStudent(room, "Sweep Student");
  other = await signUp({ role: "student", name: "Other Student" });
  await start(room);
  await launch(student.cookie, room);
  testId = (await testOf(room, student.email)).id;
  questionId = `${tag}-C-q0`;
  await call("/admin/practice-rooms", { method: "POST", body: form({ intent: "create", roomName: `practice ${tag}`, category: `${tag}-C` }), cookie: admin });
  const practice = await one<{ id: string; otp: string }>("SELECT id, otp FROM practice_rooms WHERE room_name = ?", `practice ${tag}`);
  practiceId = practice.id;
  await call("/student?index", { method: "POST", body: form({ intent: "join-practice", otp: practice.otp }), cookie: student.cookie });
});

const codingCases = JSON.stringify(Array.from({ length: 5 }, (_, i) => ({ input: `${i}`, expectedOutput: `${i}`, points: 10, isHidden: i > 0 })));
const evaluateSave = JSON.stringify([{ questionId: "q", code: "print(1)", passed: [] }]);

/** In order: the student's pages first, the admin's destructive intents last. */
const targets = (): FormTarget[] => {
  const asAdmin = () => admin;
  const asStudent = () => student.cookie;
  return [
    { path: () => "/auth", cookie: () => "", intents: [
      { fields: { intent: "login", email: "nobody@example.edu", password: "password123" } },
      { fields: { intent: "signup", fullName: "Sweep Person", email: `sweep-${Date.now()}@example.edu`, password: "password123", asAdmin: "on", adminCode: "wrong" } },
    ] },
    { path: () => `/test/${room.id}/terms`, cookie: asStudent, intents: [{ fields: { term: "0" }, lists: [{ field: "term", kind: "repeat", item: (i) => i }] }] },
    { path: () => `/test/${room.id}/coding`, cookie: asStudent, intents: [
      { fields: { intent: "run", questionId: "not-a-question", code: "print(1)" } },
      { fields: { intent: "submit", questionId: "not-a-question", code: "print(1)" } },
    ] },
    { path: () => `/practice/${practiceId}/coding`, cookie: asStudent, intents: [{ fields: { questionId: "not-a-question", code: "print(1)" } }] },
    { path: () => "/student?index", cookie: () => other.cookie, intents: [
      { fields: { intent: "join-test", otp: "000000" } },
      { fields: { intent: "join-practice", otp: "000000" } },
    ] },
    { path: () => "/student/history", cookie: asStudent, intents: [{ fields: { intent: "request-evaluation", testId: "not-a-test", reason: "Please look again" } }] },
    { path: () => "/student/profile", cookie: () => other.cookie, intents: [{ fields: { full_name: "Other Student", email: other.email } }] },
    { path: () => "/student/settings", cookie: () => other.cookie, intents: [{ fields: { currentPassword: "wrong-password", newPassword: "password456", confirmPassword: "password456" } }] },
    { path: () => "/student/playground", cookie: asStudent, intents: [{ fields: { language: "cobol", code: "print(1)", stdin: "" } }] },
    { path: () => "/admin/practice", cookie: asAdmin, intents: [{ fields: { language: "cobol", code: "print(1)", stdin: "" } }] },
    { path: () => "/admin/users", cookie: asAdmin, intents: [
      { fields: { intent: "create", full_name: "Made By Sweep", email: "not-an-email", password: "password123", role: "student" } },
      { fields: { intent: "update", userId: "not-a-user", full_name: "Renamed", email: "renamed@example.edu", role: "student", password: "" } },
      { fields: { intent: "reset-password", userId: "not-a-user", newPassword: "password123" } },
      { fields: { intent: "extra-time", userId: "not-a-user", unit: "minutes", amount: "5", reason: "accommodation" } },
    ] },
    { path: () => "/admin/questions?index", cookie: asAdmin, intents: [
      { fields: { intent: "add-category", name: "" } },
      { fields: { intent: "delete-category", id: "not-a-category" } },
      { fields: { intent: "add-coding", title: "", description: "d", category: "General", language: "python", difficulty: "easy", testCases: codingCases },
        lists: [{ field: "testCases", kind: "json", item: (i) => ({ input: `${i}`, expectedOutput: `${i}`, points: 10, isHidden: true }) }] },
      { fields: { intent: "add-mcq", title: "", optionA: "a", optionB: "b", optionC: "c", optionD: "d", correctOption: "A", category: "General", difficulty: "easy" } },
      { fields: { intent: "import", kind: "coding", rows: "[]", last: "1" }, lists: [{ field: "rows", kind: "json", item: () => ({ title: "" }) }] },
    ] },
    { path: () => "/admin/questions/coding", cookie: asAdmin, intents: [
      { fields: { intent: "update-question", id: "not-a-question", title: "T", description: "d", category: "General", language: "python", difficulty: "easy", testCases: codingCases } },
      { fields: { intent: "add-test-case", questionId: "not-a-question", input: "1", expectedOutput: "1", points: "10", isHidden: "false" } },
      { fields: { intent: "update-test-case", id: "not-a-case", input: "1", expectedOutput: "1", points: "10", isHidden: "false" } },
      { fields: { intent: "delete-test-case", id: "not-a-case" } },
      { fields: { intent: "delete-question", id: "not-a-question" } },
    ] },
    { path: () => "/admin/questions/mcq", cookie: asAdmin, intents: [
      { fields: { intent: "update-mcq", id: "not-a-question", title: "", optionA: "a", optionB: "b", optionC: "c", optionD: "d", correctOption: "A", category: "General", difficulty: "easy" } },
      { fields: { intent: "delete-question", id: "not-a-question" } },
    ] },
    { path: () => "/admin/practice-rooms", cookie: asAdmin, intents: [
      { fields: { intent: "create", roomName: "", category: "General" } },
      { fields: { intent: "activate", roomId: "not-a-room" } },
      { fields: { intent: "new-otp", roomId: "not-a-room" } },
      { fields: { intent: "delete", roomId: "not-a-room" } },
    ] },
    { path: () => "/admin/evaluation", cookie: asAdmin, intents: [
      { fields: { intent: "approve", requestId: "not-a-request", score: "95" } },
      { fields: { intent: "reject", requestId: "not-a-request" } },
    ] },
    { path: () => `/admin/evaluate/${testId}`, cookie: asAdmin, intents: [
      { fields: { intent: "run", questionId: "not-a-question", code: "print(1)" } },
      { fields: { intent: "save", questions: evaluateSave }, lists: [{ field: "questions", kind: "json", item: (i) => ({ questionId: `q${i}`, code: "", passed: [] }) }] },
      { fields: { intent: "reject" } },
    ] },
    { path: () => `/admin/results/${room.id}`, cookie: asAdmin, intents: [{ fields: { intent: "mark-pass", testId: "not-a-test" } }] },
    { path: () => "/admin/history", cookie: asAdmin, intents: [{ fields: { intent: "delete", testId: "not-a-test" }, lists: [{ field: "testId", kind: "repeat", item: (i) => `t${i}` }] }] },
    { path: () => `/admin/room/${spare.id}`, cookie: asAdmin, intents: [
      { fields: { intent: "extend", minutes: "5" } },
      { fields: { intent: "unlock-code", unlockCode: "CODE" } },
      { fields: { intent: "add-participant", email: "nobody@example.edu" } },
      { fields: { intent: "edit-participant", participantId: "not-a-participant", fullName: "Name", category: "General" } },
      { fields: { intent: "grant-time", participantId: "not-a-participant", minutes: "5" } },
      { fields: { intent: "extra-time", participantId: "not-a-participant", unit: "percent", amount: "25", reason: "accommodation" } },
      { fields: { intent: "credit-outage", participantId: "not-a-participant" } },
      { fields: { intent: "credit-outages" } },
      { fields: { intent: "schedule", startsAt: new Date(Date.now() + 3_600_000).toISOString() } },
      { fields: { intent: "unschedule" } },
      { fields: { intent: "remove-participant", participantId: "not-a-participant" } },
      { fields: { intent: "change-questions", questionIds: "a,b" }, lists: [{ field: "questionIds", kind: "comma", item: (i) => `q${i}` }] },
      { fields: { intent: "generate-otp" } },
      { fields: { intent: "enable" } },
      { fields: { intent: "disable" } },
    ] },
    { path: () => "/admin?index", cookie: asAdmin, intents: [
      { fields: { intent: "create", roomName: "", category: "General", questionType: "mcq", language: "python", durationMinutes: "30" } },
      { fields: { intent: "delete", roomId: "not-a-room" } },
    ] },
    // Last: these end the student's session or the room.
    { path: () => `/admin/room/${spare.id}`, cookie: asAdmin, intents: [{ fields: { intent: "start" } }, { fields: { intent: "stop" } }, { fields: { intent: "delete" } }] },
    { path: () => "/logout", cookie: () => other.cookie, intents: [{ fields: {} }] },
  ];
};

describe("malformed input sweep", () => {
  it("never answers 5xx, and refuses every foreign Origin with 403", async () => {
    const began = Date.now();
    const forms = targets();
    for (const target of forms) await sweepForm(target);

    // The journal (JSON): wrong shapes, a 1 MB field, 500 entries, not JSON, a foreign Origin.
    const journal = `/api/journal/${testId}`;
    const json = { "Content-Type": "application/json" };
    const entry = (payload: unknown, kind = "code") => ({ id: crypto.randomUUID(), seq: 1, kind, createdAt: Date.now(), payload });
    for (const body of [
      "",
      "{",
      "{}",
      '{"entries":"x"}',
      JSON.stringify({ entries: [{}] }),
      JSON.stringify({ entries: [entry({ questionId: 5, code: [] })] }),
      JSON.stringify({ entries: [entry({ questionId: MB, code: "x" })] }),
      JSON.stringify({ entries: [entry({ questionId: questionId, code: MB })] }),
      JSON.stringify({ entries: [entry({ code: "x" }, MB)] }),
      JSON.stringify({ entries: Array.from({ length: LIST }, (_, i) => ({ ...entry({ questionId, code: "x" }), seq: i + 1 })) }),
    ]) {
      await send("journal", journal, { body, cookie: student.cookie, headers: json });
    }
    await send("journal as a form", journal, { body: form({ entries: "[]" }), cookie: student.cookie });
    const foreign = await send("journal foreign", journal, { body: "{}", cookie: student.cookie, headers: json, origin: "http://evil.example" });
    expect(foreign).toBe(403);
    tally.foreign403 += 1;

    // Resource routes that read: odd and oversized query strings (8 KB: a URL, not a body).
    const long = "%_".repeat(4096);
    for (const [label, path, cookie] of [
      ["suggestions", `/admin/api/student-suggestions?q=${long}`, admin],
      ["suggestions", "/admin/api/student-suggestions?q=%00&q=a&q=b", admin],
      ["history csv", `/admin/history/csv?q=${long}&page=-1`, admin],
      ["history csv", "/admin/history/csv?page=1e999", admin],
      ["results csv", `/admin/results/${room.id}/csv?sort=${long}&filter=${long}`, admin],
      ["results csv", `/admin/results/${"x".repeat(4000)}/csv`, admin],
      ["late change", `/admin/api/late-change/${"x".repeat(4000)}`, admin],
      ["late change", "/admin/api/late-change/%00", admin],
      ["room index", "/admin/room", admin],
      ["health", `/api/health?${long}`, ""],
      ["interactive", "/api/playground/interactive", student.cookie],
      ["journal get", journal, student.cookie],
      ["users page", `/admin/users?q=${long}&role=${long}&page=${long}`, admin],
      ["coding page", `/admin/questions/coding?q=${long}&category=${long}&page=-5`, admin],
      ["mcq page", `/admin/questions/mcq?q=${long}&category=${long}`, admin],
      ["evaluation page", `/admin/evaluation?q=${long}`, admin],
      ["history page", `/admin/history?q=${long}&page=0`, admin],
      ["results page", `/admin/results/${room.id}?sort=${long}`, admin],
    ] as const) {
      await sweepGet(label, path, cookie);
    }

    console.log(JSON.stringify({ sweep: { ...tally, targets: forms.length + 2, seconds: Math.round((Date.now() - began) / 1000) } }));
    console.log(JSON.stringify({ slowest: slowest.sort((a, b) => b.ms - a.ms).slice(0, 5) }));
    expect(failures).toEqual([]);
    expect(tally["5xx"]).toBe(0);
    expect(tally.foreign403).toBe(forms.length + 1);
  }, 240_000);
});
