// The one place that names every table. Spec words are kept as table and column
// names (snake_case in SQL); better-auth's four tables come first and its `user`
// doubles as the spec's `profiles` (id, email, full_name = name).
import { sql } from "drizzle-orm";
import { REJUDGE_STATES } from "../../contracts/party-names";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import type { Checker } from "../../contracts/runner.ts";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());
const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const bool = (name: string) => integer(name, { mode: "boolean" });
const ms = (name: string) => integer(name, { mode: "timestamp_ms" });

// ---------------------------------------------------------------- accounts

export const user = sqliteTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: bool("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: ms("updated_at")
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

export const session = sqliteTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: ms("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: ms("updated_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = sqliteTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ms("access_token_expires_at"),
    refreshTokenExpiresAt: ms("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [index("account_user_idx").on(t.userId)],
);

export const verification = sqliteTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ms("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: ms("updated_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const ROLES = ["admin", "student"] as const;
export type Role = (typeof ROLES)[number];

/** spec: user_roles — one row per user. */
export const userRoles = sqliteTable("user_roles", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  role: text("role", { enum: ROLES }).notNull(),
  createdAt: createdAt(),
});

/** How an admin gives a student extra time: minutes, or a percentage of the room's duration (decision 028). */
export const EXTRA_TIME_UNITS = ["minutes", "percent"] as const;
export type ExtraTimeUnit = (typeof EXTRA_TIME_UNITS)[number];

/**
 * A profile-level accommodation (issue 25): extra time for every room this
 * student takes. Applied when their test in a room is created, unless the
 * room's participant row sets its own (decision 028).
 */
export const accommodations = sqliteTable("accommodations", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  unit: text("unit", { enum: EXTRA_TIME_UNITS }).notNull(),
  amount: integer("amount").notNull(),
  reason: text("reason"),
  updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
  updatedAt: ms("updated_at")
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
});

// ---------------------------------------------------------------- question bank

export const LANGUAGES = ["c", "cpp", "python", "java"] as const;
export type Language = (typeof LANGUAGES)[number];
export const QUESTION_TYPES = ["coding", "mcq"] as const;

/** When a room's students see their results (issue 37, decision 041). */
export const RESULTS_RELEASE_MODES = ["immediately", "at", "manual"] as const;
export type ResultsReleaseMode = (typeof RESULTS_RELEASE_MODES)[number];
/** What a student sees of their results once released (decision 041); each hides its part from every response when off. */
export type ReviewOptions = { score: boolean; openCases: boolean; hiddenCases: boolean; mcqRight: boolean; mcqAnswers: boolean };
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const DIFFICULTIES = ["easy", "medium", "hard"] as const;

export const categories = sqliteTable("categories", {
  id: id(),
  name: text("name").notNull().unique(),
  createdAt: createdAt(),
});

export type McqOptions = { options: string[]; correct_index: number };

export const questions = sqliteTable(
  "questions",
  {
    id: id(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    language: text("language", { enum: LANGUAGES }).notNull().default("python"),
    category: text("category").notNull().default("General"),
    difficulty: text("difficulty", { enum: DIFFICULTIES }).notNull().default("medium"),
    type: text("type", { enum: QUESTION_TYPES }).notNull().default("coding"),
    // Secret for students: the options go out, correct_index never does.
    mcqOptions: text("mcq_options", { mode: "json" }).$type<McqOptions>(),
    correctAnswer: text("correct_answer"),
    // Per-question grading (issue 35, decision 038); null is the runner's default limit and the exact check.
    timeLimitMs: integer("time_limit_ms"),
    memoryLimitMb: integer("memory_limit_mb"),
    checker: text("checker", { mode: "json" }).$type<Checker>(),
    // When the cases, their points, the limits or the checker last changed:
    // a submission judged before it may be out of date (the results page's rejudge hint).
    gradingChangedAt: ms("grading_changed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    index("questions_type_language_idx").on(t.type, t.language),
    index("questions_category_type_idx").on(t.category, t.type),
  ],
);

export const testCases = sqliteTable(
  "test_cases",
  {
    id: id(),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    input: text("input").notNull(),
    expectedOutput: text("expected_output").notNull(),
    points: integer("points").notNull().default(10),
    isHidden: bool("is_hidden").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("test_cases_question_idx").on(t.questionId, t.position)],
);

// ---------------------------------------------------------------- test rooms

export const PARTICIPANT_STATUSES = [
  "waiting",
  "testing",
  "in_progress",
  "attempted",
  "completed",
  "removed",
] as const;

export const testRooms = sqliteTable(
  "test_rooms",
  {
    id: id(),
    roomName: text("room_name").notNull(),
    category: text("category").notNull().default("General"),
    otp: text("otp"),
    otpExpiresAt: ms("otp_expires_at"),
    durationMinutes: integer("duration_minutes").notNull().default(60),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id),
    questionType: text("question_type", { enum: QUESTION_TYPES }).notNull(),
    language: text("language", { enum: LANGUAGES }).notNull().default("python"),
    isActive: bool("is_active").notNull().default(false),
    isEnabled: bool("is_enabled").notNull().default(false),
    startedAt: ms("started_at"),
    endsAt: ms("ends_at"),
    // A scheduled start (issue 25): the room's party starts the test at this moment (its alarm).
    scheduledAt: ms("scheduled_at"),
    // Why the last scheduled start did not happen (e.g. the room was disabled), for the admin.
    scheduleError: text("schedule_error"),
    // Secret for students: checked by the server only.
    unlockCode: text("unlock_code"),
    // Each student sees each MCQ question's options in their own stored order (decision 040).
    shuffleOptions: bool("shuffle_options").notNull().default(false),
    // When students see their results (issue 37, decision 041): at once, at results_release_at, or by hand.
    resultsRelease: text("results_release", { enum: RESULTS_RELEASE_MODES }).notNull().default("immediately"),
    resultsReleaseAt: ms("results_release_at"),
    // Set by Release results now, or by the room's alarm at results_release_at; null again on Withdraw release.
    resultsReleasedAt: ms("results_released_at"),
    // What a student sees once released (ReviewOptions as JSON); null is the defaults.
    reviewOptions: text("review_options", { mode: "json" }).$type<ReviewOptions>(),
    // The room's student side opens only in Safe Exam Browser (issue 38, decision 042).
    sebRequired: bool("seb_required").notNull().default(false),
    // Browser Exam Keys allowed (64 hex each); empty: the Config Key alone is checked.
    sebBrowserExamKeys: text("seb_browser_exam_keys", { mode: "json" }).$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index("test_rooms_otp_idx").on(t.otp),
    index("test_rooms_created_idx").on(t.createdAt),
  ],
);

export const roomQuestions = sqliteTable(
  "room_questions",
  {
    id: id(),
    roomId: text("room_id")
      .notNull()
      .references(() => testRooms.id, { onDelete: "cascade" }),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("room_questions_room_question_uq").on(t.roomId, t.questionId)],
);

/**
 * A room's questions come in sections (decision 040): each is "pick N from" a
 * category (`category` set) or a hand-picked list (`room_section_questions`).
 */
export const roomSections = sqliteTable(
  "room_sections",
  {
    id: id(),
    roomId: text("room_id")
      .notNull()
      .references(() => testRooms.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    pick: integer("pick").notNull(),
    category: text("category"),
  },
  (t) => [uniqueIndex("room_sections_room_position_uq").on(t.roomId, t.position)],
);

/** A hand-picked section's questions. */
export const roomSectionQuestions = sqliteTable(
  "room_section_questions",
  {
    sectionId: text("section_id")
      .notNull()
      .references(() => roomSections.id, { onDelete: "cascade" }),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.sectionId, t.questionId] })],
);

export const roomParticipants = sqliteTable(
  "room_participants",
  {
    id: id(),
    roomId: text("room_id")
      .notNull()
      .references(() => testRooms.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    category: text("category").notNull().default("General"),
    status: text("status", { enum: PARTICIPANT_STATUSES }).notNull().default("waiting"),
    joinedAt: ms("joined_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    // Extra time set for this student in this room, before or during the test
    // (decision 028). No unit: the account's accommodation applies, if any.
    extraTimeUnit: text("extra_time_unit", { enum: EXTRA_TIME_UNITS }),
    extraTimeAmount: integer("extra_time_amount"),
    extraTimeReason: text("extra_time_reason"),
    // Allow without SEB (issue 38): an accommodation; seb_exemptions keeps who gave it.
    sebExempt: bool("seb_exempt").notNull().default(false),
  },
  (t) => [
    uniqueIndex("room_participants_room_student_uq").on(t.roomId, t.studentId),
    index("room_participants_student_idx").on(t.studentId),
  ],
);

/** Periods a participant's party connection was down (offline-tolerant client). */
export const participantDisconnects = sqliteTable(
  "participant_disconnects",
  {
    id: id(),
    roomId: text("room_id")
      .notNull()
      .references(() => testRooms.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    startedAt: ms("started_at").notNull(),
    endedAt: ms("ended_at"),
    // The credit that gave this outage back to the student (decision 028): each outage is credited once.
    creditId: text("credit_id").references((): AnySQLiteColumn => studentTimeChanges.id, { onDelete: "set null" }),
  },
  (t) => [index("participant_disconnects_room_student_idx").on(t.roomId, t.studentId)],
);

export const STUDENT_TEST_STATUSES = [
  "in_progress",
  "testing",
  "attempted",
  "completed",
  "disqualified",
] as const;
export const OVERRIDE_STATUSES = ["passed", "failed", "manually_evaluated"] as const;

export const studentTests = sqliteTable(
  "student_tests",
  {
    id: id(),
    roomId: text("room_id")
      .notNull()
      .references(() => testRooms.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    totalScore: integer("total_score").notNull().default(0),
    maxScore: integer("max_score").notNull().default(100),
    status: text("status", { enum: STUDENT_TEST_STATUSES }).notNull().default("in_progress"),
    isDisqualified: bool("is_disqualified").notNull().default(false),
    isCompleted: bool("is_completed").notNull().default(false),
    tabSwitchCount: integer("tab_switch_count").notNull().default(0),
    unlockAttemptsRemaining: integer("unlock_attempts_remaining").notNull().default(3),
    isLocked: bool("is_locked").notNull().default(false),
    // This student's own time, on top of the room's ends_at (decision 028:
    // studentDeadline in app/lib/student-tests/student-time.ts adds them up).
    // The extra time set for them (their accommodation), fixed when the test is created and changed by the admin's Extra time.
    accommodationMs: integer("accommodation_ms").notNull().default(0),
    accommodationReason: text("accommodation_reason"),
    // One-off additions (the room page's "+5 min").
    extraMs: integer("extra_ms").notNull().default(0),
    // Time lost offline and given back (participant_disconnects.credit_id).
    creditedMs: integer("credited_ms").notNull().default(0),
    syncedAfterEnd: bool("synced_after_end").notNull().default(false),
    submittedAt: ms("submitted_at"),
    // The live monitor's grid (issue 12): Run Code and Submit Code presses that
    // reached the runner, and per question the most open cases any of them passed.
    runCount: integer("run_count").notNull().default(0),
    submitCount: integer("submit_count").notNull().default(0),
    openCasesBest: text("open_cases_best", { mode: "json" })
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'`),
    createdAt: createdAt(),
    adminOverrideStatus: text("admin_override_status", { enum: OVERRIDE_STATUSES }),
    adminOverrideScore: integer("admin_override_score"),
    // Started before sections (migration 0019): its draw, when first read, is the
    // one it had then (shuffleFor of the room's questions), not a new one (decision 040).
    legacyDraw: bool("legacy_draw").notNull().default(false),
  },
  (t) => [
    uniqueIndex("student_tests_room_student_uq").on(t.roomId, t.studentId),
    index("student_tests_student_idx").on(t.studentId),
    // The admin's test history lists every test, newest first, a page at a time.
    index("student_tests_created_idx").on(t.createdAt),
  ],
);

/**
 * What each student was given (decision 040): one row per question, in the
 * order they see it. option_order: the shown order of an MCQ question's
 * options as the question's own indices (null: its own order). No foreign key
 * on question_id: a draw is a record, not renumbered when the bank changes.
 */
export const testDraws = sqliteTable(
  "test_draws",
  {
    studentTestId: text("student_test_id")
      .notNull()
      .references(() => studentTests.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    questionId: text("question_id").notNull(),
    sectionId: text("section_id").references(() => roomSections.id, { onDelete: "set null" }),
    optionOrder: text("option_order", { mode: "json" }).$type<number[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.studentTestId, t.position] }),
    uniqueIndex("test_draws_test_question_uq").on(t.studentTestId, t.questionId),
  ],
);

export const STUDENT_TIME_CHANGE_KINDS = ["extra-time", "grant", "outage-credit"] as const;
export type StudentTimeChangeKind = (typeof STUDENT_TIME_CHANGE_KINDS)[number];

/**
 * The trail of every change to one student's time in a room (decision 028):
 * Extra time set (amount_ms: their extra time from then on), "+N min" and
 * outage credits (amount_ms: the time added). Who, when, how much, why. The
 * admin's name is kept as it was, as result_overrides does.
 */
export const studentTimeChanges = sqliteTable(
  "student_time_changes",
  {
    id: id(),
    roomId: text("room_id")
      .notNull()
      .references(() => testRooms.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: STUDENT_TIME_CHANGE_KINDS }).notNull(),
    amountMs: integer("amount_ms").notNull(),
    // What the admin entered for Extra time (minutes or percent).
    unit: text("unit", { enum: EXTRA_TIME_UNITS }),
    amount: integer("amount"),
    reason: text("reason"),
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    adminName: text("admin_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("student_time_changes_room_student_idx").on(t.roomId, t.studentId, t.createdAt)],
);

/** The trail of Allow without SEB in a room (issue 38): who allowed or withdrew it, when. */
export const sebExemptions = sqliteTable(
  "seb_exemptions",
  {
    id: id(),
    roomId: text("room_id")
      .notNull()
      .references(() => testRooms.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    allowed: bool("allowed").notNull(),
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    adminName: text("admin_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("seb_exemptions_room_student_idx").on(t.roomId, t.studentId, t.createdAt)],
);

export const RESULT_OVERRIDES = ["passed", "failed"] as const;

/**
 * The trail of Mark Pass / Mark Fail on the results page: who, when, and the
 * test's score and status just before. The row is written in the same batch
 * as the change, from the row it replaces, so "before" is exact. The admin's
 * name is kept as it was, so the trail survives a rename or a deleted account.
 */
export const resultOverrides = sqliteTable(
  "result_overrides",
  {
    id: id(),
    studentTestId: text("student_test_id")
      .notNull()
      .references(() => studentTests.id, { onDelete: "cascade" }),
    outcome: text("outcome", { enum: RESULT_OVERRIDES }).notNull(),
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    adminName: text("admin_name").notNull(),
    previousStatus: text("previous_status", { enum: STUDENT_TEST_STATUSES }).notNull(),
    previousScore: integer("previous_score").notNull(),
    previousDisqualified: bool("previous_disqualified").notNull(),
    previousOverride: text("previous_override", { enum: OVERRIDE_STATUSES }),
    createdAt: createdAt(),
  },
  (t) => [index("result_overrides_test_idx").on(t.studentTestId, t.createdAt)],
);

export const submissions = sqliteTable(
  "submissions",
  {
    id: id(),
    studentTestId: text("student_test_id")
      .notNull()
      .references(() => studentTests.id, { onDelete: "cascade" }),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    questionTitle: text("question_title").notNull().default(""),
    code: text("code").notNull().default(""),
    language: text("language", { enum: LANGUAGES }).notNull(),
    testCasesPassed: integer("test_cases_passed").notNull().default(0),
    testCasesTotal: integer("test_cases_total").notNull().default(0),
    score: integer("score").notNull().default(0),
    marksObtained: integer("marks_obtained").notNull().default(0),
    passedTestCaseIds: text("passed_test_case_ids", { mode: "json" })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    submittedAt: ms("submitted_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    // When the runner last judged this result (a Submit Code, the journal's queued submit, a rejudge);
    // null for rows judged before migration 0017, which were judged when submitted.
    judgedAt: ms("judged_at"),
    // When an admin last set this result by hand (the evaluate page's Save, Accept, Reject): a rejudge keeps it.
    evaluatedAt: ms("evaluated_at"),
  },
  (t) => [uniqueIndex("submissions_test_question_uq").on(t.studentTestId, t.questionId)],
);

// The party's rejudge-changed event carries these states (decision 047): one list for both.
export { REJUDGE_STATES, type RejudgeState } from "../../contracts/party-names";
/** A rejudge in these states holds its room: one at a time (issue 35, decision 039). */
export const OPEN_REJUDGE_STATES = ["previewing", "ready", "applying"] as const;

/**
 * A rejudge of a room's final submissions (the whole room, or one question):
 * its preview, then its application, and the trail the results page shows.
 * The admin's name and the question's title are kept as they were.
 */
export const rejudges = sqliteTable(
  "rejudges",
  {
    id: id(),
    roomId: text("room_id")
      .notNull()
      .references(() => testRooms.id, { onDelete: "cascade" }),
    // Null: the whole room.
    questionId: text("question_id").references(() => questions.id, { onDelete: "set null" }),
    questionTitle: text("question_title"),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
    state: text("state", { enum: REJUDGE_STATES }).notNull().default("previewing"),
    // Submissions to judge, and judged so far (the progress bar).
    total: integer("total").notNull().default(0),
    done: integer("done").notNull().default(0),
    // Students whose submissions are rejudged, and those whose result changes.
    students: integer("students").notNull().default(0),
    changed: integer("changed").notNull().default(0),
    error: text("error"),
    appliedAt: ms("applied_at"),
    appliedByName: text("applied_by_name"),
  },
  (t) => [
    index("rejudges_room_idx").on(t.roomId, t.createdAt),
    // One open rejudge per room, enforced by the database: a second start fails on this index.
    uniqueIndex("rejudges_one_open_uq")
      .on(t.roomId)
      .where(sql`state in ('previewing', 'ready', 'applying')`),
  ],
);

/**
 * One final submission in a rejudge: its result before (copied when the
 * rejudge starts) and after (null until judged), and whether an override
 * keeps it as it is.
 */
export const rejudgeItems = sqliteTable(
  "rejudge_items",
  {
    id: id(),
    rejudgeId: text("rejudge_id")
      .notNull()
      .references(() => rejudges.id, { onDelete: "cascade" }),
    studentTestId: text("student_test_id")
      .notNull()
      .references(() => studentTests.id, { onDelete: "cascade" }),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    submissionId: text("submission_id")
      .notNull()
      .references(() => submissions.id, { onDelete: "cascade" }),
    // The submission's press time when copied: Apply writes only a submission still the same.
    submittedAt: ms("submitted_at").notNull(),
    oldPassedIds: text("old_passed_ids", { mode: "json" }).$type<string[]>().notNull(),
    newPassedIds: text("new_passed_ids", { mode: "json" }).$type<string[]>(),
    oldMarks: integer("old_marks").notNull(),
    newMarks: integer("new_marks"),
    oldScore: integer("old_score").notNull(),
    newScore: integer("new_score"),
    newCasesTotal: integer("new_cases_total"),
    oldTestScore: integer("old_test_score").notNull(),
    newTestScore: integer("new_test_score"),
    // This submission's result differs (other cases passed, or other marks).
    changed: bool("changed").notNull().default(false),
    // An admin override of the test, or a hand evaluation of this submission: Apply leaves it.
    overrideKept: bool("override_kept").notNull().default(false),
    judgedAt: ms("judged_at"),
  },
  (t) => [
    index("rejudge_items_rejudge_idx").on(t.rejudgeId, t.judgedAt),
    index("rejudge_items_test_idx").on(t.studentTestId),
    // Apply and the preview's totals join items to their submissions.
    index("rejudge_items_submission_idx").on(t.submissionId),
  ],
);

export const liveCodeProgress = sqliteTable(
  "live_code_progress",
  {
    studentTestId: text("student_test_id")
      .notNull()
      .references(() => studentTests.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    code: text("code").notNull().default(""),
    lastUpdated: ms("last_updated")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [primaryKey({ columns: [t.studentTestId, t.questionId] })],
);

export const EVALUATION_STATUSES = ["pending", "approved", "rejected"] as const;

export const evaluationRequests = sqliteTable(
  "evaluation_requests",
  {
    id: id(),
    // One request per test (spec 2 section 4).
    studentTestId: text("student_test_id")
      .notNull()
      .unique()
      .references(() => studentTests.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    status: text("status", { enum: EVALUATION_STATUSES }).notNull().default("pending"),
    createdAt: createdAt(),
    /**
     * Triage on arrival (issue 12): the student's failed cases rerun with
     * lenient comparisons, as JSON (lib/evaluation/triage.ts parses it with
     * zod). Admins only; null for requests filed before it existed.
     */
    triage: text("triage"),
  },
  (t) => [index("evaluation_requests_status_idx").on(t.status, t.createdAt)],
);

/**
 * The evaluator's edited code for one question of a student test, kept beside
 * the student's submission: the student's original is never overwritten, and
 * the evaluation page shows the difference between the two.
 */
export const evaluatorVersions = sqliteTable(
  "evaluator_versions",
  {
    id: id(),
    studentTestId: text("student_test_id")
      .notNull()
      .references(() => studentTests.id, { onDelete: "cascade" }),
    questionId: text("question_id")
      .notNull()
      .references(() => questions.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    adminId: text("admin_id"),
    updatedAt: ms("updated_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("evaluator_versions_test_question_uq").on(t.studentTestId, t.questionId)],
);

/**
 * The server half of the offline journal: every client entry, keyed by its
 * client-generated id so a retry is stored once.
 */
export const journalEntries = sqliteTable(
  "journal_entries",
  {
    id: text("id").primaryKey(),
    studentTestId: text("student_test_id")
      .notNull()
      .references(() => studentTests.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    kind: text("kind").notNull(),
    payload: text("payload", { mode: "json" }).notNull(),
    clientCreatedAt: ms("client_created_at").notNull(),
    receivedAt: ms("received_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    syncedAfterEnd: bool("synced_after_end").notNull().default(false),
    // accepted | rejected (e.g. past the grace window); kept either way for the admin.
    outcome: text("outcome").notNull().default("accepted"),
    // Why it was rejected: a resent entry gets the same answer as the first time.
    reason: text("reason"),
  },
  (t) => [index("journal_entries_test_seq_idx").on(t.studentTestId, t.seq)],
);

/**
 * Accepted code and MCQ-progress entries, packed: the room's Durable Object
 * holds them as they arrive and writes one row per test every
 * JOURNAL_FLUSH_MS (issue 26, decision 031). `entries` is a JSON array of
 * PackedEntry (app/lib/student-tests/code-journal.ts). WITHOUT ROWID (in the
 * migration): one row written per pack.
 */
export const journalPacks = sqliteTable(
  "journal_packs",
  {
    studentTestId: text("student_test_id")
      .notNull()
      .references(() => studentTests.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    entries: text("entries").notNull(),
    entryCount: integer("entry_count").notNull(),
    firstReceivedAt: integer("first_received_at").notNull(),
    lastReceivedAt: integer("last_received_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.studentTestId, t.id] })],
);

/**
 * Every Run Code press that reached the runner (issue 12, the code's history):
 * when the server saw it and how many open cases passed. Run Code is not
 * journaled, so this is its only trace beside student_tests.run_count. Kept
 * to the latest RUN_HISTORY_CAP per test (app/lib/monitor/activity.server.ts).
 */
export const codeRuns = sqliteTable(
  "code_runs",
  {
    // An integer key (SQLite's rowid): insertion order breaks ties between runs of the same millisecond.
    id: integer("id").primaryKey(),
    studentTestId: text("student_test_id")
      .notNull()
      .references(() => studentTests.id, { onDelete: "cascade" }),
    questionId: text("question_id").notNull(),
    passed: integer("passed").notNull(),
    total: integer("total").notNull(),
    // The server's clock: the runner's answer arrived then.
    at: ms("at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [index("code_runs_test_at_idx").on(t.studentTestId, t.at)],
);

// ---------------------------------------------------------------- practice

export const practiceRooms = sqliteTable(
  "practice_rooms",
  {
    id: id(),
    roomName: text("room_name").notNull(),
    otp: text("otp"),
    otpExpiresAt: ms("otp_expires_at"),
    category: text("category").notNull(),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id),
    isActive: bool("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index("practice_rooms_otp_idx").on(t.otp)],
);

export const practiceParticipants = sqliteTable(
  "practice_participants",
  {
    id: id(),
    practiceRoomId: text("practice_room_id")
      .notNull()
      .references(() => practiceRooms.id, { onDelete: "cascade" }),
    studentId: text("student_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    joinedAt: ms("joined_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("practice_participants_room_student_uq").on(t.practiceRoomId, t.studentId)],
);

// ---------------------------------------------------------------- playground

/**
 * Recent playground runs per user, for the per-user run limit
 * (lib/playground/run-limit.server.ts). Only the last window's rows are kept:
 * every run prunes the older ones, so the table stays a few rows long.
 */
export const playgroundRuns = sqliteTable(
  "playground_runs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ranAt: integer("ran_at").notNull(),
  },
  (t) => [index("playground_runs_user_ran_idx").on(t.userId, t.ranAt)],
);

// ---------------------------------------------------------------- LTI 1.3 (decision 025)

/** A required reference that goes with the row it names (a deleted platform takes its courses, links and grades along). */
const owned = (name: string, target: () => AnySQLiteColumn) =>
  text(name)
    .notNull()
    .references(target, { onDelete: "cascade" });

/** A registered LMS (Moodle, Canvas): keyed by issuer + client id, since every hosted Canvas shares one issuer. */
export const ltiPlatforms = sqliteTable(
  "lti_platforms",
  {
    id: id(),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    authLoginUrl: text("auth_login_url").notNull(),
    tokenUrl: text("token_url").notNull(),
    jwksUrl: text("jwks_url").notNull(),
    // Link a first launch to an existing account with the same email (only for an LMS that verifies emails).
    trustEmail: bool("trust_email").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ms("updated_at").notNull(),
  },
  (t) => [uniqueIndex("lti_platforms_issuer_client_uq").on(t.issuer, t.clientId)],
);

export const ltiDeployments = sqliteTable(
  "lti_deployments",
  {
    platformId: owned("platform_id", () => ltiPlatforms.id),
    deploymentId: text("deployment_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.deploymentId] })],
);

/** One OIDC login in flight: `state` and `nonce` unique, used once (an UPDATE … WHERE used_at IS NULL). */
export const ltiStates = sqliteTable(
  "lti_states",
  {
    state: text("state").primaryKey(),
    nonce: text("nonce").notNull().unique(),
    platformId: owned("platform_id", () => ltiPlatforms.id),
    // SHA-256 of the random value in this browser's state cookie.
    browserHash: text("browser_hash").notNull(),
    // The login's own parameters, to start it again in a new window when the frame has no cookies.
    login: text("login", { mode: "json" }).$type<Record<string, string>>().notNull(),
    expiresAt: ms("expires_at").notNull(),
    usedAt: ms("used_at"),
  },
  (t) => [index("lti_states_expires_idx").on(t.expiresAt)],
);

/** An LMS user (platform + sub) and the account it signs in as. */
export const ltiUsers = sqliteTable(
  "lti_users",
  {
    platformId: owned("platform_id", () => ltiPlatforms.id),
    sub: text("sub").notNull(),
    userId: owned("user_id", () => user.id),
    // Null for a learner only known from a roster sync.
    launchedAt: ms("launched_at"),
  },
  (t) => [primaryKey({ columns: [t.platformId, t.sub] }), index("lti_users_user_idx").on(t.userId)],
);

/** A course in an LMS. */
export const ltiContexts = sqliteTable(
  "lti_contexts",
  {
    id: id(),
    platformId: owned("platform_id", () => ltiPlatforms.id),
    contextId: text("context_id").notNull(),
    title: text("title").notNull().default(""),
    membershipsUrl: text("memberships_url"),
  },
  (t) => [uniqueIndex("lti_contexts_platform_context_uq").on(t.platformId, t.contextId)],
);

export const LTI_CONTEXT_ROLES = ["instructor", "learner"] as const;

/** Who is in a course, as the last launch or roster said: an instructor manages the course's rooms only. */
export const ltiContextMembers = sqliteTable(
  "lti_context_members",
  {
    contextId: owned("context_id", () => ltiContexts.id),
    userId: owned("user_id", () => user.id),
    role: text("role", { enum: LTI_CONTEXT_ROLES }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.contextId, t.userId] }), index("lti_context_members_user_idx").on(t.userId)],
);

/** A test room placed in a course by deep linking. */
export const ltiRoomContexts = sqliteTable(
  "lti_room_contexts",
  {
    roomId: owned("room_id", () => testRooms.id),
    contextId: owned("context_id", () => ltiContexts.id),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.contextId] }), index("lti_room_contexts_context_idx").on(t.contextId)],
);

/** An LMS activity that launches a room, with its gradebook column (AGS line item) once a launch has named it. */
export const ltiResourceLinks = sqliteTable(
  "lti_resource_links",
  {
    id: id(),
    platformId: owned("platform_id", () => ltiPlatforms.id),
    resourceLinkId: text("resource_link_id").notNull(),
    contextId: owned("context_id", () => ltiContexts.id),
    roomId: owned("room_id", () => testRooms.id),
    lineItemUrl: text("line_item_url"),
  },
  (t) => [
    uniqueIndex("lti_resource_links_platform_link_uq").on(t.platformId, t.resourceLinkId),
    index("lti_resource_links_room_idx").on(t.roomId),
  ],
);

/** An instructor's deep-linking request, open in our picker until they choose a room. */
export const ltiDeepLinks = sqliteTable("lti_deep_links", {
  id: id(),
  platformId: owned("platform_id", () => ltiPlatforms.id),
  deploymentId: text("deployment_id").notNull(),
  contextId: owned("context_id", () => ltiContexts.id),
  userId: owned("user_id", () => user.id),
  returnUrl: text("return_url").notNull(),
  data: text("data"),
  expiresAt: ms("expires_at").notNull(),
});

export const LTI_GRADE_STATES = ["pending", "sent"] as const;

/** The score the LMS should have for a test and activity, and whether it has it (AGS, retried until sent). */
export const ltiGrades = sqliteTable(
  "lti_grades",
  {
    studentTestId: owned("student_test_id", () => studentTests.id),
    resourceLinkId: owned("resource_link_id", () => ltiResourceLinks.id),
    roomId: owned("room_id", () => testRooms.id),
    sub: text("sub").notNull(),
    scoreGiven: integer("score_given").notNull(),
    scoreMaximum: integer("score_maximum").notNull(),
    gradingProgress: text("grading_progress").notNull(),
    // Of the version to send: strictly increasing per test and activity.
    timestamp: ms("timestamp").notNull(),
    state: text("state", { enum: LTI_GRADE_STATES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: ms("next_attempt_at"),
    lastError: text("last_error"),
    sentAt: ms("sent_at"),
  },
  (t) => [primaryKey({ columns: [t.studentTestId, t.resourceLinkId] }), index("lti_grades_room_idx").on(t.roomId)],
);

/**
 * A verified launch handed to a window of its own: when the LMS's frame may keep
 * cookies but no storage (the offline journal needs IndexedDB), the learner
 * continues in a new window with this single-use, short-lived token (decision 025).
 */
export const ltiHandoffs = sqliteTable(
  "lti_handoffs",
  {
    // SHA-256 of the token: the token itself is only in the learner's page.
    tokenHash: text("token_hash").primaryKey(),
    userId: owned("user_id", () => user.id),
    location: text("location").notNull(),
    expiresAt: ms("expires_at").notNull(),
  },
  (t) => [index("lti_handoffs_expires_idx").on(t.expiresAt)],
);

// ---------------------------------------------------------------- similarity (issue 23, decision 026)

export const SIMILARITY_RUN_STATES = ["done", "stopped"] as const;
export type SimilarityRunState = (typeof SIMILARITY_RUN_STATES)[number];
/** What an analysis compared from earlier rooms (issue 39): how many programs, of how many rooms, and whether the cap cut some. */
export type SimilarityEarlier = { programs: number; rooms: number; capped: boolean };

/**
 * The analysis of a room's question that the page shows: which submissions it
 * saw (so an unchanged set is not analysed again), and whether it finished or
 * was stopped part-way (issue 39: then `pairs_done` of `pairs_total`).
 */
export const similarityRuns = sqliteTable(
  "similarity_runs",
  {
    roomId: owned("room_id", () => testRooms.id),
    questionId: owned("question_id", () => questions.id),
    // The pairs shown are those of this run (similarity_pairs.run_id).
    runId: text("run_id").notNull().default(""),
    // SHA-256 over (test id, code) of every submission analysed, and the engine's version.
    inputHash: text("input_hash").notNull(),
    state: text("state", { enum: SIMILARITY_RUN_STATES }).notNull().default("done"),
    // Candidate pairs compared, of all (null for analyses from before issue 39).
    pairsDone: integer("pairs_done"),
    pairsTotal: integer("pairs_total"),
    submissions: integer("submissions").notNull(),
    skipped: text("skipped", { mode: "json" }).$type<{ testId: string; reason: string }[]>().notNull(),
    notes: text("notes", { mode: "json" }).$type<{ testId: string; note: string }[]>().notNull().default([]),
    // Null: this room's programs only.
    earlier: text("earlier", { mode: "json" }).$type<SimilarityEarlier>(),
    analysedAt: ms("analysed_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.questionId] })],
);

export const SIMILARITY_JOB_STATES = ["running", "failed"] as const;
export type SimilarityJobState = (typeof SIMILARITY_JOB_STATES)[number];

/**
 * An analysis running in the room's Durable Object (issue 39), at most one
 * per question: its progress for the page, or why it failed. Its pairs are
 * staged in similarity_pairs under its run id until it ends.
 */
export const similarityJobs = sqliteTable(
  "similarity_jobs",
  {
    roomId: owned("room_id", () => testRooms.id),
    questionId: owned("question_id", () => questions.id),
    runId: text("run_id").notNull(),
    state: text("state", { enum: SIMILARITY_JOB_STATES }).notNull().default("running"),
    // Candidate pairs compared so far, of `total` (null until the plan is made).
    done: integer("done").notNull().default(0),
    total: integer("total"),
    earlier: bool("earlier").notNull().default(false),
    startedAt: ms("started_at")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
    error: text("error"),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.questionId] })],
);

/** A pair of students whose final code for a question is alike (the run's pairs above the storage floor). */
export const similarityPairs = sqliteTable(
  "similarity_pairs",
  {
    id: id(),
    roomId: owned("room_id", () => testRooms.id),
    questionId: owned("question_id", () => questions.id),
    // The run that found it: the page shows only the run of similarity_runs, never a running one's.
    runId: text("run_id").notNull().default(""),
    // A test of this room, or (comparing with earlier rooms) of an earlier one; never two earlier ones.
    testA: owned("test_a", () => studentTests.id),
    testB: owned("test_b", () => studentTests.id),
    // Per mille (0–1000): similarity, and the share of each program inside a matching fragment.
    similarity: integer("similarity").notNull(),
    coveredA: integer("covered_a").notNull(),
    coveredB: integer("covered_b").notNull(),
    longestFragment: integer("longest_fragment").notNull(),
    fragments: text("fragments", { mode: "json" }).$type<{ a: number[]; b: number[]; tokens: number }[]>().notNull(),
  },
  (t) => [index("similarity_pairs_question_idx").on(t.roomId, t.questionId, t.similarity), index("similarity_pairs_run_idx").on(t.runId, t.similarity)],
);

export const SIMILARITY_VERDICTS = ["confirmed", "dismissed"] as const;

/** An admin's decision on a pair or group, kept as a trail: the latest for the same students stands. */
export const similarityDecisions = sqliteTable(
  "similarity_decisions",
  {
    id: id(),
    roomId: owned("room_id", () => testRooms.id),
    questionId: owned("question_id", () => questions.id),
    // The student tests concerned, sorted and comma-joined.
    members: text("members").notNull(),
    verdict: text("verdict", { enum: SIMILARITY_VERDICTS }).notNull(),
    note: text("note"),
    adminId: text("admin_id"),
    adminName: text("admin_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("similarity_decisions_room_idx").on(t.roomId, t.questionId, t.createdAt)],
);

// ---------------------------------------------------------------- question imports (issue 24, decision 027)

/**
 * An import being uploaded: its questions are staged here, chunk by chunk,
 * and reach the bank in one batch when the admin's last request commits it,
 * or never. A stale one (an admin who left mid-upload) is cleared by the next.
 */
export const questionImports = sqliteTable("question_imports", {
  id: id(),
  adminId: owned("admin_id", () => user.id),
  fileName: text("file_name").notNull(),
  questionCount: integer("question_count").notNull().default(0),
  bytes: integer("bytes").notNull().default(0),
  createdAt: createdAt(),
});

/** A staged question: the bank's row as it will be written (`replace`: it overwrites the bank's `target_id`). */
export const questionImportItems = sqliteTable(
  "question_import_items",
  {
    importId: owned("import_id", () => questionImports.id),
    position: integer("position").notNull(),
    targetId: text("target_id").notNull(),
    replace: bool("replace").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    language: text("language", { enum: LANGUAGES }).notNull(),
    category: text("category").notNull(),
    difficulty: text("difficulty", { enum: DIFFICULTIES }).notNull(),
    type: text("type", { enum: QUESTION_TYPES }).notNull(),
    mcqOptions: text("mcq_options", { mode: "json" }).$type<McqOptions>(),
    correctAnswer: text("correct_answer"),
    // A coding question's own grading from the file (issue 35), as on questions.
    timeLimitMs: integer("time_limit_ms"),
    memoryLimitMb: integer("memory_limit_mb"),
    checker: text("checker", { mode: "json" }).$type<Checker>(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.position] })],
);

/** A staged test case of the staged question at `item_position`. */
export const questionImportCases = sqliteTable(
  "question_import_cases",
  {
    id: text("id").primaryKey(),
    importId: owned("import_id", () => questionImports.id),
    itemPosition: integer("item_position").notNull(),
    input: text("input").notNull(),
    expectedOutput: text("expected_output").notNull(),
    points: integer("points").notNull(),
    isHidden: bool("is_hidden").notNull(),
    position: integer("position").notNull(),
  },
  (t) => [index("question_import_cases_item_idx").on(t.importId, t.itemPosition)],
);
