import { describe, expect, it } from "vitest";
import { LIMITS } from "../../app/lib/rate-limits/limits.ts";
import { attackOnCode, CODE_SPACE, expectedGuesses, guessesIn, humanDuration } from "./guessing-math.ts";

const HOUR = 3_600_000;

describe("guessing arithmetic", () => {
  it("a code replaced faster than it can be searched needs about the whole space; a long-lived one about half", () => {
    expect(expectedGuesses(1)).toBe(CODE_SPACE);
    expect(expectedGuesses(CODE_SPACE)).toBe((CODE_SPACE + 1) / 2);
    expect(expectedGuesses(10 * CODE_SPACE)).toBe((CODE_SPACE + 1) / 2);
    expect(expectedGuesses(7200)).toBeCloseTo(CODE_SPACE - 3599.5);
  });

  it("a student gets 5 wrong codes a minute through the limit, sustained", () => {
    expect(guessesIn(LIMITS["join-code:student"], 60_000)).toBe(5);
    expect(guessesIn(LIMITS["join-code:student"], 24 * HOUR) / (24 * 60)).toBeCloseTo(5, 1);
  });

  it("an account gets 5 wrong passwords, then 5 per lockout of 1, 2, 4, 8, 15 minutes", () => {
    // 0, 1, 3, 7, 15 min: five rounds start within the first 15 minutes and a bit.
    expect(guessesIn(LIMITS["sign-in:account"], 16 * 60_000)).toBe(25);
    // Then one round each 15 minutes: about 20 an hour.
    const day = guessesIn(LIMITS["sign-in:account"], 24 * HOUR);
    expect(day).toBeGreaterThan(20 * 23);
    expect(day).toBeLessThan(20 * 25);
  });

  it("attacks at 5 a minute: 1 client vs 100, a 30-second code vs a 24-hour one", () => {
    const one = attackOnCode(5, 1, 30_000);
    expect(one.guessesPerCodeLifetime).toBe(2.5);
    expect(one.expectedTimeMs / (86_400_000)).toBeCloseTo(125, 0);
    const hundredPractice = attackOnCode(5, 100, 24 * HOUR);
    expect(hundredPractice.guessesPerCodeLifetime).toBe(720_000);
    expect(hundredPractice.chancePerCode).toBe(0.8);
    expect(hundredPractice.expectedGuesses).toBe(540_001);
    expect(hundredPractice.expectedTime).toBe("18.0 h");
  });

  it("writes durations for people", () => {
    expect([5_000, 600_000, 36_000_000, 5 * 86_400_000, 3 * 365 * 86_400_000].map(humanDuration)).toEqual([
      "5.0 s",
      "10.0 min",
      "10.0 h",
      "5.0 days",
      "3.0 years",
    ]);
  });
});
