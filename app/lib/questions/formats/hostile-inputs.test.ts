// Files made to hang or exhaust the admin's browser (security review, finding 9):
// each is refused with a message or read in time proportional to its size.
// Timing is compared with a normal input of about the same size parsed in the
// same run (the machine may be slow or busy), with 100 ms always allowed: the
// inputs below took seconds to a minute before.
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseGift } from "./gift";
import { htmlToText } from "./html-text";
import { FormatError } from "./model";
import { parseMoodleXml } from "./moodle-xml";
import { parseProblemPackage } from "./problem-package";
import { normalizeText } from "./text";

/** Milliseconds `fn` takes: the best of `runs` (the first also warms the code up). */
function millis(fn: () => unknown, runs = 1): number {
  let best = Infinity;
  for (let k = 0; k < runs; k++) {
    const start = performance.now();
    try {
      fn();
    } catch {
      // a refusal is an answer too; what it says is checked separately
    }
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

/** `hostile` runs within 100 ms, or within 10 times what `normal` (about the same size) takes. */
function expectLinear(normal: () => unknown, hostile: () => unknown) {
  const baseline = millis(normal, 3);
  const took = millis(hostile);
  expect(took, `took ${took.toFixed(0)} ms; a normal input of the same size ${baseline.toFixed(0)} ms`).toBeLessThan(
    Math.max(100, 10 * baseline),
  );
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FormatError);
    return (e as FormatError).message;
  }
  throw new Error("expected a FormatError");
}

const moodleQuestion = (html: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <name><text>Q</text></name>
    <questiontext format="html"><text><![CDATA[${html}]]></text></questiontext>
    <single>true</single>
    <answer fraction="100"><text>yes</text></answer>
    <answer fraction="0"><text>no</text></answer>
  </question>
</quiz>`;

/** A real-looking Moodle XML file of about `bytes`. */
function normalMoodle(bytes: number): string {
  const one = moodleQuestion("<p>What does <b>this</b> print?</p><pre>for i in range(3):\n    print(i)</pre>").replace(/^[\s\S]*?<quiz>|<\/quiz>\s*$/g, "");
  return `<?xml version="1.0"?>\n<quiz>${one.repeat(Math.ceil(bytes / one.length))}</quiz>`;
}

const normalHtml = (bytes: number) => "<p>Read <b>n</b> numbers &amp; print <i>their</i> sum.</p>\n".repeat(Math.ceil(bytes / 56));

/**
 * A zip whose central directory lists `count` entries, all pointing at one stored
 * (method 0) file of `size` bytes and each declaring an original size of 1 byte.
 */
function overlappingZip(count: number, size: number): Uint8Array {
  const data = new Uint8Array(size).fill(0x61);
  const localName = strToU8("data/secret/1.in");
  const local = new Uint8Array(30 + localName.length);
  const lv = new DataView(local.buffer);
  lv.setUint32(0, 0x04034b50, true);
  lv.setUint16(4, 20, true);
  lv.setUint32(18, size, true); // compressed
  lv.setUint32(22, 1, true); // original: a lie
  lv.setUint16(26, localName.length, true);
  local.set(localName, 30);

  const entries: Uint8Array[] = [];
  for (let k = 0; k < count; k++) {
    const name = strToU8(`data/secret/${k}.${k % 2 ? "ans" : "in"}`);
    const entry = new Uint8Array(46 + name.length);
    const v = new DataView(entry.buffer);
    v.setUint32(0, 0x02014b50, true);
    v.setUint16(4, 20, true);
    v.setUint16(6, 20, true);
    v.setUint32(20, size, true);
    v.setUint32(24, 1, true);
    v.setUint16(28, name.length, true);
    v.setUint32(42, 0, true); // every entry: the one local header at 0
    entry.set(name, 46);
    entries.push(entry);
  }
  const directorySize = entries.reduce((n, e) => n + e.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, count, true);
  ev.setUint16(10, count, true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, local.length + size, true);

  const zip = new Uint8Array(local.length + size + directorySize + end.length);
  let at = 0;
  for (const part of [local, data, ...entries, end]) {
    zip.set(part, at);
    at += part.length;
  }
  return zip;
}

describe("a zip bomb", () => {
  it("whose 120 entries all point at one stored 2 MB file is refused, naming two of them", () => {
    const bomb = overlappingZip(120, 2 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2.2 * 1024 * 1024);
    const message = refusal(() => parseProblemPackage(bomb, "bomb.zip"));
    expect(message).toBe(
      "This .zip is not a normal zip: its entries data/secret/0.in and data/secret/1.ans use the same bytes (as a zip bomb does), so it was not unpacked",
    );
    expectLinear(
      () => parseProblemPackage(zipSync({ "problem.yaml": strToU8("name: A"), "data/secret/1.in": new Uint8Array(2 * 1024 * 1024), "data/secret/1.ans": strToU8("1") }, { level: 0 }), "a.zip"),
      () => parseProblemPackage(bomb, "bomb.zip"),
    );
  });

  it("while ordinary stored and deflated zips, with folders and empty files, still read", () => {
    for (const level of [0, 6] as const) {
      const zip = zipSync(
        {
          "pkg/": new Uint8Array(0),
          "pkg/problem.yaml": strToU8("name: Stored"),
          "pkg/data/sample/1.in": strToU8("1 2\n"),
          "pkg/data/sample/1.ans": strToU8("3\n"),
          "pkg/data/secret/empty.in": new Uint8Array(0),
          "pkg/data/secret/empty.ans": strToU8("0\n"),
        },
        { level },
      );
      const r = parseProblemPackage(zip, "stored.zip");
      expect(r.questions.map((q) => q.title)).toEqual(["Stored"]);
      expect(r.questions[0].kind === "coding" && r.questions[0].testCases.length).toBe(2);
    }
  });

  it("that is not a zip at all is refused as unreadable", () => {
    expect(refusal(() => parseProblemPackage(strToU8("PK not really"), "x.zip"))).toMatch(/^This \.zip cannot be read \(/);
  });
});

describe("Moodle XML", () => {
  it("of 160 KB of '<!--' is refused quickly", () => {
    const hostile = `<?xml version="1.0"?><quiz>${"<!--".repeat(40_000)}</quiz>`;
    expect(refusal(() => parseMoodleXml(hostile))).toMatch(/^The XML cannot be read near line 1/);
    expectLinear(() => parseMoodleXml(normalMoodle(hostile.length)), () => parseMoodleXml(hostile));
    expectLinear(() => parseMoodleXml(normalMoodle(hostile.length)), () => parseMoodleXml("<!--".repeat(40_000)));
  });

  it("with 80 KB of '<b x' in a question text reads it as text, quickly", () => {
    const hostile = moodleQuestion("<b x".repeat(20_000));
    const r = parseMoodleXml(hostile);
    expect(r.questions[0].text).toBe("<b x".repeat(20_000));
    expectLinear(() => parseMoodleXml(normalMoodle(hostile.length)), () => parseMoodleXml(hostile));
  });

  it("with a true/false answer of 80 KB of '<' reads quickly", () => {
    const hostile = `<?xml version="1.0"?><quiz><question type="truefalse"><name><text>T</text></name>
      <questiontext format="html"><text>Is it?</text></questiontext>
      <answer fraction="100"><text><![CDATA[${"<".repeat(80_000)}]]></text></answer><answer fraction="0"><text>false</text></answer></question></quiz>`;
    expect(parseMoodleXml(hostile).questions).toHaveLength(1);
    expectLinear(() => parseMoodleXml(normalMoodle(hostile.length)), () => parseMoodleXml(hostile));
  });
});

describe("GIFT", () => {
  const normalGift = (bytes: number) => "::Q:: What is 1 + 1? {=2 ~3 ~4}\n\n".repeat(Math.ceil(bytes / 34));

  it.each(["", "[plain]", "[markdown]", "[html]"])("with a line of 40,000 spaces (%s) reads quickly", (marker) => {
    const hostile = `::T:: ${marker} Question${" ".repeat(40_000)}text {=a ~b}`;
    const r = parseGift(hostile);
    expect(r.questions[0].text).toMatch(/^Question +text$|^Question text$/);
    expectLinear(() => parseGift(normalGift(hostile.length)), () => parseGift(hostile));
  });

  it("with 80 KB of '<b x' in an HTML question text reads it as text, quickly", () => {
    const hostile = `::T:: [html] ${"<b x".repeat(20_000)} {=a ~b}`;
    expect(parseGift(hostile).questions[0].text).toBe("<b x".repeat(20_000).trim());
    expectLinear(() => parseGift(normalGift(hostile.length)), () => parseGift(hostile));
  });
});

describe("question text conversion", () => {
  it("normalizeText trims a line of 40,000 spaces before a letter quickly", () => {
    const hostile = `${" ".repeat(40_000)}x\n`.repeat(2);
    expect(normalizeText(hostile)).toBe(`${" ".repeat(40_000)}x\n${" ".repeat(40_000)}x`);
    expectLinear(() => normalizeText("a line of text   \n".repeat(4_500)), () => normalizeText(hostile));
  });

  it.each([
    ["'<b x' × 20,000 (a tag never ended)", "<b x".repeat(20_000)],
    ["'<b/' × 27,000", "<b/".repeat(27_000)],
    ["'<b>' × 20,000 (marks never closed)", "<b>".repeat(20_000)],
    ["'<b>x' × 20,000 then '</b>' × 20,000", "<b>x".repeat(20_000) + "</b>".repeat(20_000)],
    ["'<br>' × 20,000 then '<p>' × 20,000", "<br>".repeat(20_000) + "<p>".repeat(20_000)],
    ["'<!--' × 20,000", "<!--".repeat(20_000)],
    ["'<ul>' × 10,000 then '<li>x' × 10,000", "<ul>".repeat(10_000) + "<li>x".repeat(10_000)],
  ])("htmlToText reads %s in time proportional to its size", (_, hostile) => {
    expectLinear(() => htmlToText(normalHtml(hostile.length)), () => htmlToText(hostile));
  });

  it("indents deeply nested lists only so far, so the text stays about the size of the file", () => {
    const hostile = "<ul>".repeat(10_000) + "<li>x".repeat(10_000);
    expect(htmlToText(hostile).text.length).toBeLessThan(hostile.length * 3);
  });

  it("a markdown statement of 80 KB of '![' reads quickly", () => {
    const pkg = (statement: string) =>
      zipSync({ "problem.yaml": strToU8("name: A"), "problem_statement/problem.en.md": strToU8(statement), "data/secret/1.in": strToU8("1"), "data/secret/1.ans": strToU8("1") });
    const hostile = pkg("![".repeat(40_000));
    expect(parseProblemPackage(hostile, "a.zip").questions[0].text).toBe("![".repeat(40_000));
    expectLinear(() => parseProblemPackage(pkg("Read two numbers and print ![their](sum.png) sum.\n".repeat(1_600)), "a.zip"), () => parseProblemPackage(hostile, "a.zip"));
  });
});
