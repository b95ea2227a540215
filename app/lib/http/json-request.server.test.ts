import { describe, expect, it } from "vitest";
import { FOREIGN_ORIGIN_MESSAGE, NOT_JSON_MESSAGE, readJsonBody, requireJsonWrite, requireSameOrigin } from "./json-request.server";

const URL_ = "http://localhost:8787/api/journal/t1";
const post = (headers: Record<string, string>, body = "{}") => new Request(URL_, { method: "POST", headers, body });

async function refusal(fn: () => unknown) {
  try {
    await fn();
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, body: (await thrown.json()) as { error: string } };
  }
  return null;
}

describe("requireJsonWrite", () => {
  it("passes JSON from our own origin (with a charset, or from the configured public URL)", async () => {
    expect(await refusal(() => requireJsonWrite(post({ "Content-Type": "application/json", Origin: "http://localhost:8787" })))).toBeNull();
    expect(await refusal(() => requireJsonWrite(post({ "Content-Type": "application/json; charset=utf-8", Origin: "https://exam.example.edu" }), ["https://exam.example.edu/"]))).toBeNull();
  });

  it("415 for a form's body types, whatever the origin", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""]) {
      expect(await refusal(() => requireJsonWrite(post({ "Content-Type": type, Origin: "http://localhost:8787" })))).toEqual({ status: 415, body: { error: NOT_JSON_MESSAGE } });
    }
  });

  it("403 for another origin, another port of the same host, a null or a missing Origin", async () => {
    for (const origin of ["http://localhost:8788", "http://evil.example", "null", undefined]) {
      const headers: Record<string, string> = { "Content-Type": "application/json" };
      if (origin) headers.Origin = origin;
      expect(await refusal(() => requireJsonWrite(post(headers)))).toEqual({ status: 403, body: { error: FOREIGN_ORIGIN_MESSAGE } });
    }
    expect(await refusal(() => requireSameOrigin(post({ Origin: "http://localhost:8787" }), ["not a url"]))).toBeNull();
  });
});

describe("readJsonBody", () => {
  it("parses up to the limit; 413 beyond it, 400 for what is not JSON", async () => {
    expect(await readJsonBody(post({}, JSON.stringify({ a: "x".repeat(100) })), 200)).toEqual({ a: "x".repeat(100) });
    expect((await refusal(() => readJsonBody(post({}, JSON.stringify({ a: "x".repeat(300) })), 200)))?.status).toBe(413);
    expect((await refusal(() => readJsonBody(post({ "Content-Length": "5000" }, "{}"), 200)))?.status).toBe(413);
    expect(await refusal(() => readJsonBody(post({}, "{"), 200))).toEqual({ status: 400, body: { error: "Body must be JSON" } });
  });
});
