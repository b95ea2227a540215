import { describe, expect, it } from "vitest";
import { crossedWarning } from "./time-warnings";

describe("crossedWarning", () => {
  it("announces 5 minutes, 1 minute and time up as the clock crosses them", () => {
    expect(crossedWarning(301, 300)).toBe("5 minutes remaining");
    expect(crossedWarning(61, 60)).toBe("1 minute remaining");
    expect(crossedWarning(1, 0)).toBe("Time is up");
  });

  it("says nothing between the marks, on the first reading or when the time grows (extended)", () => {
    expect(crossedWarning(300, 299)).toBeNull();
    expect(crossedWarning(null, 60)).toBeNull();
    expect(crossedWarning(59, 600)).toBeNull();
    expect(crossedWarning(0, 0)).toBeNull();
  });

  it("picks the most urgent when a throttled tab skipped several", () => {
    expect(crossedWarning(400, 30)).toBe("1 minute remaining");
    expect(crossedWarning(400, 0)).toBe("Time is up");
  });

  it("leaves out what the page announces itself", () => {
    expect(crossedWarning(301, 299, [300])).toBeNull();
    expect(crossedWarning(400, 30, [300])).toBe("1 minute remaining");
  });
});
