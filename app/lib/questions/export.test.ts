// The export's round trip (issue 24): bank questions written as Moodle XML or
// as a problem package and read back by the import give the same questions.
// Pure: no database (tests/worker/question-export.test.ts reads the real bank).
import { describe, expect, it } from "vitest";
import { IMPORTED_CATEGORY, parseMoodleXml, parseProblemPackage, toMoodleXml, toProblemPackage, type ExportCoding, type Language } from "./formats";
import { exportFileName } from "./export.server";
import { toBankImport, toExportQuestion, type BankImportInput, type BankQuestion } from "./import-plan";

type BankCoding = Extract<BankQuestion, { kind: "coding" }>;
type BankMcq = Extract<BankQuestion, { kind: "mcq" }>;

const TRICKY = `Tags <b>, a < b && c > d, "double" and 'single' quotes, and ]]> in the middle`;

const mcq = (over: Partial<BankMcq>): BankMcq => ({
  kind: "mcq",
  title: "Which header declares printf?",
  category: "General",
  options: ["<stdio.h>", "<stdlib.h>", "<string.h>", "<math.h>"],
  correctAnswer: "A",
  correctIndex: 0,
  ...over,
});

const cases = (points: number[], over: (i: number) => Partial<BankCoding["testCases"][number]> = () => ({})) =>
  points.map((p, i) => ({ input: `${i} ${i + 1}\n`, expectedOutput: `${2 * i + 1}\n`, points: p, isHidden: i !== 0, ...over(i) }));

const coding = (over: Partial<BankCoding>): BankCoding => ({
  kind: "coding",
  title: "Sum of two numbers",
  description: "Read two integers a and b.\nPrint a + b.",
  category: "General",
  language: "c",
  testCases: cases([10, 10, 10, 10, 10]),
  ...over,
});

/** One of each shape the bank holds, grouped by category as the export reads them. */
const BANK: BankQuestion[] = [
  mcq({ title: `Four options: ${TRICKY}?`, category: "Loops & <Arrays>", correctAnswer: "C", correctIndex: 2, options: ["a & b", "x < y", "]]>", `"q" 'r'`] }),
  mcq({ title: "Three options (an imported question)\non two lines", category: "Loops & <Arrays>", options: ["one", "two", "three"], correctAnswer: "B", correctIndex: 1 }),
  coding({
    title: "C: special characters",
    category: "Loops & <Arrays>",
    language: "c",
    description: `First line: ${TRICKY}.\n\nSecond paragraph with #include <stdio.h>\n- a list item\n- another one`,
    testCases: [
      { input: "1 2  \n", expectedOutput: "3\n", points: 10, isHidden: false },
      { input: "", expectedOutput: "nothing to read\n", points: 10, isHidden: true },
      { input: "<a> & ]]>\n", expectedOutput: `"<a>" 'b' ]]> & c\n`, points: 10, isHidden: true },
      { input: "  leading and trailing  \n\n", expectedOutput: "x  y\n", points: 10, isHidden: false },
      { input: "9 9", expectedOutput: "18", points: 10, isHidden: true },
    ],
  }),
  mcq({ title: "True or false: 0 is falsy in C.", category: "I/O", options: ["True", "False"], correctAnswer: "A", correctIndex: 0 }),
  coding({ title: "C++: equal weights of 25", category: "I/O", language: "cpp", testCases: cases([25, 25, 25, 25, 25]) }),
  coding({
    title: "Python: weights averaging 10",
    category: "I/O",
    language: "python",
    description: "Line one\nLine two\n\nLine four after a blank line",
    testCases: cases([25, 10, 5, 0]),
  }),
  coding({
    title: "Java: twelve cases",
    category: "General",
    language: "java",
    testCases: cases(Array.from({ length: 12 }, () => 10), (i) => ({ isHidden: i % 3 !== 0 })),
  }),
];

/** What the import makes of a bank question that came back unchanged. */
function expected(q: BankQuestion): BankImportInput {
  if (q.kind === "mcq") {
    const letter = "ABCD".indexOf(q.correctAnswer ?? "");
    return { kind: "mcq", title: q.title, options: q.options, correct: letter, category: q.category, difficulty: "medium", replaces: null };
  }
  return {
    kind: "coding",
    title: q.title,
    description: q.description,
    language: q.language,
    testCases: q.testCases,
    category: q.category,
    difficulty: "medium",
    replaces: null,
  };
}

function viaMoodleXml(bank: BankQuestion[]) {
  const parsed = parseMoodleXml(toMoodleXml(bank.map(toExportQuestion)));
  expect(parsed.skipped).toEqual([]);
  expect(parsed.warnings).toEqual([]);
  return { parsed, back: parsed.questions.map((q) => toBankImport(q, null)) };
}

describe("Moodle XML export round trip", () => {
  it("gives back every question: titles, texts, options, cases, hidden flags, languages and categories", () => {
    const { parsed, back } = viaMoodleXml(BANK);
    expect(parsed.categories).toEqual(["Loops & <Arrays>", "I/O", "General"]);
    expect(back.map((b) => b.problem)).toEqual(BANK.map(() => null));
    const withoutPoints = (q: BankImportInput) =>
      q.kind === "coding" ? { ...q, testCases: q.testCases.map(({ points: _, ...t }) => t) } : q;
    expect(back.map((b) => withoutPoints(b.question))).toEqual(BANK.map((q) => withoutPoints(expected(q))));
  });

  it("gives back the points: equal weights as the default 10, weights averaging 10 as they were", () => {
    const { back } = viaMoodleXml(BANK);
    const points = back.map((b) => (b.question.kind === "coding" ? b.question.testCases.map((t) => t.points) : null));
    expect(points).toEqual([null, null, [10, 10, 10, 10, 10], null, [10, 10, 10, 10, 10], [25, 10, 5, 0], Array(12).fill(10)]);
  });

  it("writes MCQs as multichoice and coding questions as CodeRunner program questions in their language", () => {
    const xml = toMoodleXml(BANK.map(toExportQuestion));
    expect(xml.match(/<question type="multichoice">/g)).toHaveLength(3);
    expect(xml.match(/<question type="coderunner">/g)).toHaveLength(4);
    for (const type of ["c_program", "cpp_program", "python3", "java_program"]) expect(xml).toContain(`<coderunnertype>${type}</coderunnertype>`);
    // Every case of the 12-case question, open ones as examples.
    expect(xml.match(/<testcase /g)).toHaveLength(5 + 5 + 4 + 12);
    expect(xml.match(/useasexample="1"/g)).toHaveLength(2 + 1 + 1 + 4);
  });

  it("comes back the same when exported a second time", () => {
    const first = toMoodleXml(BANK.map(toExportQuestion));
    const again = viaMoodleXml(BANK).parsed.questions.map((q) => {
      const b = toBankImport(q, null).question;
      return b.kind === "mcq"
        ? toExportQuestion({ kind: "mcq", title: b.title, category: b.category!, options: b.options, correctAnswer: null, correctIndex: b.correct })
        : toExportQuestion({ ...b, category: b.category!, language: b.language as Language, testCases: b.testCases });
    });
    // Points are rescaled to average 10, so compare the rest of the file.
    const strip = (xml: string) => xml.replace(/mark="[^"]*"/g, "").replace(/<defaultgrade>[^<]*<\/defaultgrade>/g, "");
    expect(strip(toMoodleXml(again))).toBe(strip(first));
  });

  it("keeps an MCQ's correct option when an empty option before it is left out", () => {
    const { back } = viaMoodleXml([mcq({ options: ["first", "", "third", "fourth"], correctAnswer: "C", correctIndex: 2 })]);
    expect(back[0]!.question).toMatchObject({ options: ["first", "third", "fourth"], correct: 1 });
  });

  it("normalises a description's whitespace as any imported text (trailing spaces, blank-line runs)", () => {
    const { back } = viaMoodleXml([coding({ description: "Line one   \n\n\n\nLine two\t" })]);
    expect(back[0]!.question).toMatchObject({ description: "Line one\n\nLine two" });
  });
});

describe("problem package export round trip", () => {
  const codingQuestions = BANK.filter((q): q is BankCoding => q.kind === "coding");

  it.each(codingQuestions.map((q) => [q.title, q] as const))("%s: statement, cases and hidden flags come back", (_, q) => {
    const exported = toExportQuestion(q) as ExportCoding;
    const parsed = parseProblemPackage(toProblemPackage(exported), "problem.zip");
    expect(parsed.skipped).toEqual([]);
    expect(parsed.warnings).toEqual([]);
    expect(parsed.questions).toHaveLength(1);
    const { question, problem } = toBankImport(parsed.questions[0]!, "c");
    expect(problem).toBeNull();
    // Open cases come first (data/sample, then data/secret); the format has no language, points or category.
    const open = q.testCases.filter((t) => !t.isHidden);
    const hidden = q.testCases.filter((t) => t.isHidden);
    expect(question).toEqual({
      ...expected(q),
      language: "c",
      category: IMPORTED_CATEGORY,
      testCases: [...open, ...hidden].map((t) => ({ ...t, points: 10 })),
    });
  });
});

describe("export file names", () => {
  it("keep only characters safe in a Content-Disposition header, never a hidden or empty name", () => {
    expect(exportFileName("Loops & Arrays", "xml")).toBe("Loops-Arrays.xml");
    expect(exportFileName('a"b\r\nContent-Type: text/html', "xml")).toBe("ab-Content-Type-texthtml.xml");
    expect(exportFileName("../../etc/passwd", "zip")).toBe("etcpasswd.zip");
    expect(exportFileName("Café crème", "zip")).toBe("Cafe-creme.zip");
    expect(exportFileName("循环", "xml")).toBe("export.xml");
    expect(exportFileName("...", "zip")).toBe("export.zip");
  });
});
