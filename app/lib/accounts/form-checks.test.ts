import { describe, expect, it } from "vitest";
import { loginError, signUpError } from "./form-checks";
import { firstError, LoginSchema, SignUpSchema } from "./validation";

const emails = ["a@b.co", "  a@b.co  ", "", "a", "a@b", ".a@b.co", "a..b@c.co", "a@b.c", `${"x".repeat(250)}@b.co`, `${"x".repeat(300)}`, "ü@b.co", "a+b@sub.example.org"];
const passwords = ["", "1234567", "12345678", "x".repeat(128), "x".repeat(129)];
const names = ["", " a ", "ab", "  Ann  ", "x".repeat(100), "x".repeat(101)];

describe("the sign-in page's checks agree with the zod schemas", () => {
  it("sign-in", () => {
    for (const email of [...emails, undefined]) {
      for (const password of [...passwords, undefined]) {
        const values = { email, password };
        expect(loginError(values), JSON.stringify(values)).toBe(firstError(LoginSchema, values));
      }
    }
  });

  it("sign-up", () => {
    for (const fullName of [...names, undefined]) {
      for (const email of ["a@b.co", "bad", `${"x".repeat(250)}@b.co`]) {
        for (const password of ["", "12345678", "x".repeat(129)]) {
          for (const extra of [{}, { asAdmin: "on", adminCode: "c" }]) {
            const values = { fullName, email, password, ...extra };
            expect(signUpError(values), JSON.stringify(values)).toBe(firstError(SignUpSchema, values));
          }
        }
      }
    }
  });
});
