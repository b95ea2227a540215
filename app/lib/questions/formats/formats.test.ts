import { readFileSync } from "node:fs";
import { strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseGift } from "./gift";
import { htmlToText, textToHtml } from "./html-text";
import { parseQuestionFile } from "./index";
import { latexToText } from "./latex-text";
import { FormatError, type ExportCoding, type ExportQuestion, type ImportedCoding, type ImportedMcq } from "./model";
import { parseMoodleXml, toMoodleXml } from "./moodle-xml";
import { CHECKER_PATH, CUSTOM_VALIDATOR_WARNING, parseProblemPackage, readValidatorFlags, toProblemPackage } from "./problem-package";
import { categoryFromPath, naturalCompare, normalizeText } from "./text";

const fixture = (name: string) => new URL(`../../../../tests/fixtures/question-formats/${name}`, import.meta.url);
const readText = (name: string) => readFileSync(fixture(name), "utf8");

/** The FormatError a call throws (fails the test when it throws nothing or something else). */
function formatError(fn: () => unknown): FormatError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return e as FormatError;
  }
  throw new Error("expected a FormatError");
}

// ---------------------------------------------------------------- shared helpers

describe("text helpers", () => {
  it("turn Moodle category paths into the last segment", () => {
    expect(categoryFromPath("$course$/top/Programming/Loops")).toBe("Loops");
    expect(categoryFromPath("$system$/top/Arrays")).toBe("Arrays");
    expect(categoryFromPath("$module$/top/Quiz bank")).toBe("Quiz bank");
    expect(categoryFromPath("$cat1$/Recursion")).toBe("Recursion");
    expect(categoryFromPath("$course$/Strings")).toBe("Strings");
    expect(categoryFromPath("top/I//O")).toBe("I/O");
    expect(categoryFromPath("$course$/top")).toBe("");
    expect(categoryFromPath("  Plain name ")).toBe("Plain name");
  });

  it("sort numbered test files naturally", () => {
    expect(["10.in", "2.in", "1.in", "b/1.in", "a.in"].sort(naturalCompare)).toEqual(["1.in", "2.in", "10.in", "a.in", "b/1.in"]);
  });

  it("normalise texts: CRLF, trailing spaces, repeated blank lines outside code", () => {
    expect(normalizeText("\n\na  \r\n\r\n\r\nb\n```\nx\n\n\ny\n```\n\n")).toBe("a\n\nb\n```\nx\n\n\ny\n```");
  });
});

describe("htmlToText", () => {
  it("keeps the words and turns structure into light markdown", () => {
    const { text } = htmlToText(
      "<p>Read <b>n</b> and <em>m</em>.</p><ul><li>one</li><li>two<ol><li>a</li></ol></li></ul><h3>Output</h3><p>x<sup>2</sup>, a<sub>i</sub>, <code>int</code></p>",
    );
    expect(text).toBe("Read **n** and *m*.\n\n- one\n- two\n  1. a\n\n**Output**\n\nx^2, a_i, `int`");
  });

  it("drops scripts, styles, comments and unknown markup but decodes entities", () => {
    const { text } = htmlToText(
      '<style>p{color:red}</style><script>alert("x")</script><!-- note --><p><span style="x">a&nbsp;&amp;&nbsp;b &lt;tag&gt; &#169; &#x3C; &le; &bogus;</span><o:p></o:p></p>',
    );
    expect(text).toBe("a & b <tag> © < ≤ &bogus;");
  });

  it("keeps code blocks verbatim in fences, with the language when named", () => {
    const { text } = htmlToText('<p>Code:</p><pre><code class="language-python">def f(x):\n    return x &lt; 2\n\n\nprint(f(1))</code></pre><p>after</p>');
    expect(text).toBe("Code:\n\n```python\ndef f(x):\n    return x < 2\n\n\nprint(f(1))\n```\n\nafter");
  });

  it("leaves a '<' that opens no HTML tag as text, and moves spaces out of emphasis", () => {
    expect(htmlToText("#include <stdio.h> if a<3 then").text).toBe("#include <stdio.h> if a<3 then");
    expect(htmlToText("a<b> bold </b>c<i></i>d<b>never closed").text).toBe("a **bold** cdnever closed");
  });

  it("counts images, telling Moodle's own files apart", () => {
    const r = htmlToText('<img src="@@PLUGINFILE@@/a.png"><img src="https://example.org/b.png"> text');
    expect(r).toEqual({ text: "text", images: 2, pluginImages: 1 });
  });

  it("stays correct on long texts (the output is built in chunks)", () => {
    const { text } = htmlToText("<p>Line <b>bold</b> &amp; <i>it</i></p>\n".repeat(3000));
    expect(text).toBe(Array(3000).fill("Line **bold** & *it*").join("\n\n"));
    // Emphasis running over thousands of tags is given up rather than kept open: no stray "**".
    const words = Array(10_000).fill("w").join(" ");
    expect(htmlToText(`<b>${"<span>w</span> ".repeat(10_000)}</b>`).text === words).toBe(true);
    expect(htmlToText(`<b>${"<span>w</span> ".repeat(100)}</b>`).text).toBe(`**${Array(100).fill("w").join(" ")}**`);
    expect(htmlToText(`<b>${"<span>w</span> ".repeat(10_000)}`).text === words).toBe(true);
  });

  it("reads back what textToHtml writes", () => {
    const text = "Two  spaces, <tags> & **stars**\n  indented line\ttab\n\nNew paragraph\n\n```c\nint main() {\n\n  return 0;\n}\n```\n\nEnd";
    expect(htmlToText(textToHtml(text)).text).toBe(text);
  });

  it("decodes every character reference HTML names, and legacy ones without ';' as a browser does", () => {
    expect(htmlToText("&hearts; &check; &Zeta; &vartheta; &NotEqualTilde;").text).toBe("♥ ✓ Ζ ϑ ≂̸");
    expect(htmlToText("Ren&eacute Descartes, 90&deg, &copy 2024, AT&T &bogus;").text).toBe("René Descartes, 90°, © 2024, AT&T &bogus;");
  });

  it("escapes what it writes into an attribute, and reads it back", () => {
    const text = "```a\"onmouseover=\"alert(1)&<b>'\nx\n```";
    const html = textToHtml(text);
    const value = /<code class="([^"]*)">/.exec(html)?.[1];
    expect(value).toBe("language-a&quot;onmouseover=&quot;alert(1)&amp;&lt;b&gt;&apos;");
    expect(htmlToText(html).text).toBe(text);
  });

  it("drops comments, CDATA sections, and script and style with their content", () => {
    const { text } = htmlToText(
      '<p>a<!-- c <b>x</b> -->b<![CDATA[ d <i>e</i> ]]>c<script>document.write("</b>" + (1<2))</script><style>p::before{content:"<"}</style>d</p><!-- never ended <p>z',
    );
    expect(text).toBe("abcd");
  });

  it("forgives unclosed and malformed tags", () => {
    expect(htmlToText("<p>one<p>two<ul><li>a<li>b</ul>after").text).toBe("one\n\ntwo\n- a\n- b\n\nafter");
    expect(htmlToText("<table><tr><td>1<td>2<tr><td>3</table>").text).toBe("1 | 2\n3");
    expect(htmlToText("<div class=x>y</span>z <b>bold <i>both</b> tail</i>").text).toBe("yz **bold *both** tail*");
    expect(htmlToText("List<String> xs = new ArrayList<String>(); a <b class='x").text).toBe("List<String> xs = new ArrayList<String>(); a <b class='x");
    expect(htmlToText("<pre>if (a<b) x();</pre><p>x</p").text).toBe("```\nif (a<b) x();\n```\n\nx</p");
  });
});

describe("latexToText", () => {
  it("ignores its own marker characters in the input, so they cannot forge breaks or code", () => {
    // U+0001–U+0004 mark line and paragraph breaks and verbatim placeholders while converting.
    expect(latexToText("a\u0002b \u00030\u0003 \u00040\u0004 \\verb|x| c\u0001d").text).toBe("ab 0 0 x cd");
    // U+00A0 marks list indentation, which survives trimming: in the input it is a space like any other.
    expect(latexToText("\u00A0\u00A0\u00A0\u00A0indented?").text).toBe("indented?");
  });

  it("converts a Kattis-style statement to readable text", () => {
    const r = latexToText(readText("problem.en.tex"));
    expect(r.title).toBe("Hello Contest");
    expect(r.images).toBe(1);
    expect(r.text).toBe(
      [
        "Write a program that greets each of the n contestants (see below). It must be fast: 1 ≤ n ≤ 10^5 and every name has at most 2^(k+1) letters, where k = n/2. That is 100% of the input.",
        "A new line after the break.",
        "",
        "Input",
        "",
        "The input consists of:",
        "- one line with an integer n;",
        "- n lines, each with a name.",
        "",
        "Output",
        "",
        'For each name, print "Hello, name!" on its own line — in input order.',
        "",
        "```",
        "Hello, Ada!   % not a comment in verbatim",
        "```",
      ].join("\n"),
    );
  });

  it("uses the \\begin{problem}{Title} wrapper's title and drops the wrapper", () => {
    const r = latexToText(
      "\\begin{problem}{Old Style}{standard input}{standard output}{1 second}\nText\\\\more \\begin{enumerate}\\item a\\item b\\end{enumerate}\n\\begin{tabular}{|l|r|}\n\\hline\na & b \\\\\n\\end{tabular}\n\\end{problem}",
    );
    expect(r.title).toBe("Old Style");
    expect(r.text).toBe("Text\nmore\n1. a\n2. b\na | b");
  });
});

// ---------------------------------------------------------------- Moodle XML

const LOOP_MCQ: ImportedMcq = {
  kind: "mcq",
  title: "Loop count & output",
  text: 'How many times does this loop print **Hi**?\n\n```\nfor (int i = 0; i < 3; i++)\n    printf("Hi\\n");\n```\n\nChoose one…',
  category: "Loops",
  options: ["2", "3", "*4* & more", "It does not compile"],
  correct: 1,
  sourceRef: "question 1 (line 16)",
};

const SUM_CODING: ImportedCoding = {
  kind: "coding",
  title: "Sum of an array",
  text: "Read *n*, then *n* integers, and print their sum.\n\n- 1 ≤ n ≤ 100\n- Each value fits in an `int`",
  category: "Arrays",
  language: "c",
  testCases: [
    { input: "3\n1 2 3\n", expectedOutput: "6\n", hidden: false, points: 1 },
    { input: "1\n-5", expectedOutput: "-5", hidden: true, points: 2 },
    { input: "4\n  10 20 30 40  ", expectedOutput: "100", hidden: true, points: 1.5 },
    { input: "0", expectedOutput: "0", hidden: true, points: 1 },
    { input: "2\n2147483647 -2147483647", expectedOutput: "0", hidden: true, points: 0.5 },
  ],
  sourceRef: "question 3 (line 110)",
  notes: [
    "hiderestiffail on case 2",
    "case 3 was HIDE in CodeRunner",
    "all-or-nothing grading in CodeRunner (here each case scores on its own)",
    "a sample answer was in the file (not imported)",
  ],
  // cputimelimitsecs 2 (issue 35): the question's own limit now, no longer a note.
  grading: { timeLimitMs: 2000, memoryLimitMb: null, checker: null },
};

/** A minimal <quiz> around some <question> elements. */
const quiz = (...questions: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${questions.join("\n")}\n</quiz>\n`;
const codeRunner = (type: string, extra = "", cases = '<testcases><testcase useasexample="1"><stdin><text>1</text></stdin><expected><text>2</text></expected></testcase></testcases>') =>
  `<question type="coderunner"><name><text>CR ${type}</text></name><questiontext format="html"><text>Do it.</text></questiontext><coderunnertype>${type}</coderunnertype>${extra}${cases}</question>`;

describe("parseMoodleXml", () => {
  it("reads the mixed sample: MCQ, true/false and CodeRunner, skipping what the bank has no place for", () => {
    const r = parseMoodleXml(readText("moodle-mixed.xml"));
    expect(r.categories).toEqual(["Loops", "Arrays"]);
    expect(r.questions).toEqual([
      LOOP_MCQ,
      {
        kind: "mcq",
        title: "While is a pre-test loop",
        text: "A `while` loop checks its condition before each iteration.",
        category: "Loops",
        options: ["True", "False"],
        correct: 0,
        sourceRef: "question 2 (line 71)",
      },
      SUM_CODING,
    ]);
    expect(r.skipped).toEqual([
      {
        title: "Square function",
        sourceRef: "question 4 (line 245)",
        reason: "function-style test code (the tests call the student's function); this bank runs whole programs on stdin",
      },
      {
        title: "Five sorting algorithms",
        sourceRef: "question 5 (line 277)",
        reason: "has 5 options; this bank's multiple-choice questions have 2 to 4",
      },
      { title: "Explain recursion", sourceRef: "question 6 (line 293)", reason: "question type essay is not imported" },
      {
        title: "Hello in Node",
        sourceRef: "question 7 (line 304)",
        reason: "CodeRunner type nodejs: language not supported (C, C++, Python, Java)",
      },
      {
        title: "Valid C types",
        sourceRef: "question 8 (line 322)",
        reason: "has several correct answers (Moodle 'multiple answers allowed'); this bank's multiple-choice questions have one",
      },
    ]);
    expect(r.warnings).toEqual(["question 'Loop count & output': 1 image dropped (@@PLUGINFILE@@ files are not imported)"]);
  });

  it("reads a file saved with a BOM and CRLF line endings, with optional fields missing", () => {
    const raw = readFileSync(fixture("moodle-crlf-bom.xml"));
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(raw.includes("\r\n")).toBe(true);
    // Decoded as the browser would (TextDecoder keeps the BOM out; check both ways).
    for (const text of [raw.toString("utf8"), new TextDecoder().decode(raw)]) {
      const r = parseMoodleXml(text);
      expect(r.categories).toEqual(["Basics"]);
      expect(r.questions).toEqual([
        {
          kind: "mcq",
          title: "Print statement",
          text: "Which line prints `hi`?",
          category: "Basics",
          options: ['print("hi")', "echo hi"],
          correct: 0,
          sourceRef: "question 1 (line 6)",
        },
        {
          kind: "coding",
          title: "Echo two lines",
          text: "Read two lines and print them\nin reverse order.",
          category: "Basics",
          language: "python",
          testCases: [
            { input: "a\nb\n", expectedOutput: "b\na\n", hidden: false, points: null },
            { input: "x\ny", expectedOutput: "y\nx", hidden: true, points: null },
          ],
          sourceRef: "question 2 (line 12)",
          notes: [],
        },
      ]);
      expect(r.skipped).toEqual([]);
      expect(r.warnings).toEqual([]);
    }
  });

  it("treats CDATA as text and decodes entities exactly once", () => {
    const r = parseMoodleXml(
      quiz(
        `<question type="multichoice"><name><text>A &amp;amp; B</text></name>
<questiontext format="html"><text><![CDATA[<p>x &lt; y &amp;&amp; y &gt; z &amp;lt;</p>]]></text></questiontext>
<answer fraction="100"><text>&lt;p&gt;a &amp;lt; b&lt;/p&gt;</text></answer>
<answer fraction="0"><text><![CDATA[&#8804; <b>c</b> ]]]]><![CDATA[> d]]></text></answer></question>`,
      ),
    );
    const q = r.questions[0] as ImportedMcq;
    expect(q.title).toBe("A &amp; B");
    expect(q.text).toBe("x < y && y > z &lt;");
    expect(q.options).toEqual(["a < b", "≤ **c** ]]> d"]);
  });

  it("accepts hand-made files: bare '&', HTML entities outside CDATA, no XML declaration, unknown elements", () => {
    const r = parseMoodleXml(
      `<quiz><question type="truefalse"><name><text>Q & A&nbsp;test</text></name><questiontext><text>Is 1 &lt; 2?</text></questiontext>
<mystery><deep>ignored</deep></mystery><answer fraction="0"><text>true</text></answer><answer fraction="100"><text>false</text></answer></question></quiz>`,
    );
    expect(r.questions).toEqual([
      {
        kind: "mcq",
        title: "Q & A test",
        text: "Is 1 < 2?",
        category: "Imported",
        options: ["True", "False"],
        correct: 1,
        sourceRef: "question 1 (line 1)",
      },
    ]);
    expect(r.categories).toEqual([]);
  });

  it("uses the text when the name is missing and honours plain-text and auto formats", () => {
    const r = parseMoodleXml(
      quiz(
        `<question type="multichoice"><questiontext format="plain_text"><text>&lt;b&gt; is literal here</text></questiontext>
<answer fraction="100" format="moodle_auto_format"><text>line 1
line 2</text></answer><answer><text>other</text></answer></question>`,
      ),
    );
    expect(r.questions[0]).toMatchObject({ title: "<b> is literal here", text: "<b> is literal here", options: ["line 1\nline 2", "other"], correct: 0 });
  });

  it("imports single-answer questions with partial credit, with a warning", () => {
    const r = parseMoodleXml(
      quiz(
        `<question type="multichoice"><name><text>Partial</text></name><questiontext><text>Q</text></questiontext>
<answer fraction="100"><text>a</text></answer><answer fraction="50"><text>b</text></answer><answer fraction="-33.33333"><text>c</text></answer></question>`,
      ),
    );
    expect(r.questions).toHaveLength(1);
    expect(r.warnings).toEqual(["question 'Partial': partial credit on 1 option (50%) is dropped; only the 100% option counts"]);
  });

  it("skips choice questions it cannot represent, saying why", () => {
    const mc = (name: string, answers: string, single = "") =>
      `<question type="multichoice"><name><text>${name}</text></name><questiontext><text>Q</text></questiontext>${single}${answers}</question>`;
    const r = parseMoodleXml(
      quiz(
        mc("Two right", '<answer fraction="100"><text>a</text></answer><answer fraction="100"><text>b</text></answer>'),
        mc("None right", '<answer fraction="0"><text>a</text></answer><answer fraction="0"><text>b</text></answer>'),
        mc("One option", '<answer fraction="100"><text>a</text></answer>'),
        mc("Image only", '<answer fraction="100"><text><![CDATA[<img src="@@PLUGINFILE@@/x.png">]]></text></answer><answer><text>b</text></answer>'),
        '<question type="shortanswer"><name><text>Short</text></name></question>',
        '<question type="ddwtos"><name><text>Drag</text></name></question>',
        '<question type="multianswer"><name><text>Cloze</text></name></question>',
        "<question><name><text>Typeless</text></name></question>",
      ),
    );
    expect(r.questions).toEqual([]);
    expect(r.skipped.map((s) => [s.title, s.reason])).toEqual([
      ["Two right", "has several correct answers"],
      ["None right", "has no answer worth 100%"],
      ["One option", "has 1 option; this bank's multiple-choice questions have 2 to 4"],
      ["Image only", "option 1 has no text (an image only?)"],
      ["Short", "question type shortanswer is not imported"],
      ["Drag", "question type ddwtos is not imported"],
      ["Cloze", "question type multianswer is not imported"],
      ["Typeless", "question has no type"],
    ]);
    expect(r.skipped.map((s) => s.sourceRef)).toEqual([
      "question 1 (line 3)",
      "question 2 (line 4)",
      "question 3 (line 5)",
      "question 4 (line 6)",
      "question 5 (line 7)",
      "question 6 (line 8)",
      "question 7 (line 9)",
      "question 8 (line 10)",
    ]);
  });

  it("maps CodeRunner types to languages, including derived prototypes", () => {
    const r = parseMoodleXml(
      quiz(
        codeRunner("cpp_program"),
        codeRunner("java_program"),
        codeRunner("python3_w_input"),
        codeRunner("python3_scratchpad", "<prototypetype>0</prototypetype>"),
        codeRunner("c_program_gcc13"),
        codeRunner("c_function"),
        codeRunner("python2"),
        codeRunner("octave"),
        codeRunner("sql"),
        codeRunner("pascal_program"),
        codeRunner("c_program", "<prototypetype>2</prototypetype>"),
        codeRunner("c_program", "", "<testcases></testcases>"),
      ),
    );
    expect(r.questions.map((q) => [q.title, (q as ImportedCoding).language])).toEqual([
      ["CR cpp_program", "cpp"],
      ["CR java_program", "java"],
      ["CR python3_w_input", "python"],
      ["CR python3_scratchpad", "python"],
      ["CR c_program_gcc13", "c"],
    ]);
    expect(r.skipped.map((s) => s.reason)).toEqual([
      "CodeRunner type c_function: function-style test code (the tests call the student's function); this bank runs whole programs on stdin",
      "CodeRunner type python2: language not supported (C, C++, Python, Java)",
      "CodeRunner type octave: language not supported (C, C++, Python, Java)",
      "CodeRunner type sql: language not supported (C, C++, Python, Java)",
      "CodeRunner type pascal_program: language not supported (C, C++, Python, Java)",
      "a CodeRunner prototype (a template for other questions), not a question",
      "has no test cases",
    ]);
  });

  it("refuses files that are not Moodle XML, naming the line", () => {
    expect(formatError(() => parseMoodleXml("")).message).toBe("Not a Moodle XML file: the file is empty");
    expect(formatError(() => parseMoodleXml("question,answer\n1,2")).message).toBe(
      "Not a Moodle XML file: it does not start with an XML tag",
    );
    expect(formatError(() => parseMoodleXml('<?xml version="1.0"?>\n<questions><q/></questions>')).message).toBe(
      "Not a Moodle XML file: no <quiz> element",
    );
    const broken = formatError(() => parseMoodleXml("<quiz>\n<question type=\"truefalse\">\n<name><text>x</name>\n</question>\n</quiz>"));
    expect(broken.message).toMatch(/^The XML cannot be read near line 3: /);
    const unclosed = formatError(() => parseMoodleXml("\uFEFF<quiz>\r\n<question>\r\n<a>\r\n"));
    expect(unclosed.message).toMatch(/^The XML cannot be read near line \d+: /);
  });

  it("warns when a quiz has no questions", () => {
    expect(parseMoodleXml("<quiz></quiz>")).toEqual({ questions: [], skipped: [], warnings: ["The file has no questions"], categories: [] });
  });
});

describe("toMoodleXml", () => {
  const exported: ExportQuestion[] = [
    {
      kind: "mcq",
      title: "Pointer <size> & alignment",
      text: "On a 64-bit system, what is `sizeof(int *)`?\n\nAssume **LP64**; see the code:\n\n```c\nint *p;\n  printf(\"%zu\", sizeof p);\n```\n\nA line with ]]> inside.",
      category: "Pointers",
      options: ["4", "8", "16", "<depends>"],
      correct: 1,
    },
    { kind: "mcq", title: "True or false", text: "Arrays decay to pointers.", category: "Pointers", options: ["True", "False"], correct: 0 },
    {
      kind: "coding",
      title: "Reverse a line",
      text: "Read a line and print it reversed.\nKeep  double  spaces.",
      category: "I/O & strings",
      language: "python",
      testCases: [
        { input: "abc\n", expectedOutput: "cba\n", hidden: false, points: 10 },
        { input: "  lead & <trail>  ", expectedOutput: "  >liart< & dael  ", hidden: true, points: 2.5 },
        { input: "]]>", expectedOutput: ">]]", hidden: true, points: 0 },
      ],
    },
    {
      kind: "coding",
      title: "Hello",
      text: "Print Hello.",
      category: "Basics/Intro",
      language: "java",
      testCases: [{ input: "", expectedOutput: "Hello", hidden: false, points: 1 }],
      grading: { timeLimitMs: 2500, memoryLimitMb: 128, checker: null },
    },
    { kind: "coding", title: "C", text: "c", category: "Basics/Intro", language: "c", testCases: [{ input: "1", expectedOutput: "1", hidden: true, points: 5 }] },
    { kind: "coding", title: "C++", text: "cpp", category: "Pointers", language: "cpp", testCases: [{ input: "1", expectedOutput: "1", hidden: false, points: 5 }] },
  ];

  it("round-trips through parseMoodleXml", () => {
    const xml = toMoodleXml(exported);
    const r = parseMoodleXml(xml);
    expect(r.skipped).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.categories).toEqual(["Pointers", "I/O & strings", "Basics/Intro"]);
    const strip = r.questions.map(({ sourceRef, ...q }) => {
      expect(sourceRef).toMatch(/^question \d+ \(line \d+\)$/);
      if (q.kind === "coding") {
        const { notes, ...rest } = q;
        expect(notes).toEqual([]);
        return rest;
      }
      return q;
    });
    expect(strip).toEqual(exported);
  });

  it("writes a category question before each change of category, and CodeRunner fields", () => {
    const xml = toMoodleXml(exported);
    expect(xml.match(/\$course\$\/top\/[^<]*/g)).toEqual([
      "$course$/top/Pointers",
      // Moodle writes a "/" inside a name as "//".
      "$course$/top/I//O &amp; strings",
      "$course$/top/Basics//Intro",
      "$course$/top/Pointers",
    ]);
    expect(xml).toContain("<coderunnertype>python3</coderunnertype>");
    expect(xml).toContain("<coderunnertype>java_program</coderunnertype>");
    expect(xml).toContain("<coderunnertype>c_program</coderunnertype>");
    expect(xml).toContain("<coderunnertype>cpp_program</coderunnertype>");
    expect(xml).toContain("<prototypetype>0</prototypetype>");
    expect(xml).toContain("<allornothing>0</allornothing>");
    expect(xml).toContain('<testcase testtype="0" useasexample="1" hiderestiffail="0" mark="10.0000000" >');
    expect(xml).toContain('<testcase testtype="0" useasexample="0" hiderestiffail="0" mark="2.5000000" >');
    expect(xml).toContain("<single>true</single>");
    expect(xml).toContain("<shuffleanswers>1</shuffleanswers>");
    expect(xml).toContain('<answer fraction="100" format="html">');
  });
});

// ---------------------------------------------------------------- GIFT

describe("parseGift", () => {
  it("reads the sample: categories, titles, escapes, true/false, missing word; skips other kinds", () => {
    const r = parseGift(readText("questions.gift"));
    expect(r.categories).toEqual(["Basics", "Loops"]);
    expect(r.questions).toEqual([
      {
        kind: "mcq",
        title: "Integer division",
        text: "In C, what does 7 / 2 evaluate to?",
        category: "Basics",
        options: ["3", "3.5", "4", "an error"],
        correct: 0,
        sourceRef: "question 1 (line 7)",
      },
      {
        kind: "mcq",
        title: "Escapes: a title with a colon",
        text: "What does the expression a = b ~ c mean when written in a {block}?",
        category: "Basics",
        options: ["nothing special", "an assignment", "a #define"],
        correct: 0,
        sourceRef: "question 2 (line 14)",
      },
      {
        kind: "mcq",
        title: "Python is compiled",
        text: "Python source is compiled to bytecode.",
        category: "Basics",
        options: ["True", "False"],
        correct: 0,
        sourceRef: "question 3 (line 16)",
      },
      {
        kind: "mcq",
        title: "Braces in Java",
        text: "A Java method body needs no { } braces.",
        category: "Basics",
        options: ["True", "False"],
        correct: 1,
        sourceRef: "question 4 (line 18)",
      },
      {
        kind: "mcq",
        title: "Missing word",
        text: "A loop that never ends is called an _____ loop.",
        category: "Loops",
        options: ["infinite", "endless", "eternal"],
        correct: 0,
        sourceRef: "question 5 (line 22)",
      },
      {
        kind: "mcq",
        title: "HTML question",
        text: "Pick the **largest** type:",
        category: "Loops",
        options: ["long", "char", "short"],
        correct: 0,
        sourceRef: "question 12 (line 37)",
      },
      {
        kind: "mcq",
        title: "Line one line two of a question without a title, long enough",
        text: "Line one\nline two of a question without a title, long enough to be cut at sixty characters",
        category: "Loops",
        options: ["ok", "not ok"],
        correct: 0,
        sourceRef: "question 13 (line 39)",
      },
    ]);
    expect(r.skipped).toEqual([
      {
        title: "What keyword leaves a loop early in Python?",
        sourceRef: "question 6 (line 24)",
        reason: "a short-answer question ({=…} with no ~ wrong answers) is not imported",
      },
      { title: "Numeric answer", sourceRef: "question 7 (line 26)", reason: "a numerical question ({#…}) is not imported" },
      { title: "Essay", sourceRef: "question 8 (line 28)", reason: "an essay question ({ } with no answers) is not imported" },
      { title: "Matching", sourceRef: "question 9 (line 30)", reason: "a matching question (=… -> …) is not imported" },
      {
        title: "Weighted",
        sourceRef: "question 10 (line 32)",
        reason: "uses answer weights (%50%), a several-correct style; this bank's multiple-choice questions have one correct answer",
      },
      { title: "Unclosed", sourceRef: "question 11 (line 34)", reason: "line 34: unclosed {" },
    ]);
    expect(r.warnings).toEqual(["question 'HTML question': 1 image dropped (@@PLUGINFILE@@ files are not imported)"]);
  });

  it("reads CRLF files with a BOM the same way", () => {
    const text = readText("questions.gift");
    expect(parseGift(`\uFEFF${text.replace(/\n/g, "\r\n")}`)).toEqual(parseGift(text));
  });

  it("handles formats, several correct answers, option counts, stray braces and descriptions", () => {
    const r = parseGift(
      [
        "::Plain::[plain] <b>not bold</b> {=a ~b}",
        "",
        "::Markdown::[markdown]Use *this*\\nplease {=a ~b}",
        "",
        "::Two right:: Q {=a =b ~c}",
        "",
        "::Too many:: Q {=a ~b ~c ~d ~e}",
        "",
        "::No right:: Q {~a ~b}",
        "",
        "::Penalty:: Q {=a ~%-50%b}",
        "",
        "::Stray:: Q } oops {=a ~b}",
        "",
        "::Description:: Just some text.",
        "",
        "::Multi-line::",
        "Which one?",
        "// a comment inside the question",
        "{",
        "  =right # feedback",
        "  ~wrong",
        "}",
      ].join("\n"),
    );
    expect(r.questions.map((q) => [q.title, q.text, (q as ImportedMcq).options, (q as ImportedMcq).correct])).toEqual([
      ["Plain", "<b>not bold</b>", ["a", "b"], 0],
      ["Markdown", "Use *this*\nplease", ["a", "b"], 0],
      ["Penalty", "Q", ["a", "b"], 0],
      ["Multi-line", "Which one?", ["right", "wrong"], 0],
    ]);
    expect(r.skipped.map((s) => [s.title, s.sourceRef, s.reason])).toEqual([
      ["Two right", "question 3 (line 5)", "has several correct answers"],
      ["Too many", "question 4 (line 7)", "has 5 options; this bank's multiple-choice questions have 2 to 4"],
      ["No right", "question 5 (line 9)", "has no correct answer (=)"],
      ["Stray", "question 7 (line 13)", "line 13: } without {"],
      ["Description", "question 8 (line 15)", "a description (text with no { } answer block) is not imported"],
    ]);
    expect(r.warnings).toEqual(["question 'Penalty': negative weights on 1 option are dropped (a wrong answer scores 0)"]);
    expect(r.categories).toEqual([]);
    expect(r.questions[0].category).toBe("Imported");
  });

  it("refuses empty and binary files", () => {
    expect(formatError(() => parseGift("  \n\n")).message).toBe("Not a GIFT file: the file is empty");
    expect(formatError(() => parseGift("::a:: b {T}\n\u0000\u0001")).message).toBe("Not a GIFT file: binary data on line 2");
  });
});

// ---------------------------------------------------------------- problem packages

const u8 = (s: string) => strToU8(s);

function helloPackage(prefix = ""): Record<string, Uint8Array> {
  return {
    [`${prefix}problem.yaml`]: u8("name:\n  de: Hallo\n  en: Hello World\nsource: Spring Contest 2024\nlicense: cc by-sa\nlimits:\n  memory: 512\n"),
    [`${prefix}problem_statement/problem.en.md`]: u8("\uFEFFPrint `Hello, World!`.\r\n\r\n## Input\r\n\r\nNone.\r\n\r\n![diagram](diagram.png)\r\n"),
    [`${prefix}data/sample/1.in`]: u8(""),
    [`${prefix}data/sample/1.ans`]: u8("Hello, World!\r\n"),
    [`${prefix}data/secret/group1/10.in`]: u8("ten\r\n"),
    [`${prefix}data/secret/group1/10.ans`]: u8("Hello, World!\n"),
    [`${prefix}data/secret/group1/2.in`]: u8("two\r\nlines\r\n"),
    [`${prefix}data/secret/group1/2.ans`]: u8("Hello, World!\n"),
    [`${prefix}data/secret/3.in`]: u8("  spaces kept  \n"),
    [`${prefix}data/secret/3.ans`]: u8("Hello, World!\n"),
    [`${prefix}data/secret/orphan.in`]: u8("x"),
    [`${prefix}submissions/accepted/hello.py`]: u8('print("Hello, World!")\n'),
  };
}

describe("parseProblemPackage", () => {
  it("reads a package at the root: name, markdown statement, sample and secret data", () => {
    const r = parseProblemPackage(zipSync(helloPackage()), "hello.zip");
    expect(r.questions).toEqual([
      {
        kind: "coding",
        title: "Hello World",
        text: "Print `Hello, World!`.\n\n## Input\n\nNone.",
        category: "Imported",
        language: null,
        testCases: [
          { input: "", expectedOutput: "Hello, World!\n", hidden: false, points: null },
          { input: "  spaces kept  \n", expectedOutput: "Hello, World!\n", hidden: true, points: null },
          { input: "two\nlines\n", expectedOutput: "Hello, World!\n", hidden: true, points: null },
          { input: "ten\n", expectedOutput: "Hello, World!\n", hidden: true, points: null },
        ],
        sourceRef: "problem.yaml",
        notes: ["source: Spring Contest 2024", "license: cc by-sa"],
        grading: { timeLimitMs: null, memoryLimitMb: 512, checker: null },
      },
    ]);
    expect(r.skipped).toEqual([]);
    expect(r.categories).toEqual([]);
    expect(r.warnings).toEqual([
      "problem 'Hello World': 1 statement image dropped (images are not imported)",
      "problem 'Hello World': data/secret/orphan.in has no matching .ans: skipped",
    ]);
  });

  it("reads a package inside one top folder with a LaTeX statement and no name in problem.yaml", () => {
    const files = {
      "greet/problem.yaml": u8("source: Example\n"),
      "greet/problem_statement/problem.en.tex": u8(readText("problem.en.tex")),
      "greet/data/sample/1.in": u8("1\nAda\n"),
      "greet/data/sample/1.ans": u8("Hello, Ada!\n"),
    };
    const r = parseProblemPackage(zipSync(files), "greet.zip");
    const q = r.questions[0] as ImportedCoding;
    expect(q.title).toBe("Hello Contest");
    expect(q.text.startsWith("Write a program that greets each of the n contestants (see below).")).toBe(true);
    expect(q.text).toContain("\n\nInput\n\nThe input consists of:\n- one line with an integer n;");
    expect(q.sourceRef).toBe("greet/problem.yaml");
    expect(q.testCases).toEqual([{ input: "1\nAda\n", expectedOutput: "Hello, Ada!\n", hidden: false, points: null }]);
    expect(r.warnings).toEqual(["problem 'Hello Contest': 1 statement image dropped (images are not imported)"]);
  });

  it("falls back to the zip's name for the title, and reads the newer statement/ folder", () => {
    const r = parseProblemPackage(
      zipSync({
        "statement/problem.en.md": u8("Newer format."),
        "data/sample/a.in": u8("1"),
        "data/sample/a.ans": u8("2"),
      }),
      "C:\\Downloads\\add-one.zip",
    );
    expect(r.questions).toMatchObject([{ title: "add-one", text: "Newer format.", sourceRef: "C:\\Downloads\\add-one.zip" }]);
  });

  it("takes a markdown statement's leading heading as the title only when problem.yaml names none", () => {
    const data = { "data/sample/1.in": u8("1"), "data/sample/1.ans": u8("1") };
    const md = { "problem_statement/problem.md": u8("# Add One\n\nPrint n + 1.\n") };
    expect(parseProblemPackage(zipSync({ ...data, ...md }), "x.zip").questions).toMatchObject([{ title: "Add One", text: "Print n + 1." }]);
    const named = parseProblemPackage(zipSync({ ...data, ...md, "problem.yaml": u8("name: Increment\n") }), "x.zip");
    expect(named.questions).toMatchObject([{ title: "Increment", text: "# Add One\n\nPrint n + 1." }]);
  });

  it("reads a single C++ output validator as the custom checker, with no warning; warns about validators it cannot use", () => {
    const base = { "data/sample/1.in": u8("1"), "data/sample/1.ans": u8("1"), "problem_statement/problem.md": u8("x") };
    const parse = (files: Record<string, Uint8Array>) => parseProblemPackage(zipSync({ ...base, ...files }), "p.zip");
    const source = '#include <cstdio>\nint main(int argc, char** argv) { return 42; }\n';
    const single = parse({ "problem.yaml": u8("name: Folder\nvalidation: custom\n"), "output_validators/check/check.cpp": u8(source) });
    expect(single.warnings).toEqual([]);
    expect((single.questions[0] as ImportedCoding).grading).toEqual({ timeLimitMs: null, memoryLimitMb: null, checker: { type: "custom", source } });
    // The 2023 format's single output_validator/ folder too.
    const newer = parse({ "problem.yaml": u8("name: Newer\n"), "output_validator/validate.cc": u8(source) });
    expect(newer.warnings).toEqual([]);
    expect((newer.questions[0] as ImportedCoding).grading?.checker).toEqual({ type: "custom", source });

    const multi = parse({ "problem.yaml": u8("name: Multi\n"), "output_validators/v/validate.cc": u8(source), "output_validators/v/validate.h": u8("//") });
    expect(multi.warnings).toEqual([`problem 'Multi': ${CUSTOM_VALIDATOR_WARNING} (2 files: output_validators/v/validate.cc, output_validators/v/validate.h)`]);
    expect((multi.questions[0] as ImportedCoding).grading).toBeUndefined();
    const python = parse({ "problem.yaml": u8("name: Py\n"), "output_validators/v/check.py": u8("exit(42)") });
    expect(python.warnings).toEqual([`problem 'Py': ${CUSTOM_VALIDATOR_WARNING} (output_validators/v/check.py)`]);
    expect(parse({ "problem.yaml": u8("name: Custom\nvalidation: custom\n") }).warnings).toEqual([`problem 'Custom': ${CUSTOM_VALIDATOR_WARNING}`]);
    expect(parse({ "problem.yaml": u8("name: Talk\nvalidation: custom interactive\n") }).warnings).toEqual([
      `problem 'Talk': ${CUSTOM_VALIDATOR_WARNING}`,
      "problem 'Talk': interactive problem: here the program only gets the .in file on stdin",
    ]);
  });

  it.each([
    ["float_tolerance 1e-6", { type: "tolerance", absolute: 1e-6, relative: 1e-6, caseSensitive: false, spaceSensitive: false }],
    [
      "float_absolute_tolerance 1e-9 case_sensitive",
      { type: "tolerance", absolute: 1e-9, relative: 0, caseSensitive: true, spaceSensitive: false },
    ],
    [
      "float_relative_tolerance 0.001 space_change_sensitive case_sensitive",
      { type: "tolerance", absolute: 0, relative: 0.001, caseSensitive: true, spaceSensitive: true },
    ],
    ["case_sensitive", { type: "whitespace" }],
    ["space_change_sensitive", { type: "case" }],
    ["case_sensitive space_change_sensitive", null],
  ])("maps validator_flags %s onto a checker with no warning", (flags, checker) => {
    const r = parseProblemPackage(
      zipSync({ "problem.yaml": u8(`name: Float\nvalidator_flags: ${flags}\n`), "problem_statement/problem.md": u8("x"), "data/sample/1.in": u8("1"), "data/sample/1.ans": u8("1") }),
      "p.zip",
    );
    expect(r.warnings).toEqual([]);
    expect((r.questions[0] as ImportedCoding).grading?.checker ?? null).toEqual(checker);
  });

  it("warns about validator flags it cannot map", () => {
    expect(readValidatorFlags("float_tolerance 1e-6 ignore_trailing")).toEqual({
      checker: { type: "tolerance", absolute: 1e-6, relative: 1e-6, caseSensitive: false, spaceSensitive: false },
      warnings: ['validator flag "ignore_trailing" is not supported: ignored'],
    });
    expect(readValidatorFlags("float_tolerance lots").warnings).toEqual(["validator flag float_tolerance lots is not a tolerance from 0 to 1: ignored"]);
    expect(readValidatorFlags(["case_sensitive"])).toEqual({ checker: { type: "whitespace" }, warnings: [] });
    expect(readValidatorFlags(undefined)).toEqual({ checker: null, warnings: [] });
  });

  it("reads limits: time_limit, else .timelimit (the legacy multiplier's result); memory; out of bounds clamped with a warning", () => {
    const base = { "problem_statement/problem.md": u8("x"), "data/sample/1.in": u8("1"), "data/sample/1.ans": u8("1") };
    const parse = (files: Record<string, Uint8Array>) => parseProblemPackage(zipSync({ ...base, ...files }), "p.zip");
    const grading = (r: ReturnType<typeof parse>) => (r.questions[0] as ImportedCoding).grading;
    expect(grading(parse({ "problem.yaml": u8("name: A\nlimits:\n  time_limit: 1.5\n  memory: 256\n") }))).toEqual({ timeLimitMs: 1500, memoryLimitMb: 256, checker: null });
    expect(grading(parse({ "problem.yaml": u8("name: B\nlimits:\n  time_multiplier: 3\n"), ".timelimit": u8("2\n") }))).toEqual({ timeLimitMs: 2000, memoryLimitMb: null, checker: null });
    const noReference = parse({ "problem.yaml": u8("name: C\nlimits:\n  time_multiplier: 3\n") });
    expect(grading(noReference)).toBeUndefined();
    expect((noReference.questions[0] as ImportedCoding).notes).toEqual([
      "time multiplier 3 in the package, without the reference solution's time (.timelimit): the runner's default time limit applies",
    ]);
    const outOfBounds = parse({ "problem.yaml": u8("name: D\nlimits:\n  time_limit: 30\n  memory: 2048\n") });
    expect(grading(outOfBounds)).toEqual({ timeLimitMs: 10_000, memoryLimitMb: 1024, checker: null });
    expect(outOfBounds.warnings).toEqual([
      "problem 'D': time limit 30 s is above 10 s: set to 10 s",
      "problem 'D': memory limit 2048 MB is above 1024 MB: set to 1024 MB",
    ]);
  });

  it("reads a zip of several packages, one per folder, and skips the one without test data", () => {
    const files = {
      ...helloPackage("b-hello/"),
      "a-empty/problem.yaml": u8("name: Empty\n"),
      "a-empty/problem_statement/problem.en.md": u8("Nothing to test."),
      "a-empty/data/secret/1.in": u8("no answer file"),
      "c-noname/data/secret/1.in": u8("1"),
      "c-noname/data/secret/1.ans": u8("1"),
      "__MACOSX/b-hello/._problem.yaml": u8("junk"),
    };
    const r = parseProblemPackage(zipSync(files), "contest.zip");
    expect(r.questions.map((q) => [q.title, q.sourceRef, (q as ImportedCoding).testCases.length])).toEqual([
      ["Hello World", "b-hello/problem.yaml", 4],
      ["c-noname", "c-noname/", 1],
    ]);
    expect(r.skipped).toEqual([
      {
        title: "Empty",
        sourceRef: "a-empty/problem.yaml",
        reason: "no test data: data/sample and data/secret have no .in files with a matching .ans",
      },
    ]);
  });

  it("skips a package whose problem.yaml cannot be read, naming the line", () => {
    const r = parseProblemPackage(
      zipSync({ "problem.yaml": u8("name: [unclosed\nvalidation: default\n"), "data/sample/1.in": u8("1"), "data/sample/1.ans": u8("1") }),
      "bad.zip",
    );
    expect(r.questions).toEqual([]);
    expect(r.skipped).toHaveLength(1);
    expect(r.skipped[0].reason).toMatch(/^problem\.yaml cannot be read: .*line \d+/);
  });

  it("refuses corrupt zips, zips that hold no package, and oversized ones", () => {
    expect(formatError(() => parseProblemPackage(new Uint8Array([1, 2, 3, 4]), "x.zip")).message).toMatch(/^This \.zip cannot be read/);
    const good = zipSync(helloPackage());
    expect(formatError(() => parseProblemPackage(good.subarray(0, good.length - 40), "x.zip")).message).toMatch(/^This \.zip cannot be read/);
    expect(formatError(() => parseProblemPackage(zipSync({ "readme.txt": u8("hi") }), "x.zip")).message).toBe(
      "Not a problem package: no problem.yaml and no data/sample or data/secret folder in this .zip",
    );
    // Declare 60 MB for one test file in the central directory: refused before anything is inflated.
    const big = zipSync({ "data/secret/1.in": u8("x".repeat(1000)), "data/secret/1.ans": u8("y") });
    const view = new DataView(big.buffer, big.byteOffset, big.byteLength);
    for (let i = 0; i < big.length - 4; i++) {
      if (view.getUint32(i, true) === 0x02014b50) {
        view.setUint32(i + 24, 60 * 1024 * 1024, true);
        break;
      }
    }
    expect(formatError(() => parseProblemPackage(big, "big.zip")).message).toMatch(/^This \.zip is too large: .*data\/secret\/1\.in.*50 MB/);
  });
});

describe("toProblemPackage", () => {
  const question: ExportCoding = {
    kind: "coding",
    title: "Sum: two numbers",
    text: "Read *a* and *b*; print a + b.\n\n```\n3 4\n```",
    category: "Arithmetic",
    language: "cpp",
    testCases: [
      { input: "3 4\n", expectedOutput: "7\n", hidden: false, points: 2 },
      { input: "-1 1", expectedOutput: "0", hidden: true, points: 1 },
      ...Array.from({ length: 10 }, (_, k) => ({ input: `${k} ${k}`, expectedOutput: `${2 * k}`, hidden: true, points: 1 })),
    ],
  };

  it("writes problem.yaml, the statement and numbered data files", () => {
    const files = unzipSync(toProblemPackage(question));
    const decode = (name: string) => new TextDecoder().decode(files[name]);
    expect(Object.keys(files).sort(naturalCompare)).toEqual([
      "data/sample/1.ans",
      "data/sample/1.in",
      ...Array.from({ length: 11 }, (_, k) => String(k + 1).padStart(2, "0")).flatMap((id) => [`data/secret/${id}.ans`, `data/secret/${id}.in`]),
      "problem.yaml",
      "problem_statement/problem.en.md",
    ]);
    expect(decode("problem.yaml")).toBe('name: "Sum: two numbers"\nvalidation: default\n');
    expect(decode("problem_statement/problem.en.md")).toBe(`${question.text}\n`);
    expect(decode("data/secret/01.in")).toBe("-1 1");
  });

  it("round-trips through parseProblemPackage (open cases first; language and points are not in the format)", () => {
    const r = parseProblemPackage(toProblemPackage(question), "sum.zip");
    expect(r.warnings).toEqual([]);
    expect(r.questions).toEqual([
      {
        kind: "coding",
        title: question.title,
        text: question.text,
        category: "Imported",
        language: null,
        testCases: question.testCases.map(({ points: _points, ...tc }) => ({ ...tc, points: null })),
        sourceRef: "problem.yaml",
        notes: [],
      },
    ]);
  });
});

describe("toProblemPackage with grading (issue 35)", () => {
  const base: ExportCoding = {
    kind: "coding",
    title: "Circle area",
    text: "Print the area.",
    category: "Geometry",
    language: "cpp",
    testCases: [{ input: "1\n", expectedOutput: "3.14159265\n", hidden: false, points: 10 }],
  };
  const roundTrip = (q: ExportCoding) => {
    const r = parseProblemPackage(toProblemPackage(q), "circle.zip");
    expect(r.warnings).toEqual([]);
    return (r.questions[0] as ImportedCoding).grading;
  };

  it.each([
    [{ timeLimitMs: 2500, memoryLimitMb: 128, checker: { type: "tolerance", absolute: 1e-6, relative: 1e-4, caseSensitive: true, spaceSensitive: false } }],
    [{ timeLimitMs: 100, memoryLimitMb: null, checker: { type: "tolerance", absolute: 0, relative: 1e-6, caseSensitive: false, spaceSensitive: true } }],
    [{ timeLimitMs: null, memoryLimitMb: 1024, checker: { type: "whitespace" } }],
    [{ timeLimitMs: null, memoryLimitMb: null, checker: { type: "case" } }],
    [{ timeLimitMs: 10_000, memoryLimitMb: 16, checker: { type: "custom", source: "#include <cstdlib>\nint main() { return 42; }\n" } }],
  ] as const)("round-trips %o through parseProblemPackage", (grading) => {
    expect(roundTrip({ ...base, grading: grading as ExportCoding["grading"] })).toEqual(grading);
  });

  it("writes problem.yaml limits and validator_flags, and the checker as output_validators/checker/checker.cpp", () => {
    const files = unzipSync(
      toProblemPackage({ ...base, grading: { timeLimitMs: 500, memoryLimitMb: 64, checker: { type: "tolerance", absolute: 1e-6, relative: 1e-6, caseSensitive: true, spaceSensitive: false } } }),
    );
    expect(new TextDecoder().decode(files["problem.yaml"])).toBe(
      "name: Circle area\nvalidation: default\nvalidator_flags: float_absolute_tolerance 0.000001 float_relative_tolerance 0.000001 case_sensitive\nlimits:\n  time_limit: 0.5\n  memory: 64\n",
    );
    const custom = unzipSync(toProblemPackage({ ...base, grading: { timeLimitMs: null, memoryLimitMb: null, checker: { type: "custom", source: "int main(){return 42;}" } } }));
    expect(new TextDecoder().decode(custom["problem.yaml"])).toBe("name: Circle area\nvalidation: custom\n");
    expect(new TextDecoder().decode(custom[CHECKER_PATH])).toBe("int main(){return 42;}");
    // No grading: the file as before.
    expect(new TextDecoder().decode(unzipSync(toProblemPackage(base))["problem.yaml"])).toBe("name: Circle area\nvalidation: default\n");
  });
});

describe("Moodle XML limits (issue 35)", () => {
  it("reads cputimelimitsecs and memlimitmb, clamping values out of bounds with a warning", () => {
    const r = parseMoodleXml(
      quiz(
        codeRunner("python3", "<cputimelimitsecs>0.5</cputimelimitsecs><memlimitmb>64</memlimitmb>"),
        codeRunner("c_program", "<cputimelimitsecs>60</cputimelimitsecs><memlimitmb>8</memlimitmb>"),
        codeRunner("cpp_program", "<cputimelimitsecs>abc</cputimelimitsecs><memlimitmb></memlimitmb>"),
      ),
    );
    expect(r.questions.map((q) => (q as ImportedCoding).grading)).toEqual([
      { timeLimitMs: 500, memoryLimitMb: 64, checker: null },
      { timeLimitMs: 10_000, memoryLimitMb: 16, checker: null },
      undefined,
    ]);
    expect(r.warnings).toEqual([
      "question 'CR c_program': CPU time limit 60 s is above 10 s: set to 10 s",
      "question 'CR c_program': memory limit 8 MB is below 16 MB: set to 16 MB",
      "question 'CR cpp_program': CPU time limit ? s is not a limit: the runner's default applies",
    ]);
  });

  it("writes cputimelimitsecs and memlimitmb (empty without a limit)", () => {
    const q: ExportCoding = { kind: "coding", title: "T", text: "t", category: "C", language: "c", testCases: [{ input: "1", expectedOutput: "1", hidden: false, points: 1 }] };
    const xml = toMoodleXml([{ ...q, grading: { timeLimitMs: 1250, memoryLimitMb: 300, checker: null } }, q]);
    expect(xml).toContain("<cputimelimitsecs>1.25</cputimelimitsecs>");
    expect(xml).toContain("<memlimitmb>300</memlimitmb>");
    expect(xml).toContain("<cputimelimitsecs></cputimelimitsecs>");
  });
});

describe("parseQuestionFile", () => {
  it("dispatches by file name or content", () => {
    const xml = strToU8(readText("moodle-crlf-bom.xml"));
    expect(parseQuestionFile("bank.xml", xml).questions).toHaveLength(2);
    expect(parseQuestionFile("export", xml).questions).toHaveLength(2);
    expect(parseQuestionFile("q.gift", strToU8(readText("questions.gift"))).questions).toHaveLength(7);
    expect(parseQuestionFile("p", toProblemPackage({ kind: "coding", title: "t", text: "x", category: "c", language: "c", testCases: [{ input: "1", expectedOutput: "1", hidden: false, points: 1 }] })).questions).toHaveLength(1);
    expect(formatError(() => parseQuestionFile("notes.pdf", strToU8("%PDF-1.4"))).message).toMatch(/not a CSV \(\.csv\), Moodle XML/);
  });
});
