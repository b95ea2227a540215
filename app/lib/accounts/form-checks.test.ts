import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { errorsByField, fieldIssue } from "~/lib/http/field-errors";
import { loginIssues, signUpIssues } from "./form-checks";
import { LoginSchema, SignUpSchema } from "./validation";

/** What the browser shows for these values with a schema: the first issue (toasted) and each field's first message. */
function fromSchema(schema: z.ZodTypeAny, values: unknown) {
  const result = schema.safeParse(values);
  const issues = result.success ? [] : result.error.issues.map(fieldIssue);
  return { first: issues[0] ?? null, byField: errorsByField(issues) };
}

function fromCheck(issues: { field?: string; message: string }[]) {
  return { first: issues[0] ?? null, byField: errorsByField(issues) };
}

const emails = ["a@b.co", "  a@b.co  ", "", "a", "a@b", ".a@b.co", "a..b@c.co", "a@b.c", `${"x".repeat(250)}@b.co`, `${"x".repeat(300)}`, "ü@b.co", "a+b@sub.example.org"];
const passwords = ["", "1234567", "12345678", "x".repeat(128), "x".repeat(129)];
const names = ["", " a ", "ab", "  Ann  ", "x".repeat(100), "x".repeat(101)];

describe("the sign-in page's checks agree with the zod schemas", () => {
  it("sign-in", () => {
    for (const email of [...emails, undefined]) {
      for (const password of [...passwords, undefined]) {
        const values = { email, password };
        expect(fromCheck(loginIssues(values)), JSON.stringify(values)).toEqual(fromSchema(LoginSchema, values));
      }
    }
  });

  it("sign-up", () => {
    for (const fullName of [...names, undefined]) {
      for (const email of ["a@b.co", "bad", `${"x".repeat(250)}@b.co`]) {
        for (const password of ["", "12345678", "x".repeat(129)]) {
          for (const extra of [{}, { asAdmin: "on", adminCode: "c" }]) {
            const values = { fullName, email, password, ...extra };
            expect(fromCheck(signUpIssues(values)), JSON.stringify(values)).toEqual(fromSchema(SignUpSchema, values));
          }
        }
      }
    }
  });
});
