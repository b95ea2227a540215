import { describe, expect, it } from "vitest";
import { analysingText, paceFromEnv, stoppedText } from "./analysis";

describe("an analysis's progress, as the page says it", () => {
  it("counts pairs with thousands separators, and says when it is still preparing", () => {
    expect(analysingText(1200, 124_750)).toBe("Analysing: 1,200 of 124,750 pairs");
    expect(analysingText(0, null)).toBe("Analysing: preparing the programs");
    expect(stoppedText(6, 28)).toBe("The analysis was stopped at 6 of 28 pairs");
  });
});

describe("the pace a browser test sets", () => {
  it("takes positive whole numbers and ignores anything else", () => {
    expect(paceFromEnv({})).toBeNull();
    expect(paceFromEnv({ SIMILARITY_STEP_PAIRS: "1", SIMILARITY_TICK_MS: "2000" })).toEqual({ maxSlice: 1, tickMs: 2000 });
    expect(paceFromEnv({ SIMILARITY_STEP_PAIRS: "0", SIMILARITY_TICK_MS: "1.5" })).toBeNull();
    expect(paceFromEnv({ SIMILARITY_STEP_PAIRS: "x", SIMILARITY_TICK_MS: "500" })).toEqual({ maxSlice: undefined, tickMs: 500 });
  });
});
