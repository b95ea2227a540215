// A course instructor (made by an LMS launch, not an administrator) manages
// their course's rooms, but the question bank stays the administrators'
// (decision 025): no listing of it on the room page, no Change Questions, and
// hidden cases only as verdicts on the submission view, even on a test taken
// by an account of their own.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { ROOM_ACCESS_MESSAGES } from "~/lib/rooms/room-access.server";
import { call, postForm } from "./helpers";
import { admin, courseInstructorOf, HIDDEN, journal, launch, makeRoom, one, rows, seedCodingCategory, seedMcqCategory, signUpAdmin } from "./rooms-fixture";

const CODING = "CI-Coding";
const MCQ = "CI-MCQ";

beforeAll(async () => {
  await signUpAdmin();
  await seedCodingCategory(CODING);
  await seedMcqCategory(MCQ);
});

describe("the question bank stays the administrators' (decision 025)", () => {
  it("a course instructor gets no bank listing and cannot change the room's questions; an admin can", async () => {
    const secret = `Bank only ${crypto.randomUUID()}`;
    const secretId = `ci-secret-${crypto.randomUUID()}`;
    await env.DB.prepare("INSERT INTO questions (id, title, description, language, category, type) VALUES (?, ?, 'x', 'python', 'Elsewhere', 'coding')").bind(secretId, secret).run();
    const room = await makeRoom(CODING, "coding");
    const instructor = await courseInstructorOf(room);
    const before = await rows<{ question_id: string }>("SELECT question_id FROM room_questions WHERE room_id = ? ORDER BY question_id", room.id);

    // The admin's page lists the bank (the dialog's data); the instructor's holds none of it, and no button that would be refused.
    const adminPage = await (await call(`/admin/room/${room.id}`, { cookie: admin })).text();
    expect(adminPage).toContain(secret);
    expect(adminPage).toContain("Change Questions");
    const res = await call(`/admin/room/${room.id}`, { cookie: instructor.cookie });
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).not.toContain(secret);
    expect(page).not.toContain("Change Questions");

    // Change Questions is refused with a reason, 403, and nothing changes.
    const change = await postForm(`/admin/room/${room.id}`, { intent: "change-questions", questionIds: `${secretId},${CODING}-q0` }, instructor.cookie);
    expect(change.status).toBe(403);
    expect(await change.text()).toContain(ROOM_ACCESS_MESSAGES.questionsAdminOnly);
    expect(await rows("SELECT question_id FROM room_questions WHERE room_id = ? ORDER BY question_id", room.id)).toEqual(before);
    // (An admin still may.)
    const byAdmin = await postForm(`/admin/room/${room.id}`, { intent: "change-questions", questionIds: `${CODING}-q0,${CODING}-q1` }, admin);
    expect(byAdmin.status).toBe(200);
  });

  it("on the submission view a course instructor sees the open case in full and hidden cases as verdicts only, even on their own test", async () => {
    const room = await makeRoom(CODING, "coding");
    const instructor = await courseInstructorOf(room);
    // They add an account of their own as a participant, start the room and take the test.
    expect((await postForm(`/admin/room/${room.id}`, { intent: "add-participant", email: instructor.email }, instructor.cookie)).status).toBe(200);
    expect((await postForm(`/admin/room/${room.id}`, { intent: "start" }, instructor.cookie)).status).toBe(200);
    expect((await launch(instructor.cookie, room)).status).toBe(302);
    const { id: testId } = await one<{ id: string }>("SELECT t.id FROM student_tests t JOIN user u ON u.id = t.student_id WHERE t.room_id = ? AND u.email = ?", room.id, instructor.email);

    const res = await call(`/admin/submission/${testId}`, { cookie: instructor.cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("open-");
    expect(html).toContain("Hidden test case: only its result is shown.");
    expect(html).not.toContain(HIDDEN);

    // An administrator sees them in full.
    const adminHtml = await (await call(`/admin/submission/${testId}`, { cookie: admin })).text();
    expect(adminHtml).toContain(HIDDEN);
  });

  it("sections are the administrators' too, and an MCQ review shows a course instructor the questions and answers but not the right options (decision 040)", async () => {
    const room = await makeRoom(MCQ, "mcq");
    const instructor = await courseInstructorOf(room);
    const sections = JSON.stringify([{ pick: 5, category: MCQ }]);
    const refused = await postForm(`/admin/room/${room.id}`, { intent: "sections", sections }, instructor.cookie);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(ROOM_ACCESS_MESSAGES.questionsAdminOnly);
    expect((await postForm(`/admin/room/${room.id}`, { intent: "sections", sections }, admin)).status).toBe(200);
    expect((await postForm(`/admin/room/${room.id}`, { intent: "add-participant", email: instructor.email }, instructor.cookie)).status).toBe(200);
    expect((await postForm(`/admin/room/${room.id}`, { intent: "start" }, instructor.cookie)).status).toBe(200);
    expect((await launch(instructor.cookie, room)).status).toBe(302);
    const { id: testId } = await one<{ id: string }>("SELECT t.id FROM student_tests t JOIN user u ON u.id = t.student_id WHERE t.room_id = ? AND u.email = ?", room.id, instructor.email);
    const firstQuestion = await one<{ question_id: string }>("SELECT question_id FROM test_draws WHERE student_test_id = ? AND position = 0", testId);
    expect((await journal(instructor.cookie, testId, [{ seq: 0, kind: "finish", payload: { answers: { [firstQuestion.question_id]: 0 } } }])).status).toBe(200);

    const html = await (await call(`/admin/submission/${testId}`, { cookie: instructor.cookie })).text();
    expect(html.match(/data-testid="mcq-review-question"/g)).toHaveLength(5);
    expect(html).toContain("Student&#x27;s answer");
    expect(html).not.toContain("Correct answer");
    const data = await (await call(`/admin/submission/${testId}.data`, { cookie: instructor.cookie })).text();
    expect(data).not.toContain('"correct"');
    // An administrator sees the right options.
    expect((await (await call(`/admin/submission/${testId}`, { cookie: admin })).text()).match(/Correct answer/g)).toHaveLength(5);
  });
});
