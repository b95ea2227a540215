import { describe, expect, it } from "vitest";
import {
  applyResultsView,
  averageScore,
  DEFAULT_VIEW,
  formatDuration,
  notGiven,
  parseResultsView,
  resultBadge,
  resultsCsvRows,
  roomResultsBadge,
  viewSearch,
  type ResultRow,
} from "./results-view";

let n = 0;
function row(over: Partial<ResultRow>): ResultRow {
  n++;
  return {
    participantId: `p${n}`,
    studentId: `s${n}`,
    testId: `t${n}`,
    name: `Student ${n}`,
    email: `s${n}@example.edu`,
    status: "completed",
    isDisqualified: false,
    totalScore: 0,
    maxScore: 100,
    tabSwitchCount: 0,
    timeTakenMs: null,
    offlineMs: 0,
    offlineNow: false,
    syncedAfterEnd: false,
    extraTime: [],
    overrideStatus: null,
    trail: [],
    marks: {},
    questions: [],
    ...over,
  };
}

describe("labels", () => {
  it("results badge of a room: Active, Ended when ends_at is past, Scheduled otherwise", () => {
    expect(roomResultsBadge({ isActive: true, endsAt: 1 }, 10)).toBe("Active");
    expect(roomResultsBadge({ isActive: false, endsAt: 5 }, 10)).toBe("Ended");
    expect(roomResultsBadge({ isActive: false, endsAt: 50 }, 10)).toBe("Scheduled");
    expect(roomResultsBadge({ isActive: false, endsAt: null }, 10)).toBe("Scheduled");
  });

  it("the admin badge, or Not started before launch", () => {
    expect(resultBadge({ status: null, isDisqualified: false, totalScore: null }).label).toBe("Not started");
    expect(resultBadge({ status: "completed", isDisqualified: true, totalScore: 100 }).label).toBe("Disqualified");
    expect(resultBadge({ status: "attempted", isDisqualified: false, totalScore: 50 }).label).toBe("Attempted");
  });

  it("average: sum of total_score over participants, rounded; not started counts 0", () => {
    expect(averageScore([100, 50])).toBe(75);
    expect(averageScore([100, 50, null])).toBe(50);
    expect(averageScore([1, 0])).toBe(1);
    expect(averageScore([])).toBe(0);
  });

  it("durations", () => {
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(400)).toBe("0s");
    expect(formatDuration(45_000)).toBe("45s");
    expect(formatDuration(725_000)).toBe("12m 05s");
    expect(formatDuration(3_725_000)).toBe("1h 02m 05s");
  });
});

describe("the view in the URL", () => {
  it("parses known values and falls back on anything else", () => {
    expect(parseResultsView(new URLSearchParams("status=disqualified&score=near&sort=score-desc&q=%20ada%20"))).toEqual({
      status: "disqualified",
      score: "near",
      sort: "score-desc",
      q: "ada",
    });
    expect(parseResultsView(new URLSearchParams("status=drop table&sort=;"))).toEqual(DEFAULT_VIEW);
    expect(parseResultsView(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toHaveLength(100);
  });

  it("writes only what differs from the default", () => {
    expect(viewSearch(DEFAULT_VIEW)).toBe("");
    expect(viewSearch({ ...DEFAULT_VIEW, sort: "score-asc", q: "a b" })).toBe("?sort=score-asc&q=a+b");
  });
});

describe("applyResultsView", () => {
  const ada = row({ name: "Ada", email: "ada@x.edu", totalScore: 100, timeTakenMs: 5000, tabSwitchCount: 1 });
  const bo = row({ name: "bo", email: "bo@x.edu", status: "attempted", totalScore: 95, timeTakenMs: 3000, tabSwitchCount: 2 });
  const cy = row({ name: "Cy", email: "cy@x.edu", status: "completed", isDisqualified: true, totalScore: 40 });
  const di = row({ name: "Di", email: "di@x.edu", testId: null, status: null, totalScore: null });
  const all = [di, cy, bo, ada];

  it("sorts by name by default, case-insensitively", () => {
    expect(applyResultsView(all, DEFAULT_VIEW).map((r) => r.name)).toEqual(["Ada", "bo", "Cy", "Di"]);
  });

  it("sorts by score either way and by time taken, missing values last", () => {
    expect(applyResultsView(all, { ...DEFAULT_VIEW, sort: "score-desc" }).map((r) => r.name)).toEqual(["Ada", "bo", "Cy", "Di"]);
    expect(applyResultsView(all, { ...DEFAULT_VIEW, sort: "score-asc" }).map((r) => r.name)).toEqual(["Cy", "bo", "Ada", "Di"]);
    expect(applyResultsView(all, { ...DEFAULT_VIEW, sort: "time-taken" }).map((r) => r.name)).toEqual(["bo", "Ada", "Cy", "Di"]);
    expect(applyResultsView(all, { ...DEFAULT_VIEW, sort: "tab-switches" }).map((r) => r.name)).toEqual(["bo", "Ada", "Cy", "Di"]);
  });

  it("filters by status group, score band and text", () => {
    expect(applyResultsView(all, { ...DEFAULT_VIEW, status: "disqualified" }).map((r) => r.name)).toEqual(["Cy"]);
    expect(applyResultsView(all, { ...DEFAULT_VIEW, status: "completed" }).map((r) => r.name)).toEqual(["Ada"]);
    expect(applyResultsView(all, { ...DEFAULT_VIEW, status: "not_started" }).map((r) => r.name)).toEqual(["Di"]);
    expect(applyResultsView(all, { ...DEFAULT_VIEW, score: "near" }).map((r) => r.name)).toEqual(["bo"]);
    expect(applyResultsView(all, { ...DEFAULT_VIEW, score: "pass" }).map((r) => r.name)).toEqual(["Ada"]);
    expect(applyResultsView(all, { ...DEFAULT_VIEW, score: "below" }).map((r) => r.name)).toEqual(["Cy"]);
    expect(applyResultsView(all, { ...DEFAULT_VIEW, q: "CY@" }).map((r) => r.name)).toEqual(["Cy"]);
    // A LIKE wildcard is just a character here.
    expect(applyResultsView(all, { ...DEFAULT_VIEW, q: "%" })).toEqual([]);
  });
});

describe("resultsCsvRows", () => {
  it("one row per student with the override trail and marks per question of the room", () => {
    const failed = row({
      name: "Ada",
      email: "ada@x.edu",
      status: "completed",
      isDisqualified: true,
      totalScore: 50,
      tabSwitchCount: 2,
      timeTakenMs: 725_000,
      offlineMs: 65_000,
      syncedAfterEnd: true,
      overrideStatus: "failed",
      trail: [{ outcome: "failed", adminName: "Ann Admin", at: Date.UTC(2026, 10, 23, 10, 2), previousScore: 50, previousStatus: "attempted", previousDisqualified: false }],
      marks: { q1: 50 },
      questions: ["q1", "q2"],
    });
    const waiting = row({ name: "Bo", email: "bo@x.edu", testId: null, status: null, totalScore: null });
    const [header, first, second] = resultsCsvRows(
      [
        { id: "q1", title: "Reverse a String" },
        { id: "q2", title: "Count Vowels" },
      ],
      [failed, waiting],
    );
    expect(header).toEqual([
      "Name",
      "Email",
      "Score",
      "Status",
      "Override",
      "Override by",
      "Override at (UTC)",
      "Score before override",
      "Status before override",
      "Tab switches",
      "Time taken",
      "Offline time",
      "Synced after end",
      "Questions",
      "Q1 marks: Reverse a String",
      "Q2 marks: Count Vowels",
    ]);
    expect(first).toEqual([
      "Ada",
      "ada@x.edu",
      "50",
      "Disqualified",
      "Failed",
      "Ann Admin",
      "2026-11-23T10:02:00.000Z",
      "50",
      "attempted",
      "2",
      "12m 05s",
      "1m 05s",
      "Yes",
      "Reverse a String; Count Vowels",
      "50",
      "",
    ]);
    expect(second).toEqual(["Bo", "bo@x.edu", "—", "Not started", "", "", "", "", "", "—", "—", "—", "No", "", "", ""]);
  });

  it("lists each student's own questions in their order, and leaves the marks of a question they were not given empty", () => {
    const questions = [
      { id: "a", title: "Arrays 1" },
      { id: "b", title: "Basics 1" },
      { id: "c", title: "Basics 2" },
    ];
    const ann = row({ name: "Ann", questions: ["c", "a"], marks: { a: 5, c: 0 } });
    const ben = row({ name: "Ben", questions: ["b", "a"], marks: { a: 0, b: 5 } });
    // Still taking the test: given both, nothing submitted yet.
    const cy = row({ name: "Cy", status: "in_progress", questions: ["a", "b"] });
    const [header, ...body] = resultsCsvRows(questions, [ann, ben, cy]);
    expect(header!.slice(13)).toEqual(["Questions", "Q1 marks: Arrays 1", "Q2 marks: Basics 1", "Q3 marks: Basics 2"]);
    expect(body.map((r) => r.slice(13))).toEqual([
      ["Basics 2; Arrays 1", "5", "", "0"],
      ["Basics 1; Arrays 1", "0", "5", ""],
      ["Arrays 1; Basics 1", "", "", ""],
    ]);
    expect([notGiven(ann, "b"), notGiven(ann, "a"), notGiven(row({}), "a")]).toEqual([true, false, false]);
  });
});
