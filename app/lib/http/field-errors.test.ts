import { describe, expect, it } from "vitest";
import { z } from "zod";
import { issuesOf } from "~/components/use-validate-on-submit";
import { loginIssues } from "~/lib/accounts/form-checks";
import { LoginSchema, SignUpSchema } from "~/lib/accounts/validation";
import { CreateRoomSchema } from "~/lib/rooms/room-validation";
import { CodingQuestionSchema, MSG_EXACTLY_FIVE, MSG_FILL_ALL } from "~/lib/questions/question-validation";
import { answeredFieldErrors, errorsByField, fieldIssue, firstFieldIssue, stillFailing, stillFailingField } from "./field-errors";
import { FormError, schemaError } from "./forms.server";

describe("issues keyed by field", () => {
  it("a zod issue belongs to the first key of its path; one without a path to no field", () => {
    expect(fieldIssue({ message: "m", path: ["email"] })).toEqual({ message: "m", field: "email" });
    expect(fieldIssue({ message: "m", path: ["testCases", 2, "input"] })).toEqual({ message: "m", field: "testCases" });
    expect(fieldIssue({ message: "m", path: [] })).toEqual({ message: "m" });
    expect(fieldIssue({ message: "m" })).toEqual({ message: "m" });
  });

  it("keeps each field's first message, in the order the rules failed, and leaves out what belongs to no field", () => {
    const errors = errorsByField([
      { message: "first of b", path: ["b"] },
      { message: "no field", path: [] },
      { message: "a", field: "a" },
      { message: "second of b", path: ["b"] },
    ]);
    expect(errors).toEqual({ b: "first of b", a: "a" });
    expect(Object.keys(errors)).toEqual(["b", "a"]);
  });

  it("a sign-up with every field wrong shows each field's message, the first toasted", () => {
    const values = { fullName: "a", email: "nope", password: "short" };
    const issues = issuesOf(SignUpSchema, values);
    expect(issues[0]).toEqual({ message: "Name must be at least 2 characters", field: "fullName" });
    expect(errorsByField(issues)).toEqual({
      fullName: "Name must be at least 2 characters",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
    });
  });

  it("reads a hand-written check's message, field issue or list the same way", () => {
    expect(issuesOf(() => "Just a message", {})).toEqual([{ message: "Just a message" }]);
    expect(issuesOf(() => ({ field: "otp", message: "Bad code" }), {})).toEqual([{ field: "otp", message: "Bad code" }]);
    expect(issuesOf(loginIssues, { email: "x", password: "" })).toEqual([
      { field: "email", message: "Invalid email address" },
      { field: "password", message: "Password must be at least 8 characters" },
    ]);
    expect(issuesOf(loginIssues, { email: "a@b.co", password: "12345678" })).toEqual([]);
    expect(issuesOf(LoginSchema, { email: "a@b.co", password: "12345678" })).toEqual([]);
  });

  it("the room form's shared message sits under the first field that lacks a value", () => {
    const base = { questionType: "coding", durationMinutes: "60" };
    expect(issuesOf(CreateRoomSchema, { ...base, roomName: "", category: "" })[0]).toEqual({
      message: "Please fill all fields and select a category",
      field: "roomName",
    });
    expect(issuesOf(CreateRoomSchema, { ...base, roomName: "Midterm", category: "" })[0]?.field).toBe("category");
    expect(errorsByField(issuesOf(CreateRoomSchema, { ...base, roomName: "Midterm", category: "General", durationMinutes: "0" }))).toEqual({
      durationMinutes: "Duration must be at least 1 minute",
    });
  });

  it("a test case's issue belongs to the test cases", () => {
    const cases = [{ input: "", expectedOutput: "1" }, ...Array.from({ length: 4 }, () => ({ input: "1", expectedOutput: "1" }))];
    const values = { title: "T", description: "D", testCases: JSON.stringify(cases) };
    expect(errorsByField(issuesOf(CodingQuestionSchema, values))).toEqual({ testCases: MSG_FILL_ALL });
    expect(errorsByField(issuesOf(CodingQuestionSchema, { title: "T", description: "D", testCases: "[]" }))).toEqual({
      testCases: MSG_EXACTLY_FIVE,
    });
  });
});

describe("what stays shown as the user edits", () => {
  const shown = { email: "Invalid email address", password: "Password must be at least 8 characters" };

  it("a fixed field clears, a still-wrong one takes its current message, no new field appears", () => {
    expect(stillFailing(shown, { password: "Password too long", fullName: "Name too long" })).toEqual({ password: "Password too long" });
    expect(stillFailing(shown, {})).toEqual({});
  });

  it("returns what was shown when nothing changed (no re-render)", () => {
    expect(stillFailing(shown, { ...shown })).toBe(shown);
    expect(stillFailingField(shown, { ...shown }, "email")).toBe(shown);
    expect(stillFailingField(shown, {}, "fullName")).toBe(shown);
  });

  it("editing one field re-checks only that field (an error the server gave clears when the browser's check passes)", () => {
    expect(stillFailingField(shown, {}, "email")).toEqual({ password: shown.password });
    expect(stillFailingField({ otp: "Invalid or expired OTP" }, {}, "otp")).toEqual({});
    expect(stillFailingField(shown, { email: "Email too long" }, "email")).toEqual({ ...shown, email: "Email too long" });
  });
});

describe("the action's answer", () => {
  it("a failure with a field shows under it; a success, no answer or a failure of no field shows nothing", () => {
    expect(answeredFieldErrors({ ok: false, error: "Invalid or expired OTP", field: "otp" })).toEqual({ otp: "Invalid or expired OTP" });
    expect(answeredFieldErrors({ error: "Invalid admin secret code", field: "adminCode" })).toEqual({ adminCode: "Invalid admin secret code" });
    expect(answeredFieldErrors({ ok: false, error: "Failed to create room" })).toEqual({});
    expect(answeredFieldErrors({ ok: true, message: "Room created successfully", field: "x" })).toEqual({});
    expect(answeredFieldErrors(undefined)).toEqual({});
  });

  it("a failed parse answers its first message under its field, and the first issue without a path under none", () => {
    const login = LoginSchema.safeParse({ email: "a@b.co", password: "x" });
    expect(login.success).toBe(false);
    const error = schemaError(login.error!);
    expect(error).toBeInstanceOf(FormError);
    expect([error.message, error.status, error.field]).toEqual(["Password must be at least 8 characters", 400, "password"]);
    const whole = z.object({}).refine(() => false, "Whole form").safeParse({});
    expect(schemaError(whole.error!).field).toBeUndefined();
    expect(firstFieldIssue([])).toBeNull();
  });
});
