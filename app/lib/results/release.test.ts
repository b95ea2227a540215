import { describe, expect, it } from "vitest";
import { DEFAULT_REVIEW, FULL_SIGHT, isReleased, RELEASE_MESSAGES, releaseDueAt, releasedAt, releaseSettingsSchema, reviewOptions, studentSight, type ReleaseRoom } from "./release";

const NOW = Date.UTC(2026, 10, 28, 14, 0);
const room = (over: Partial<ReleaseRoom> = {}): ReleaseRoom => ({ resultsRelease: "immediately", resultsReleaseAt: null, resultsReleasedAt: null, reviewOptions: null, ...over });

describe("releasedAt", () => {
  it("immediately is always released; by hand only once marked; at a time once the time has passed, marked or not", () => {
    expect(releasedAt(room(), NOW)).toBe(0);
    expect(releasedAt(room({ resultsRelease: "manual" }), NOW)).toBeNull();
    expect(releasedAt(room({ resultsRelease: "manual", resultsReleasedAt: NOW - 5 }), NOW)).toBe(NOW - 5);
    expect(releasedAt(room({ resultsRelease: "at", resultsReleaseAt: NOW + 1 }), NOW)).toBeNull();
    expect(releasedAt(room({ resultsRelease: "at", resultsReleaseAt: new Date(NOW) }), NOW)).toBe(NOW);
    expect(releasedAt(room({ resultsRelease: "at", resultsReleaseAt: NOW + 60_000, resultsReleasedAt: NOW - 1 }), NOW)).toBe(NOW - 1);
    expect(isReleased(room({ resultsRelease: "at", resultsReleaseAt: null }), NOW)).toBe(false);
  });

  it("the alarm is due for an 'at' release not yet marked, and for nothing else", () => {
    expect(releaseDueAt(room({ resultsRelease: "at", resultsReleaseAt: NOW + 10 }))).toBe(NOW + 10);
    expect(releaseDueAt(room({ resultsRelease: "at", resultsReleaseAt: NOW + 10, resultsReleasedAt: NOW }))).toBeNull();
    expect(releaseDueAt(room({ resultsRelease: "manual" }))).toBeNull();
    expect(releaseDueAt(room())).toBeNull();
  });
});

describe("studentSight", () => {
  it("shows nothing before release, and the review options after", () => {
    const held = studentSight(room({ resultsRelease: "manual", reviewOptions: { mcqAnswers: true } }), NOW);
    expect(held).toEqual({ released: false, score: false, openCases: false, hiddenCases: false, mcqRight: false, mcqAnswers: false });
    expect(studentSight(room(), NOW)).toEqual({ released: true, ...DEFAULT_REVIEW });
    expect(studentSight(room({ reviewOptions: { hiddenCases: false, mcqAnswers: true } }), NOW)).toEqual({ ...DEFAULT_REVIEW, released: true, hiddenCases: false, mcqAnswers: true });
    expect(Object.values(FULL_SIGHT).every(Boolean)).toBe(true);
  });

  it("fills review options the room never set with the defaults (score, open, hidden, MCQ right on; answers off)", () => {
    expect(reviewOptions(room())).toEqual({ score: true, openCases: true, hiddenCases: true, mcqRight: true, mcqAnswers: false });
  });
});

describe("releaseSettingsSchema", () => {
  const parse = (input: Record<string, string>) => releaseSettingsSchema(NOW).safeParse(input);
  it("takes a mode, an 'at' time and the review checkboxes (absent is off)", () => {
    const r = parse({ resultsRelease: "at", resultsReleaseAt: new Date(NOW + 3_600_000).toISOString(), score: "on", hiddenCases: "on" });
    expect(r.success && r.data).toEqual({
      resultsRelease: "at",
      resultsReleaseAt: NOW + 3_600_000,
      reviewOptions: { score: true, openCases: false, hiddenCases: true, mcqRight: false, mcqAnswers: false },
    });
    const manual = parse({ resultsRelease: "manual", resultsReleaseAt: "garbage" });
    expect(manual.success && manual.data.resultsReleaseAt).toBeNull();
  });

  it("refuses an unknown mode, a missing, unreadable or too distant time, and an over-long field", () => {
    const first = (input: Record<string, string>) => {
      const r = parse(input);
      return r.success ? null : r.error.issues[0]!.message;
    };
    expect(first({ resultsRelease: "whenever" })).toBe(RELEASE_MESSAGES.mode);
    expect(first({ resultsRelease: "at" })).toBe(RELEASE_MESSAGES.at);
    expect(first({ resultsRelease: "at", resultsReleaseAt: "tomorrow-ish" })).toBe(RELEASE_MESSAGES.atInvalid);
    expect(first({ resultsRelease: "at", resultsReleaseAt: new Date(NOW + 400 * 86_400_000).toISOString() })).toBe(RELEASE_MESSAGES.tooFar);
    expect(first({ resultsRelease: "at", resultsReleaseAt: "x".repeat(41) })).toBe(RELEASE_MESSAGES.atInvalid);
  });
});
