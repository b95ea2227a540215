import { describe, expect, it } from "vitest";
import { firstError, LoginSchema, SignUpSchema } from "./validation";

const validSignUp = { fullName: "Ada Lovelace", email: "ada@example.edu", password: "password123" };

describe("LoginSchema", () => {
  it("accepts a valid login and trims the email", () => {
    expect(LoginSchema.parse({ email: "  ada@example.edu ", password: "password123" }).email).toBe("ada@example.edu");
  });

  it.each([
    [{ email: "ada", password: "password123" }, "Invalid email address"],
    [{ email: "", password: "password123" }, "Invalid email address"],
    [{ password: "password123" }, "Invalid email address"],
    [{ email: "ada@example.edu", password: "1234567" }, "Password must be at least 8 characters"],
    [{ email: "ada@example.edu", password: "x".repeat(129) }, "Password too long"],
    [{ email: "ada@example.edu" }, "Password must be at least 8 characters"],
  ])("gives the spec message for %o", (value, message) => {
    expect(firstError(LoginSchema, value)).toBe(message);
  });

  it("accepts the boundary lengths 8 and 128", () => {
    expect(firstError(LoginSchema, { email: "a@b.co", password: "x".repeat(8) })).toBeNull();
    expect(firstError(LoginSchema, { email: "a@b.co", password: "x".repeat(128) })).toBeNull();
  });

  it("reports only the first failing field, in form order", () => {
    expect(firstError(LoginSchema, { email: "bad", password: "short" })).toBe("Invalid email address");
  });
});

describe("SignUpSchema", () => {
  it("accepts a student sign-up with no admin fields", () => {
    const parsed = SignUpSchema.parse(validSignUp);
    expect(parsed.asAdmin).toBe(false);
    expect(parsed.adminCode).toBe("");
  });

  it("reads the checkbox value 'on' as admin", () => {
    expect(SignUpSchema.parse({ ...validSignUp, asAdmin: "on", adminCode: "X" }).asAdmin).toBe(true);
  });

  it.each([
    [{ fullName: "A" }, "Name must be at least 2 characters"],
    [{ fullName: "   A   " }, "Name must be at least 2 characters"],
    [{ fullName: "x".repeat(101) }, "Name too long"],
    [{ email: "nope@" }, "Invalid email address"],
    [{ email: `${"a".repeat(250)}@b.com` }, "Email too long"],
    [{ password: "short" }, "Password must be at least 8 characters"],
  ])("gives the spec message for %o", (override, message) => {
    expect(firstError(SignUpSchema, { ...validSignUp, ...override })).toBe(message);
  });

  it("checks the name before the email and the password", () => {
    expect(firstError(SignUpSchema, { fullName: "A", email: "bad", password: "x" })).toBe(
      "Name must be at least 2 characters",
    );
  });
});
