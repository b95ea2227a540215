import { describe, expect, it } from "vitest";
import { analyse, skipReason } from "./engine";
import { groups } from "./groups";
import { fragmentEvidence, spanText } from "./evidence";
import { tokenize, type Language } from "./tokenize";

const kinds = (code: string, language: Language) => tokenize(code, language).tokens.map((t) => t.kind).join(" ");

describe("tokenize: structure, not names", () => {
  it("C: comment markers inside strings and chars stay strings; comments and layout vanish", () => {
    const code = `#include <stdio.h>\n#define MAX 10\nint main(void) { /* a comment */\n  printf("// not a comment /* nor this");\n  char q = '"'; char e = '\\''; // trailing\n  return 0;\n}\n`;
    expect(kinds(code, "c")).toBe("#include #define TYPE I void printf S TYPE I = S TYPE I = S return N");
  });

  it("C++: raw strings with quotes and parentheses, templates, std:: dropped", () => {
    const code = 'std::vector<std::pair<int,int>> v;\nauto s = R"x(a "quoted" ) string)x";\nstd::cout << s;';
    expect(kinds(code, "cpp")).toBe("vector CMP pair CMP TYPE TYPE >> I auto I = S cout << I");
  });

  it("Python: triple-quoted strings, f-strings with braces, # inside strings, decorators; lines end statements", () => {
    const code = '@cache\ndef f(n):\n    """doc with # and \'quotes\'"""\n    s = f"{n} # {n+1}"  # real comment\n    return s\n';
    const { tokens, statementEnds } = tokenize(code, "python");
    expect(tokens.map((t) => t.kind).join(" ")).toBe("@ I def I I S I = S return I");
    expect(statementEnds.length).toBe(5); // the decorator, def, docstring, assignment and return lines
  });

  it("Java: text blocks, annotations, generics and lambdas", () => {
    const code = 'class A {\n  @Override\n  public String toString() { return """\n  text "block"\n  """; }\n  List<Integer> xs = new ArrayList<>(); Runnable r = () -> {};\n}';
    expect(kinds(code, "java")).toBe("class I @ I String I return S List CMP TYPE CMP I = new ArrayList CMP CMP I I = ->");
  });

  it("renaming, widening, modifiers, comments, loop kind and += 1 do not change the tokens", () => {
    const a = "int total(int n) { int s = 0; for (int i = 0; i < n; i++) { if (i > 2) s += i; } return s; }";
    const b = "static long sumUp(const long count) {\n  long acc = 0; // sum\n  for (long k = 0; k < count; k += 1) {\n    if (k > 2) acc += k;\n  }\n  return acc;\n}";
    const c = "long f(long m) { long r = 0; long j = 0; while (j < m) { if (j > 2) r += j; j++; } return r; }";
    expect(kinds(b, "c")).toBe(kinds(a, "c"));
    expect(kinds(a, "c")).toBe("TYPE I TYPE I TYPE I = N LOOP TYPE I = N I CMP I I INC if I CMP N I OPASSIGN I return I");
    expect(kinds(c, "c")).toContain("LOOP I CMP I if I CMP N I OPASSIGN I I INC");
  });

  it("a renamed copy has its original's tokens, names that are also library names included; x = x + y is x += y", () => {
    const original = `import java.util.Scanner;\npublic class Main {\n  public static void main(String[] args) {\n    Scanner in = new Scanner(System.in);\n    int max = in.nextInt(), size = 0;\n    for (int i = 0; i < max; i++) { size = size + i; max = max - 1; }\n    System.out.println(Math.max(size, max) + args.length);\n  }\n}\n`;
    const renamed = `import java.util.Scanner;\npublic class Program {\n  public static void main(String[] argv) {\n    Scanner sc = new Scanner(System.in);\n    int limit = sc.nextInt(), total = 0;\n    for (int k = 0; k < limit; k++) { total += k; limit--; }\n    System.out.println(Math.max(total, limit) + argv.length);\n  }\n}\n`;
    expect(kinds(renamed, "java")).toBe(kinds(original, "java"));
    // Library names used as such stay: the member, the call and the class.
    expect(kinds(original, "java")).toContain("System . in");
    expect(kinds(original, "java")).toContain("I . nextInt");
    expect(kinds(original, "java")).toContain("I . length");
    const result = analyse([{ id: "original", code: original }, { id: "renamed", code: renamed }], { language: "java", commonShare: 1 });
    expect(result.pairs[0]!.similarity).toBe(1);
  });

  it("a name the program declares is the student's, even a library's name: a copy that renames the method get or the class List has its original's tokens", () => {
    const original = `class List {\n  int[] items = new int[8];\n  static int get(int[] values) {\n    int best = values[0];\n    for (int v : values) best = Math.max(best, v);\n    return best;\n  }\n  void show() { System.out.println(get(items) + new List().items.length); }\n}\n`;
    const renamed = `class Bag {\n  int[] items = new int[8];\n  static int largest(int[] values) {\n    int best = values[0];\n    for (int v : values) best = Math.max(best, v);\n    return best;\n  }\n  void show() { System.out.println(largest(items) + new Bag().items.length); }\n}\n`;
    expect(kinds(renamed, "java")).toBe(kinds(original, "java"));
    // A member stays the library's.
    expect(kinds(original, "java")).toContain("System . out . println");
    expect(kinds(original, "java")).toContain("I . length");
    const python = "def sum(xs):\n    total = 0\n    for x in xs:\n        total += x\n    return total\nprint(sum([1, 2]))\n";
    expect(kinds(python.replaceAll("sum", "add_up"), "python")).toBe(kinds(python, "python"));
  });

  it("never throws on unterminated strings and comments", () => {
    for (const language of ["c", "cpp", "python", "java"] as const) {
      expect(() => tokenize('x = "open\n/* never closed', language)).not.toThrow();
      expect(() => tokenize("'''never closed", language)).not.toThrow();
    }
  });
});

const sumC = `#include <stdio.h>\nint main(void) {\n  int n, x, s = 0;\n  scanf("%d", &n);\n  for (int i = 0; i < n; i++) { scanf("%d", &x); if (x % 2 == 0) s += x; }\n  printf("%d\\n", s);\n  return 0;\n}\n`;
const renamedC = `#include <stdio.h>\n\nint main(void)\n{\n  int count, value, total = 0; // renamed\n  scanf("%d", &count);\n  for (int k = 0; k < count; k++)\n  {\n    scanf("%d", &value);\n    if (value % 2 == 0) total += value;\n  }\n  printf("%d\\n", total);\n  return 0;\n}\n`;
const ownC = `#include <stdio.h>\nint main(void) {\n  long best = 0, cur;\n  while (scanf("%ld", &cur) == 1) { if (cur > best) best = cur; }\n  printf("%ld\\n", best);\n  return 0;\n}\n`;

describe("analyse", () => {
  it("ranks a renamed copy first, with fragments on both sides, and skips what cannot be compared", () => {
    const result = analyse(
      [
        { id: "a", code: sumC },
        { id: "b", code: renamedC },
        { id: "c", code: ownC },
        { id: "empty", code: "   \n" },
        { id: "big", code: "x".repeat(70 * 1024) },
        { id: "bin", code: "\u0000\u0001ELF" },
      ],
      { language: "c", commonShare: 1 },
    );
    expect(result.skipped.map((s) => s.reason).sort()).toEqual(["binary", "empty", "larger than 64 KB"]);
    const top = result.pairs[0]!;
    expect([top.a, top.b].sort()).toEqual(["a", "b"]);
    expect(top.similarity).toBeGreaterThan(0.9);
    expect(top.fragments.length).toBeGreaterThan(0);
    expect(top.longestFragment).toBeGreaterThan(10);
    const other = result.pairs.find((p) => [p.a, p.b].includes("c"));
    expect(other?.similarity ?? 0).toBeLessThan(top.similarity / 2);
  });

  it("leaves boilerplate that most of the set shares out, and the starter code", () => {
    const boiler = (body: string) => `#include <stdio.h>\n#include <stdlib.h>\nint main(void) {\n  setvbuf(stdout, NULL, _IONBF, 0);\n${body}\n  return 0;\n}\n`;
    const set = [
      { id: "1", code: boiler('  puts("alpha");') },
      { id: "2", code: boiler("  switch (getchar()) { case 'a': exit(1); default: break; }") },
      { id: "3", code: boiler("  for (int i = 0; i < 3; i++) putchar('x');") },
      { id: "4", code: boiler("  double v[3] = {1, 2}; v[2] = v[0] / v[1];") },
    ];
    const withBoilerplate = analyse(set, { language: "c", commonShare: 1 });
    const filtered = analyse(set, { language: "c", commonShare: 0.5 });
    const best = (r: typeof filtered) => Math.max(0, ...r.pairs.map((p) => p.similarity));
    expect(best(withBoilerplate)).toBeGreaterThan(0.15);
    expect(best(filtered)).toBeLessThan(best(withBoilerplate) / 4);
    const starter = analyse(set.slice(0, 2), { language: "c", commonShare: 1, starterCode: boiler("") });
    expect(best(starter)).toBeLessThan(0.2);
  });

  it("counts nothing the starter code gave everyone, its texts and constants included", () => {
    // Two different programs around the starter's table of messages and constants.
    const table =
      'static const char *MENU[] = {"Add an item to the inventory", "Remove an item by its code", "List items below their reorder level", "Print the report for the quarter", "Quit without saving"};\n' +
      "static const int RATES[] = {86413, 29017, 55219, 77031, 12873, 99401};\n";
    const starter = `${table}int main(void) {\n  return 0;\n}\n`;
    const a = `${table}int main(void) {\n  for (int i = 0; i < 5; i++) if (i % 2 == 0) total += RATES[i];\n  return 0;\n}\n`;
    const b = `${table}int main(void) {\n  while (n > 1) { n = n % 2 ? 3 * n + 1 : n / 2; steps++; }\n  puts(MENU[steps % 5]);\n  return 0;\n}\n`;
    const set = [
      { id: "a", code: a },
      { id: "b", code: b },
    ];
    const score = (starterCode?: string) => analyse(set, { language: "c", commonShare: 1, starterCode }).pairs[0]?.similarity ?? 0;
    const without = score();
    const withStarter = score(starter);
    expect(without).toBeGreaterThan(0.3);
    // What is left is the two programs' own work, which has little in common (0.22 while the starter's literals counted).
    expect(withStarter).toBeLessThan(0.1);
  });

  it("groups students joined by pairs above the threshold", () => {
    const pairs = [
      { a: "x", b: "y", similarity: 0.9 },
      { a: "y", b: "z", similarity: 0.7 },
      { a: "p", b: "q", similarity: 0.5 },
      { a: "z", b: "p", similarity: 0.2 },
    ];
    expect(groups(pairs, 0.4)).toEqual([["x", "y", "z"], ["p", "q"]]);
    expect(groups(pairs, 0.8)).toEqual([["x", "y"]]);
  });

  it("no program can stall it: one statement repeated to 60 KB is analysed by its first part, at the cost of ordinary code", () => {
    // A seeded mix of statements: ordinary code of the same size, the baseline measured in this run.
    let seed = 7;
    const next = (m: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % m);
    const statements = ["x = x + 1;", "y = y * x;", "if (x > y) { z = x; } else { z = y; }", "for (int i = 0; i < x; i++) { y += i; }", "while (z > 0) { z = z / 2; }", "w = f(x, y, z);"];
    const sized = (line: () => string) => {
      let body = "";
      while (body.length < 60_000) body += `${line()}\n`;
      return `class Main { static void main(String[] a) { int x = 0, y = 1, z = 2, w;\n${body}} }`;
    };
    const ordinary = [0, 1].map((i) => ({ id: `ordinary${i}`, code: sized(() => statements[next(statements.length)]!) }));
    const hostile = [0, 1].map((i) => ({ id: `hostile${i}`, code: sized(() => "x = x + 1;") }));
    const time = (set: { id: string; code: string }[]) => {
      const started = performance.now();
      const result = analyse(set, { language: "java", commonShare: 1 });
      return { ms: performance.now() - started, result };
    };
    time(ordinary); // warm-up
    const baseline = time(ordinary);
    const attack = time(hostile);
    expect(attack.result.notes.map((n) => n.id)).toEqual(["hostile0", "hostile1"]);
    expect(attack.result.notes[0]!.note).toMatch(/^only its first \d+ lines were compared \(10,000 of its [\d,]+ tokens\)$/);
    // The copies still pair, in no more time than ordinary code of the same size takes (plus slack for a noisy machine).
    expect(attack.result.pairs[0]!.similarity).toBeGreaterThan(0.9);
    expect(attack.ms).toBeLessThan(baseline.ms * 3 + 250);
  });

  it("skipReason", () => {
    expect(skipReason("int x;")).toBeNull();
    expect(skipReason("")).toBe("empty");
  });
});

describe("evidence from the code timeline", () => {
  const final = "def f(n):\n    total = 0\n    for i in range(n):\n        total += i\n    return total\n";
  const span = { startLine: 2, startCol: 4, endLine: 4, endCol: 18 };
  it("reads a span's text", () => {
    expect(spanText(final, span)).toBe("total = 0\n    for i in range(n):\n        total += i");
  });
  it("finds when a fragment first stood in the code, and whether it arrived in one step", () => {
    const typed = [
      { at: 1, code: "def f(n):\n" },
      { at: 2, code: "def f(n):\n    total = 0\n" },
      { at: 3, code: "def f(n):\n    total = 0\n    for i in range(n):\n" },
      { at: 4, code: final },
    ];
    expect(fragmentEvidence(final, span, typed)).toEqual({ firstAt: 4, stepChars: 36, oneStep: false });
    const pasted = [{ at: 1, code: "" }, { at: 9, code: final }];
    expect(fragmentEvidence(final, span, pasted)).toMatchObject({ firstAt: 9, oneStep: true });
    expect(fragmentEvidence(final, span, [])).toBeNull();
  });
});
