/// <reference types="node" />
import { spawnSync, type SpawnSyncReturns } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { categories, codingQuestions, mcqs } from "./seed-data.mjs";

const LANGUAGES = ["c", "cpp", "python", "java"] as const;
type Language = (typeof LANGUAGES)[number];

type TestCase = { input: string; expected_output: string; is_hidden: boolean };
type CodingQuestion = {
  id: string;
  title: string;
  description: string;
  language: Language;
  category: string;
  difficulty: string;
  testCases: TestCase[];
  solution: string;
};
type Mcq = {
  id: string;
  title: string;
  category: string;
  difficulty: string;
  options: string[];
  correctIndex: number;
};

const questions = codingQuestions as CodingQuestion[];
const choiceQuestions = mcqs as Mcq[];
const DIFFICULTIES = ["easy", "medium", "hard"];

/** Strip trailing "\r" and trailing spaces per line, then trailing blank lines. */
function normalise(text: string): string {
  const lines = text.split("\n").map((line) => line.replace(/[\r ]+$/, ""));
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines.join("\n");
}

function describeFailure(step: string, res: SpawnSyncReturns<string>): string {
  return [
    `${step} failed (status=${res.status}, signal=${res.signal ?? "none"}${res.error ? `, error=${res.error.message}` : ""})`,
    `stdout:\n${res.stdout ?? ""}`,
    `stderr:\n${res.stderr ?? ""}`,
  ].join("\n");
}

function run(cmd: string, args: string[], opts: { cwd: string; input?: string; timeout?: number }) {
  return spawnSync(cmd, args, {
    cwd: opts.cwd,
    input: opts.input ?? "",
    encoding: "utf8",
    timeout: opts.timeout ?? 20_000,
    maxBuffer: 16 * 1024 * 1024,
  });
}

/** Returns the command (argv) that runs the compiled/prepared program. Throws on compile errors. */
function prepare(q: CodingQuestion, dir: string): string[] {
  switch (q.language) {
    case "c": {
      writeFileSync(join(dir, "main.c"), q.solution);
      const res = run("gcc", ["-O2", "-std=c11", "-o", join(dir, "main"), join(dir, "main.c"), "-lm"], {
        cwd: dir,
        timeout: 60_000,
      });
      if (res.status !== 0) throw new Error(describeFailure(`gcc (${q.id})`, res));
      return [join(dir, "main")];
    }
    case "cpp": {
      writeFileSync(join(dir, "main.cpp"), q.solution);
      const res = run("g++", ["-O2", "-std=c++17", "-o", join(dir, "main"), join(dir, "main.cpp")], {
        cwd: dir,
        timeout: 60_000,
      });
      if (res.status !== 0) throw new Error(describeFailure(`g++ (${q.id})`, res));
      return [join(dir, "main")];
    }
    case "python": {
      writeFileSync(join(dir, "main.py"), q.solution);
      return ["/usr/bin/python3", "-S", "-I", join(dir, "main.py")];
    }
    case "java": {
      const match = /public\s+(?:(?:final|abstract|strictfp)\s+)*class\s+([A-Za-z_$][A-Za-z0-9_$]*)/.exec(q.solution);
      const className = match ? match[1] : "Main";
      writeFileSync(join(dir, `${className}.java`), q.solution);
      const res = run("javac", ["-encoding", "UTF-8", "-d", dir, join(dir, `${className}.java`)], {
        cwd: dir,
        timeout: 60_000,
      });
      if (res.status !== 0) throw new Error(describeFailure(`javac (${q.id})`, res));
      return ["java", "-cp", dir, className];
    }
    default:
      throw new Error(`Unsupported language: ${String((q as CodingQuestion).language)}`);
  }
}

describe("seed data: structure", () => {
  it("has the expected categories", () => {
    expect(categories).toEqual(["General", "Basics", "Arrays", "Strings", "Programming Fundamentals"]);
  });

  it("has 12 coding questions, 3 per language, at least 2 Basics and 1 Arrays per language", () => {
    expect(questions).toHaveLength(12);
    for (const lang of LANGUAGES) {
      const forLang = questions.filter((q) => q.language === lang);
      expect(forLang, lang).toHaveLength(3);
      expect(forLang.filter((q) => q.category === "Basics").length, lang).toBeGreaterThanOrEqual(2);
      expect(forLang.filter((q) => q.category === "Arrays").length, lang).toBeGreaterThanOrEqual(1);
    }
    for (const q of questions) expect(LANGUAGES).toContain(q.language);
  });

  it("coding questions have unique ids, required fields and exactly 5 test cases with one open case at index 0", () => {
    const ids = questions.map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const q of questions) {
      expect(q.id).toMatch(new RegExp(`^seed-cq-${q.language}-\\d+$`));
      expect(q.title.trim().length, q.id).toBeGreaterThan(0);
      expect(q.description.trim().length, q.id).toBeGreaterThan(0);
      expect(q.solution.trim().length, q.id).toBeGreaterThan(0);
      expect(DIFFICULTIES, q.id).toContain(q.difficulty);
      expect(q.testCases, q.id).toHaveLength(5);
      expect(q.testCases.filter((t) => !t.is_hidden), q.id).toHaveLength(1);
      expect(q.testCases[0].is_hidden, q.id).toBe(false);
      q.testCases.slice(1).forEach((t) => expect(t.is_hidden, q.id).toBe(true));
      for (const t of q.testCases) {
        expect(typeof t.input, q.id).toBe("string");
        expect(typeof t.expected_output, q.id).toBe("string");
        expect(t.input.endsWith("\n"), q.id).toBe(true);
        expect(t.expected_output.endsWith("\n"), q.id).toBe(true);
        expect(Object.keys(t).sort(), q.id).toEqual(["expected_output", "input", "is_hidden"]);
      }
    }
  });

  it("at least one Java solution uses a public class not named Main", () => {
    const javaNames = questions
      .filter((q) => q.language === "java")
      .map((q) => /public\s+(?:(?:final|abstract)\s+)*class\s+(\w+)/.exec(q.solution)?.[1]);
    expect(javaNames.every((name) => typeof name === "string")).toBe(true);
    expect(javaNames.some((name) => name !== "Main")).toBe(true);
  });

  it("has at least 40 MCQs, at least 25 in Programming Fundamentals, with unique ids", () => {
    expect(choiceQuestions.length).toBeGreaterThanOrEqual(40);
    expect(choiceQuestions.filter((m) => m.category === "Programming Fundamentals").length).toBeGreaterThanOrEqual(25);
    const ids = choiceQuestions.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^seed-mcq-\d+$/);
  });

  it("MCQs have 4 distinct options and a valid correctIndex", () => {
    for (const m of choiceQuestions) {
      expect(m.title.trim().length, m.id).toBeGreaterThan(0);
      expect(DIFFICULTIES, m.id).toContain(m.difficulty);
      expect(m.options, m.id).toHaveLength(4);
      expect(new Set(m.options.map((o) => o.trim())).size, m.id).toBe(4);
      expect(Number.isInteger(m.correctIndex), m.id).toBe(true);
      expect(m.correctIndex, m.id).toBeGreaterThanOrEqual(0);
      expect(m.correctIndex, m.id).toBeLessThanOrEqual(3);
    }
  });

  it("spreads MCQ correct answers evenly across positions 0-3", () => {
    const counts = [0, 0, 0, 0];
    for (const m of choiceQuestions) counts[m.correctIndex]++;
    expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
  });

  it("every category used exists in `categories`", () => {
    const used = new Set([...questions.map((q) => q.category), ...choiceQuestions.map((m) => m.category)]);
    for (const c of used) expect(categories).toContain(c);
  });
});

describe("seed data: reference solutions pass all test cases", () => {
  const root = mkdtempSync(join(tmpdir(), "seed-data-test-"));
  afterAll(() => {
    rmSync(root, { recursive: true, force: true });
  });

  for (const q of questions) {
    const timeout = q.language === "java" ? 60_000 : 30_000;
    it(
      `${q.id} (${q.language}): ${q.title}`,
      () => {
        const dir = mkdtempSync(join(root, `${q.id}-`));
        const [cmd, ...args] = prepare(q, dir);
        q.testCases.forEach((tc, i) => {
          const res = run(cmd, args, { cwd: dir, input: tc.input, timeout: 20_000 });
          expect(res.error, describeFailure(`${q.id} case ${i}`, res)).toBeUndefined();
          expect(res.status, describeFailure(`${q.id} case ${i}`, res)).toBe(0);
          expect(normalise(res.stdout), `${q.id} case ${i} (input ${JSON.stringify(tc.input)})`).toBe(
            normalise(tc.expected_output),
          );
        });
      },
      timeout,
    );
  }
});
