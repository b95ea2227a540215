import { describe, expect, it } from "vitest";
import { generateOtp, otpField, OTP_PATTERN } from "./otp";

describe("generateOtp", () => {
  it("gives 6 digits from 100000 to 999999", () => {
    for (let i = 0; i < 2000; i++) {
      const otp = generateOtp();
      expect(otp).toMatch(OTP_PATTERN);
      expect(Number(otp)).toBeGreaterThanOrEqual(100_000);
      expect(Number(otp)).toBeLessThanOrEqual(999_999);
    }
  });
});

describe("otpField", () => {
  it("accepts exactly 6 digits (trimmed) and answers the spec's message otherwise", () => {
    expect(otpField.parse(" 123456 ")).toBe("123456");
    for (const bad of ["12345", "1234567", "12a456", "", undefined]) {
      const result = otpField.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("Please enter a valid 6-digit OTP");
    }
  });
});
