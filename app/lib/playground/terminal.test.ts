import { describe, expect, it } from "vitest";
import { appendOutput, exitSummary, interactiveUrl, TRIMMED_NOTICE, type TerminalSegment } from "./terminal";

describe("appendOutput", () => {
  it("joins text of the same stream and starts a new segment when the stream changes", () => {
    let s: TerminalSegment[] = [];
    s = appendOutput(s, "stdout", "Name");
    s = appendOutput(s, "stdout", ": ");
    s = appendOutput(s, "stdin", "Ada\n");
    s = appendOutput(s, "stderr", "warn\n");
    s = appendOutput(s, "stdout", "");
    expect(s).toEqual([
      { stream: "stdout", text: "Name: " },
      { stream: "stdin", text: "Ada\n" },
      { stream: "stderr", text: "warn\n" },
    ]);
  });

  it("keeps only the newest text past the limit, with one notice at the top", () => {
    let s: TerminalSegment[] = [];
    s = appendOutput(s, "stdout", "aaaa", 6);
    s = appendOutput(s, "stderr", "bbbb", 6);
    expect(s).toEqual([
      { stream: "system", text: TRIMMED_NOTICE },
      { stream: "stdout", text: "aa" },
      { stream: "stderr", text: "bbbb" },
    ]);
    s = appendOutput(s, "stdout", "cccc", 6);
    expect(s).toEqual([
      { stream: "system", text: TRIMMED_NOTICE },
      { stream: "stderr", text: "bb" },
      { stream: "stdout", text: "cccc" },
    ]);
  });
});

describe("exitSummary", () => {
  const base = { code: 0, signal: null, verdict: "OK" as const, reason: "exit" as const, timeMs: 12, wallMs: 3456 };
  it("says how the program ended, with its CPU and wall time", () => {
    expect(exitSummary(base)).toBe("Exited with code 0 (CPU 12 ms · 3.5 s in all)");
    expect(exitSummary({ ...base, code: 3, verdict: "RE" })).toMatch(/^Runtime error: exited with code 3/);
    expect(exitSummary({ ...base, code: 139, signal: "SIGSEGV", verdict: "RE" })).toMatch(/^Runtime error: killed by SIGSEGV/);
    expect(exitSummary({ ...base, verdict: "TLE", reason: "idle" })).toMatch(/^Stopped: no input for too long/);
    expect(exitSummary({ ...base, verdict: "TLE", reason: "cpu", timeMs: 2000 })).toMatch(/^Time limit exceeded.*CPU 2\.0 s/);
    expect(exitSummary({ ...base, verdict: null, reason: "stopped" })).toMatch(/^Stopped \(/);
  });
});

it("interactiveUrl follows the page's scheme", () => {
  expect(interactiveUrl({ protocol: "https:", host: "proctor.example" })).toBe("wss://proctor.example/api/playground/interactive");
  expect(interactiveUrl({ protocol: "http:", host: "localhost:8787" })).toBe("ws://localhost:8787/api/playground/interactive");
});
