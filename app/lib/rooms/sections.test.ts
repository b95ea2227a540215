import { describe, expect, it, vi } from "vitest";
import {
  cryptoRandomInt,
  drawQuestions,
  isOptionOrder,
  optionsInOrder,
  ownOptionIndex,
  sample,
  SaveSectionsSchema,
  SECTION_MESSAGES,
  SectionsSchema,
  sectionSizeError,
  sectionsTotalError,
  SectionTooSmallError,
  shuffled,
  type RandomInt,
} from "./sections";

/** A small seeded generator (mulberry32), so a failing draw can be replayed. */
function seeded(seed: number): RandomInt {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe("SectionsSchema", () => {
  const first = (input: unknown) => {
    const r = SectionsSchema.safeParse(input);
    return r.success ? null : r.error.issues[0]!.message;
  };

  it("takes a category section or a list section", () => {
    const r = SectionsSchema.parse([
      { pick: "15", category: " Programming Fundamentals " },
      { pick: 5, questionIds: ["a", "b", "a", "c", "d", "e"] },
    ]);
    expect(r).toEqual([
      { pick: 15, category: "Programming Fundamentals", questionIds: [] },
      { pick: 5, category: null, questionIds: ["a", "b", "c", "d", "e"] },
    ]);
  });

  it("takes back what it gives: the dialog posts its own parse, with a list section's category null", () => {
    const parsed = SectionsSchema.parse([{ pick: 3, category: "Basics" }, { pick: 2, questionIds: ["x", "y", "z"] }]);
    expect(SaveSectionsSchema.parse({ sections: JSON.stringify(parsed) }).sections).toEqual(parsed);
  });

  it("refuses no sections, a bad pick, and a section with both or neither source", () => {
    expect(first([])).toBe(SECTION_MESSAGES.none);
    expect(first([{ pick: 0, category: "A" }])).toBe(SECTION_MESSAGES.pick);
    expect(first([{ pick: 1.5, category: "A" }])).toBe(SECTION_MESSAGES.pick);
    expect(first([{ pick: "x", category: "A" }])).toBe(SECTION_MESSAGES.pick);
    expect(first([{ pick: 1001, category: "A" }])).toBe(SECTION_MESSAGES.pickTooLarge);
    expect(first([{ pick: 1 }])).toBe(SECTION_MESSAGES.source);
    expect(first([{ pick: 1, category: "  " }])).toBe(SECTION_MESSAGES.source);
    expect(first([{ pick: 1, category: "A", questionIds: ["q"] }])).toBe(SECTION_MESSAGES.source);
    expect(first(Array.from({ length: 11 }, () => ({ pick: 1, category: "A" })))).toBe(SECTION_MESSAGES.tooMany);
  });

  it("reads the room page's field of JSON, and refuses one it cannot read", () => {
    expect(SaveSectionsSchema.parse({ sections: JSON.stringify([{ pick: 2, category: "Basics" }]) }).sections).toEqual([{ pick: 2, category: "Basics", questionIds: [] }]);
    expect(SaveSectionsSchema.safeParse({ sections: "{oops" }).error?.issues[0]?.message).toBe("The sections could not be read: please try again");
    expect(SaveSectionsSchema.safeParse({}).error?.issues[0]?.message).toBe("The sections could not be read: please try again");
    expect(SaveSectionsSchema.safeParse({ sections: "[]" }).error?.issues[0]?.message).toBe(SECTION_MESSAGES.none);
  });

  it("keeps a coding room at 2 questions in all, and lets an MCQ room pick any number", () => {
    expect(sectionsTotalError("coding", [{ pick: 1 }, { pick: 1 }])).toBeNull();
    expect(sectionsTotalError("coding", [{ pick: 3 }])).toBeNull();
    expect(sectionsTotalError("coding", [{ pick: 1 }])).toBeNull();
    expect(sectionsTotalError("coding", [{ pick: 6 }, { pick: 4 }])).toBeNull();
    expect(sectionsTotalError("coding", [{ pick: 6 }, { pick: 5 }])).toBe(SECTION_MESSAGES.codingTotal);
    expect(SECTION_MESSAGES.codingTotal).toBe("A coding room's sections can pick at most 10 questions in all");
    expect(sectionsTotalError("mcq", [{ pick: 15 }, { pick: 5 }, { pick: 7 }])).toBeNull();
  });

  it("says which section asks for more questions than it has", () => {
    expect(sectionSizeError([{ pick: 1 }, { pick: 5 }], [40, 3])).toBe("Section 2 asks for more questions than it has (5 of 3)");
    expect(sectionSizeError([{ pick: 15 }, { pick: 5 }], [40, 10])).toBeNull();
  });
});

describe("cryptoRandomInt", () => {
  it("uses crypto.getRandomValues, never Math.random", () => {
    const spy = vi.spyOn(Math, "random");
    const values = Array.from({ length: 1000 }, () => cryptoRandomInt(7));
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(values.every((v) => Number.isInteger(v) && v >= 0 && v < 7)).toBe(true);
    expect(new Set(values).size).toBe(7);
  });

  it("rejects the top of the 32-bit range, so no index is likelier (no modulo bias)", () => {
    // n = 3 * 2^30: 2^32 % n = 2^30, so words >= 3 * 2^30 must be drawn again.
    const n = 3 * 2 ** 30;
    const words = [0xffffffff, 0xc0000000, 5];
    const spy = vi.spyOn(crypto, "getRandomValues").mockImplementation((array) => {
      (array as Uint32Array)[0] = words.shift()!;
      return array;
    });
    expect(cryptoRandomInt(n)).toBe(5);
    expect(spy).toHaveBeenCalledTimes(3);
    spy.mockRestore();
  });

  it("refuses a range it cannot draw from", () => {
    expect(() => cryptoRandomInt(0)).toThrow(RangeError);
    expect(() => cryptoRandomInt(2.5)).toThrow(RangeError);
  });
});

describe("shuffled and sample", () => {
  it("keep every item once", () => {
    const items = ids("q", 50);
    expect([...shuffled(items, seeded(1))].sort()).toEqual([...items].sort());
    const picked = sample(items, 10, seeded(2));
    expect(picked).toHaveLength(10);
    expect(new Set(picked).size).toBe(10);
    expect(picked.every((p) => items.includes(p))).toBe(true);
  });

  it("draw each item equally often (chi-square over 20,000 samples)", () => {
    const items = ids("q", 10);
    const counts = new Map(items.map((q) => [q, 0]));
    const draws = 20_000;
    for (let i = 0; i < draws; i++) for (const q of sample(items, 3, cryptoRandomInt)) counts.set(q, counts.get(q)! + 1);
    const expected = (draws * 3) / items.length;
    const chi = [...counts.values()].reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: p = 1e-6 at 45, so a fair source fails this once in a million runs.
    expect(chi).toBeLessThan(45);
  });
});

describe("drawQuestions", () => {
  it("picks each section's number, without repeats, in a shuffled order", () => {
    const pools = [
      { sectionId: "s1", pick: 15, questionIds: ids("pf", 40) },
      { sectionId: "s2", pick: 5, questionIds: ids("str", 10) },
    ];
    const draw = drawQuestions(pools, seeded(7));
    expect(draw).toHaveLength(20);
    expect(new Set(draw.map((d) => d.questionId)).size).toBe(20);
    expect(draw.filter((d) => d.sectionId === "s1").every((d) => d.questionId.startsWith("pf"))).toBe(true);
    expect(draw.filter((d) => d.sectionId === "s2")).toHaveLength(5);
    // Sections are mixed in the order shown, not listed one after the other.
    expect(draw.slice(0, 5).every((d) => d.sectionId === "s2")).toBe(false);
    expect(draw.every((d) => d.optionOrder === null)).toBe(true);
  });

  it("never gives the same question twice across overlapping sections", () => {
    const shared = ids("q", 4);
    for (let seed = 0; seed < 200; seed++) {
      const draw = drawQuestions(
        [
          { sectionId: "a", pick: 2, questionIds: shared },
          { sectionId: "b", pick: 2, questionIds: shared },
        ],
        seeded(seed),
      );
      expect(new Set(draw.map((d) => d.questionId)).size).toBe(4);
    }
  });

  it("refuses a section that asks for more questions than it has, counting what earlier sections took", () => {
    expect(() => drawQuestions([{ sectionId: "a", pick: 3, questionIds: ["x", "y"] }], seeded(1))).toThrow(
      new SectionTooSmallError("Section 1 asks for more questions than it has (3 of 2)"),
    );
    expect(() =>
      drawQuestions(
        [
          { sectionId: "a", pick: 2, questionIds: ["x", "y"] },
          { sectionId: "b", pick: 1, questionIds: ["x", "y"] },
        ],
        seeded(1),
      ),
    ).toThrow("Section 2 asks for more questions than it has (1 of 0)");
  });

  it("is the same draw for the same random source, and differs between students", () => {
    const pools = [{ sectionId: "a", pick: 5, questionIds: ids("q", 30) }];
    expect(drawQuestions(pools, seeded(3))).toEqual(drawQuestions(pools, seeded(3)));
    expect(drawQuestions(pools, seeded(3))).not.toEqual(drawQuestions(pools, seeded(4)));
  });

  it("shuffles the options of the questions given, as permutations", () => {
    const pools = [{ sectionId: "a", pick: 20, questionIds: ids("q", 20) }];
    const draw = drawQuestions(pools, cryptoRandomInt, new Map(ids("q", 20).map((q) => [q, 4])));
    expect(draw.every((d) => isOptionOrder(d.optionOrder, 4))).toBe(true);
    // 20 questions all in the identity order by chance: (1/24)^20.
    expect(draw.some((d) => d.optionOrder!.join() !== "0,1,2,3")).toBe(true);
  });
});

describe("option order", () => {
  const options = ["A text", "B text", "C text", "D text"];

  it("shows the options in the stored order and maps a shown answer back to the question's own index", () => {
    const order = [2, 0, 3, 1];
    const shown = optionsInOrder(options, order);
    expect(shown).toEqual(["C text", "A text", "D text", "B text"]);
    for (let i = 0; i < 4; i++) expect(options[ownOptionIndex(i, order, 4)]).toBe(shown[i]);
  });

  it("uses the question's own order when there is none, or it no longer fits the question", () => {
    expect(optionsInOrder(options, null)).toEqual(options);
    expect(ownOptionIndex(2, null, 4)).toBe(2);
    expect(optionsInOrder(options, [0, 1, 2])).toEqual(options);
    expect(ownOptionIndex(2, [0, 1, 2], 4)).toBe(2);
    expect(ownOptionIndex(1, [0, 0, 1, 2], 4)).toBe(1);
  });
});
