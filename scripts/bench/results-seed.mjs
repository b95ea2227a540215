// The data `npm run bench:results` measures against, as SQL for
// `wrangler d1 execute --file`: a school's worth of results.
//
// - 2,000 students (user + student role; they never sign in).
// - One finished coding room of 500 students ("the big room"): participants,
//   their tests (every status and score band) and 2 submissions each, on the
//   seeded Python questions of Basics.
// - 195 more rooms of 100 students each, spread over the last year, so the
//   history holds 20,000 tests in all.
//
// Deterministic (a seeded PRNG): every run measures the same data. Multi-row
// INSERTs of at most 200 rows keep each statement far below D1's 100 KB limit.

export const BENCH = {
  students: 2000,
  bigRoomStudents: 500,
  historyRooms: 195,
  perHistoryRoom: 100,
  adminId: "demo-admin-0001", // the seeded admin (scripts/seed.mjs)
  bigRoomId: "bench-room-big",
  questions: ["seed-cq-python-1", "seed-cq-python-2"], // Python, Basics, 5 test cases each
  domain: "bench-school.edu",
};

const FIRST = ["Aarav", "Maya", "Liam", "Zara", "Noah", "Priya", "Ethan", "Sofia", "Kenji", "Amara", "Lucas", "Ines", "Omar", "Hana", "Mateo", "Chloe", "Ravi", "Elena", "Tomas", "Yara", "Felix", "Nadia", "Arjun", "Lea", "Diego", "Mei", "Kofi", "Anya", "Jonas", "Leila", "Samir", "Ivy", "Pavel", "Rosa", "Tariq", "Greta", "Emeka", "Clara", "Hugo", "Sana"];
const LAST = ["Okafor", "Sharma", "Nguyen", "Garcia", "Kowalski", "Tanaka", "Haddad", "Silva", "Muller", "Johansson", "Mensah", "Rossi", "Ivanova", "Patel", "Dubois", "Kim", "Novak", "Costa", "Ahmed", "Larsen", "Moreau", "Singh", "Petrov", "Yilmaz", "Fischer", "Osei", "Lopez", "Chen", "Horvat", "Byrne", "Suzuki", "Ali", "Weber", "Santos", "Nakamura", "Eriksen", "Bianchi", "Adeyemi", "Park", "Reyes"];
const COURSES = ["CS101", "CS102", "Data Structures", "Algorithms", "Intro to C", "Java Basics", "Python Lab", "Systems Programming"];
const KINDS = ["Quiz", "Midterm", "Final", "Lab test", "Practice test"];

/** mulberry32: a tiny deterministic PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const q = (v) => (v === null || v === undefined ? "NULL" : typeof v === "number" ? String(v) : `'${String(v).replaceAll("'", "''")}'`);
const pad = (n, width) => String(n).padStart(width, "0");

/** INSERT ... VALUES (...), (...) in statements of at most `per` rows. */
function inserts(table, columns, rows, per = 200) {
  const out = [];
  for (let i = 0; i < rows.length; i += per) {
    const values = rows.slice(i, i + per).map((r) => `(${r.map(q).join(",")})`);
    out.push(`INSERT INTO ${table} (${columns.join(",")}) VALUES\n${values.join(",\n")};`);
  }
  return out;
}

export function studentId(i) {
  return `bench-s-${pad(i, 5)}`;
}

export function studentOf(i) {
  const first = FIRST[i % FIRST.length];
  const last = LAST[Math.floor(i / FIRST.length) % LAST.length];
  return { id: studentId(i), name: `${first} ${last}`, email: `${first}.${last}.${i}@${BENCH.domain}`.toLowerCase() };
}

/** A test's outcome: every status, scores in every colour band. */
function outcome(rand) {
  const r = rand();
  if (r < 0.06) return { status: "disqualified", disq: 1, perQuestion: [Math.floor(rand() * 3), 0], tabs: 3 };
  if (r < 0.1) return { status: "in_progress", disq: 0, perQuestion: [0, 0], tabs: Math.floor(rand() * 2) };
  const a = Math.floor(rand() * 6);
  const b = Math.floor(rand() * 6);
  const done = a === 5 && b === 5;
  return { status: done ? "completed" : "attempted", disq: 0, perQuestion: [a, b], tabs: Math.floor(rand() * 3) };
}

export function benchSql(now = Date.now()) {
  const rand = prng(20_000);
  const statements = [];
  const DAY = 86_400_000;

  const students = Array.from({ length: BENCH.students }, (_, i) => studentOf(i + 1));
  statements.push(...inserts("user", ["id", "name", "email", "email_verified", "created_at", "updated_at"], students.map((s) => [s.id, s.name, s.email, 1, now - 400 * DAY, now - 400 * DAY])));
  statements.push(...inserts("user_roles", ["user_id", "role"], students.map((s) => [s.id, "student"])));

  const rooms = [];
  const participants = [];
  const tests = [];
  const submissions = [];

  // The big room: finished a day ago, 500 students, 2 questions, a submission per question.
  const bigStart = now - DAY;
  rooms.push([BENCH.bigRoomId, "Bench CS101 Final (500 students)", "Basics", "coding", "python", 0, 1, 90, bigStart, bigStart + 90 * 60_000, BENCH.adminId, bigStart - 3_600_000]);
  for (let k = 0; k < BENCH.bigRoomStudents; k++) {
    const s = students[k];
    const o = outcome(rand);
    const testId = `bench-t-big-${pad(k, 4)}`;
    const marks = o.perQuestion.map((passed) => Math.round((passed * 50) / 5));
    const total = Math.min(100, marks[0] + marks[1]);
    const createdAt = bigStart + k * 1000;
    const submitted = o.status === "in_progress" ? null : createdAt + 3_000_000;
    participants.push([`bench-p-big-${pad(k, 4)}`, BENCH.bigRoomId, s.id, s.name, s.email, "Basics", o.status === "in_progress" ? "in_progress" : o.status === "disqualified" ? "completed" : o.status, createdAt - 60_000]);
    tests.push([testId, BENCH.bigRoomId, s.id, total, 100, o.status, o.disq, o.status === "completed" ? 1 : 0, o.tabs, submitted, createdAt]);
    if (o.status === "in_progress") continue;
    BENCH.questions.forEach((questionId, n) => {
      const passed = o.perQuestion[n];
      const passedIds = Array.from({ length: passed }, (_, i) => `${questionId}-tc${i + 1}`);
      submissions.push([`bench-sub-${pad(k, 4)}-${n}`, testId, questionId, `Question ${n + 1}`, "print(input()[::-1])\n", "python", passed, 5, Math.round((passed / 5) * 100), marks[n], JSON.stringify(passedIds), submitted]);
    });
  }

  // The rest of the history: 195 rooms over the past year, 100 students each.
  for (let r = 0; r < BENCH.historyRooms; r++) {
    const roomId = `bench-room-${pad(r, 3)}`;
    const start = now - 2 * DAY - Math.floor(((BENCH.historyRooms - r) * 363 * DAY) / BENCH.historyRooms);
    const name = `${COURSES[r % COURSES.length]} ${KINDS[r % KINDS.length]} - section ${r + 1}`;
    const type = r % 4 === 3 ? "mcq" : "coding";
    rooms.push([roomId, name, "Basics", type, "python", 0, 1, 60, start, start + 3_600_000, BENCH.adminId, start - 3_600_000]);
    for (let k = 0; k < BENCH.perHistoryRoom; k++) {
      // A block of 100 consecutive students (mod 2,000): unique within the room.
      const s = students[(r * BENCH.perHistoryRoom + k + BENCH.bigRoomStudents) % BENCH.students];
      const o = outcome(rand);
      const total = type === "mcq" ? 5 * Math.floor(rand() * 21) : Math.min(100, (o.perQuestion[0] + o.perQuestion[1]) * 10);
      const createdAt = start + k * 1000;
      participants.push([`bench-p-${pad(r, 3)}-${pad(k, 3)}`, roomId, s.id, s.name, s.email, "Basics", o.status === "in_progress" ? "in_progress" : "completed", createdAt - 60_000]);
      tests.push([`bench-t-${pad(r, 3)}-${pad(k, 3)}`, roomId, s.id, total, 100, o.status, o.disq, o.status === "completed" ? 1 : 0, o.tabs, o.status === "in_progress" ? null : createdAt + 1_800_000, createdAt]);
    }
  }

  statements.push(
    ...inserts("test_rooms", ["id", "room_name", "category", "question_type", "language", "is_active", "is_enabled", "duration_minutes", "started_at", "ends_at", "created_by", "created_at"], rooms),
    ...inserts("room_questions", ["id", "room_id", "question_id"], BENCH.questions.map((questionId, n) => [`bench-rq-${n}`, BENCH.bigRoomId, questionId])),
    ...inserts("room_participants", ["id", "room_id", "student_id", "full_name", "email", "category", "status", "joined_at"], participants),
    ...inserts("student_tests", ["id", "room_id", "student_id", "total_score", "max_score", "status", "is_disqualified", "is_completed", "tab_switch_count", "submitted_at", "created_at"], tests),
    ...inserts("submissions", ["id", "student_test_id", "question_id", "question_title", "code", "language", "test_cases_passed", "test_cases_total", "score", "marks_obtained", "passed_test_case_ids", "submitted_at"], submissions, 100),
  );
  return {
    sql: statements.join("\n") + "\n",
    counts: {
      students: students.length,
      rooms: rooms.length,
      participants: participants.length,
      tests: tests.length,
      submissions: submissions.length,
      bigRoom: { id: BENCH.bigRoomId, students: BENCH.bigRoomStudents, submissions: submissions.length },
    },
  };
}
