// Pure pieces of the runner: output comparison, Java class discovery, options.
import { describe, expect, it } from "vitest";
import { normalizeOutput, outputsMatch, truncateUtf8 } from "../src/compare.ts";
import { LOCAL_DEFAULT_TOKEN, loadConfig } from "../src/config.ts";
import { checkerOutcome, wallLimitFor } from "../src/engine.ts";
import type { SandboxLimits, SandboxResult } from "../src/sandbox.ts";
import { javaMainClassFromSource, javaSourceClass } from "../src/java.ts";

describe("output comparison", () => {
  it.each([
    ["3\n", "3\n"],
    ["3", "3\n"],
    ["3\r\n", "3\n"],
    ["3   \n", "3\n"],
    ["a\nb\n\n\n", "a\nb"],
    ["a \r\nb\t\r\n", "a\nb\n"],
    ["", "\n\n"],
  ])("%j matches %j", (actual, expected) => expect(outputsMatch(actual, expected)).toBe(true));

  it.each([
    [" 3\n", "3\n"],
    ["3\n", "4\n"],
    ["a\n\nb", "a\nb"],
    ["ab", "a b"],
    ["A", "a"],
  ])("%j does not match %j", (actual, expected) => expect(outputsMatch(actual, expected)).toBe(false));

  it("keeps inner blank lines and leading spaces", () => {
    expect(normalizeOutput("  a\n\nb  \n\n")).toBe("  a\n\nb");
  });
});

describe("the returned head of a long output", () => {
  it("is the whole text when it fits", () => {
    expect(truncateUtf8("héllo", 6)).toBe("héllo");
    expect(truncateUtf8("", 0)).toBe("");
  });

  it("is cut at a character boundary, never inside a multi-byte character", () => {
    // "é" is 2 bytes, "€" 3, "😀" 4 (a surrogate pair in JavaScript).
    expect(truncateUtf8("aé", 2)).toBe("a");
    expect(truncateUtf8("aé", 3)).toBe("aé");
    expect(truncateUtf8("a€b", 3)).toBe("a");
    expect(truncateUtf8("a€b", 4)).toBe("a€");
    for (let max = 1; max <= 5; max++) expect(truncateUtf8("a😀b", max)).toBe(max < 5 ? "a" : "a😀");
    const long = "x€😀é".repeat(10_000);
    for (const max of [65_536, 65_535, 65_534, 65_533]) {
      const head = truncateUtf8(long, max);
      expect(Buffer.byteLength(head)).toBeLessThanOrEqual(max);
      expect(Buffer.byteLength(head)).toBeGreaterThan(max - 4);
      expect(long.startsWith(head)).toBe(true);
      expect(head).not.toContain("\uFFFD");
    }
  });
});

describe("Java classes", () => {
  it("names the file after the public class, whatever it is called", () => {
    expect(javaSourceClass("public class Solution { public static void main(String[] a) {} }")).toBe("Solution");
    expect(javaSourceClass("class Helper {}\npublic final class Answer {}")).toBe("Answer");
    expect(javaSourceClass("class OnlyOne { }")).toBe("OnlyOne");
  });

  it("finds the class that holds main, ignoring comments and strings", () => {
    const source = `
      // class Fake { static void main(String[] a) {} }
      import java.util.*;
      class Helper { int x() { return "class Nope {".length(); } }
      public class Program {
        static class Inner { }
        public static void main(String[] args) { System.out.println("}"); }
      }`;
    expect(javaMainClassFromSource(source)).toBe("Program");
  });

  it("gives the binary name of a nested class holding main", () => {
    expect(javaMainClassFromSource("public class Outer { static class In { public static void main(String[] a) {} } }")).toBe(
      "Outer$In",
    );
  });

  it("returns null when nothing declares main", () => {
    expect(javaMainClassFromSource("public class Main { void run() {} }")).toBeNull();
  });
});

describe("options", () => {
  it("has the documented defaults", () => {
    const config = loadConfig({ RUNNER_TOKEN: "a-long-token" });
    expect(config).toMatchObject({
      port: 2358,
      host: "127.0.0.1",
      runCpuMs: 2000,
      runWallMs: 3000,
      runMemoryMb: 256,
      outputKb: 8192,
      maxCodeKb: 64,
      maxInputKb: 1024,
    });
    expect(config.concurrency).toBeGreaterThanOrEqual(1);
  });

  it("reads RUNNER_* variables and refuses bad values with the variable's name", () => {
    expect(loadConfig({ RUNNER_TOKEN: "a-long-token", RUNNER_RUN_MEMORY_MB: "512" }).runMemoryMb).toBe(512);
    expect(() => loadConfig({ RUNNER_TOKEN: "a-long-token", RUNNER_CONCURRENCY: "0" })).toThrow(/RUNNER_CONCURRENCY/);
    expect(() => loadConfig({ RUNNER_TOKEN: "a-long-token", RUNNER_PORT: "http" })).toThrow(/RUNNER_PORT/);
    expect(() => loadConfig({})).toThrow(/RUNNER_TOKEN/);
  });

  it("refuses the documented local token on an address other machines can reach, and takes it on loopback", () => {
    for (const host of ["127.0.0.1", "localhost", "::1"]) {
      expect(loadConfig({ RUNNER_TOKEN: LOCAL_DEFAULT_TOKEN, RUNNER_HOST: host }).token).toBe(LOCAL_DEFAULT_TOKEN);
    }
    for (const host of ["0.0.0.0", "10.0.0.5", "::"]) {
      expect(() => loadConfig({ RUNNER_TOKEN: LOCAL_DEFAULT_TOKEN, RUNNER_HOST: host })).toThrow(/RUNNER_TOKEN: the documented local default/);
    }
    expect(loadConfig({ RUNNER_TOKEN: "a-real-secret-token", RUNNER_HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
  });
});

describe("a question's limits and a custom checker's outcome", () => {
  it("the wall limit follows timeMs (1.5 times plus 0.5 s), never below RUNNER_RUN_WALL_MS", () => {
    expect(wallLimitFor(100, 3000)).toBe(3000);
    expect(wallLimitFor(2000, 3000)).toBe(3500);
    expect(wallLimitFor(5000, 3000)).toBe(8000);
    expect(wallLimitFor(10_000, 3000)).toBe(15_500);
    expect(wallLimitFor(1000, 30_000)).toBe(30_000);
  });

  const limits = { cpuMs: 2000, wallMs: 4000, memoryMb: 256 } as SandboxLimits;
  const ran = (r: Partial<SandboxResult>): SandboxResult => ({
    exitCode: 0, stdout: "", stdoutBytes: Buffer.alloc(0), stderr: "", wallMs: 1, cpuMs: 1, memoryKb: 1,
    oomKilled: false, wallTimeout: false, cpuExceeded: false, outputExceeded: false, ...r,
  });
  it.each([
    [{ exitCode: 42 }, { verdict: "AC" }],
    [{ exitCode: 43 }, { verdict: "WA" }],
    [{ exitCode: 43, stderr: "wrong" }, { verdict: "WA" }],
    // Killed: never AC or WA, whatever the exit status says.
    [{ exitCode: 42, cpuExceeded: true }, { verdict: "JE", message: "Checker exceeded its time limit (2000 ms CPU, 4000 ms wall)" }],
    [{ exitCode: 43, oomKilled: true }, { verdict: "JE", message: "Checker exceeded its memory limit (256 MB)" }],
    [{ exitCode: 42, outputExceeded: true }, { verdict: "JE", message: "Checker exceeded its output limit (stdout or a file)" }],
    [{ exitCode: 139 }, { verdict: "JE", message: "Checker was killed by SIGSEGV" }],
    [{ exitCode: 0 }, { verdict: "JE", message: "Checker exited with code 0 (42 accepts, 43 rejects)" }],
    [{ exitCode: 1, stderr: "  no answer file \n" }, { verdict: "JE", message: "Checker exited with code 1 (42 accepts, 43 rejects): no answer file" }],
  ])("%j is %j", (r, outcome) => {
    expect(checkerOutcome(ran(r), limits)).toEqual(outcome);
  });
});
