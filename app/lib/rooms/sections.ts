// A room's sections and each student's draw from them (decision 040). Pure:
// the form's schema (browser and action), the size check, and the draw itself,
// which takes its random source so tests and the bench can drive it.
import { z } from "zod";
import { CATEGORY_MAX, CATEGORY_TOO_LONG, ID_MAX } from "../http/input-limits.ts";
import { TEST_RULES } from "../student-tests/test-rules.ts";

export const SECTION_LIMITS = {
  /** Sections in one room. */
  maxSections: 10,
  /** Questions one section may pick, and hand-pick into its list: a room's bound (ROOM_LIMITS.maxQuestions). */
  maxPick: 1000,
  maxListed: 1000,
} as const;

export const SECTION_MESSAGES = {
  none: "Add at least one section",
  tooMany: `A room can have at most ${SECTION_LIMITS.maxSections} sections`,
  pick: "Pick must be a whole number of questions, at least 1",
  pickTooLarge: `A section can pick at most ${SECTION_LIMITS.maxPick} questions`,
  source: "Choose a category or the questions for each section",
  listTooLong: `A section can list at most ${SECTION_LIMITS.maxListed} questions`,
  started: "Sections cannot change once the test has started",
  /** A coding test's 100 marks are shared among its questions (decision 040): at most 10 of them, 10 marks each. */
  codingTotal: `A coding room's sections can pick at most ${TEST_RULES.maxCodingQuestions} questions in all`,
} as const;

/** "Section 2 asks for more questions than it has (5 of 3)": on save, and again at a draw. */
export function tooFewMessage(index: number, pick: number, available: number) {
  return `Section ${index + 1} asks for more questions than it has (${pick} of ${available})`;
}

const questionId = z.string().min(1).max(ID_MAX);

export const SectionSchema = z
  .object({
    pick: z.coerce
      .number({ invalid_type_error: SECTION_MESSAGES.pick })
      .int(SECTION_MESSAGES.pick)
      .min(1, SECTION_MESSAGES.pick)
      .max(SECTION_LIMITS.maxPick, SECTION_MESSAGES.pickTooLarge),
    /** A category section; absent, null (as the form's own parse gives it) or empty for a hand-picked list. */
    category: z
      .string()
      .nullish()
      .transform((v) => v?.trim() || null)
      .refine((v) => v === null || v.length <= CATEGORY_MAX, CATEGORY_TOO_LONG),
    questionIds: z.array(questionId).max(SECTION_LIMITS.maxListed, SECTION_MESSAGES.listTooLong).optional().default([]),
  })
  .superRefine((v, ctx) => {
    // Exactly one source: a category, or a list.
    if ((v.category === null) === (v.questionIds.length === 0)) ctx.addIssue({ code: "custom", message: SECTION_MESSAGES.source });
  })
  .transform((v) => ({ pick: v.pick, category: v.category, questionIds: v.category === null ? [...new Set(v.questionIds)] : [] }));

export const SectionsSchema = z.array(SectionSchema).min(1, SECTION_MESSAGES.none).max(SECTION_LIMITS.maxSections, SECTION_MESSAGES.tooMany);

export type SectionInput = z.infer<typeof SectionSchema>;

const UNREADABLE = "The sections could not be read: please try again";

/** The room page's Save sections: the sections as JSON in one field (the form builds it). */
export const SaveSectionsSchema = z.object({
  sections: z
    .string({ required_error: UNREADABLE, invalid_type_error: UNREADABLE })
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: UNREADABLE });
        return z.NEVER;
      }
    })
    .pipe(SectionsSchema),
});

/** The rule on a room's sections as a whole, for its type; null when they keep it. */
export function sectionsTotalError(type: "mcq" | "coding", sections: readonly { pick: number }[]) {
  const total = sections.reduce((n, s) => n + s.pick, 0);
  return type === "coding" && total > TEST_RULES.maxCodingQuestions ? SECTION_MESSAGES.codingTotal : null;
}

/** The first section that asks for more than it has (its pool's size as saved), or null. */
export function sectionSizeError(sections: readonly { pick: number }[], available: readonly number[]) {
  for (const [i, s] of sections.entries()) {
    if (s.pick > (available[i] ?? 0)) return tooFewMessage(i, s.pick, available[i] ?? 0);
  }
  return null;
}

// ------------------------------------------------------------------ the draw

/** A uniform integer in [0, n). */
export type RandomInt = (n: number) => number;

const RANGE = 2 ** 32;

/**
 * A uniform integer in [0, n) from the platform's CSPRNG, never Math.random.
 * Values at or above the largest multiple of n below 2^32 are drawn again, so
 * no index is likelier than another (no modulo bias).
 */
export const cryptoRandomInt: RandomInt = (n) => {
  if (!Number.isInteger(n) || n < 1 || n > RANGE) throw new RangeError(`cryptoRandomInt: ${n}`);
  const limit = RANGE - (RANGE % n);
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0]! < limit) return word[0]! % n;
  }
};

/** A uniform random order of `items` (Fisher–Yates), as a new array. */
export function shuffled<T>(items: readonly T[], random: RandomInt): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = random(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** `k` of `items`, uniform without replacement (a partial Fisher–Yates shuffle). */
export function sample<T>(items: readonly T[], k: number, random: RandomInt): T[] {
  const out = [...items];
  const n = Math.min(k, out.length);
  for (let i = 0; i < n; i++) {
    const j = i + random(out.length - i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out.slice(0, n);
}

/** A section's pool: the ids it may draw from, as they are when the student draws. */
export type SectionPool = { sectionId: string | null; pick: number; questionIds: readonly string[] };

export type DrawnQuestion = { questionId: string; sectionId: string | null; optionOrder: number[] | null };

/** A section cannot give what it asked for: its message, for the admin's form and the student's launch. */
export class SectionTooSmallError extends Error {}

/**
 * One student's draw: each section's pick, uniform without replacement from
 * its pool less the questions earlier sections took (so none appears twice),
 * then all of them in one random order. `optionCounts` gives, per MCQ
 * question, how many options to shuffle (absent: its own order).
 */
export function drawQuestions(
  pools: readonly SectionPool[],
  random: RandomInt,
  optionCounts?: ReadonlyMap<string, number>,
): DrawnQuestion[] {
  const taken = new Set<string>();
  const drawn: { questionId: string; sectionId: string | null }[] = [];
  for (const [i, pool] of pools.entries()) {
    const left = [...new Set(pool.questionIds)].filter((id) => !taken.has(id));
    if (pool.pick > left.length) throw new SectionTooSmallError(tooFewMessage(i, pool.pick, left.length));
    for (const questionId of sample(left, pool.pick, random)) {
      taken.add(questionId);
      drawn.push({ questionId, sectionId: pool.sectionId });
    }
  }
  return shuffled(drawn, random).map((d) => {
    const n = optionCounts?.get(d.questionId);
    return { ...d, optionOrder: n && n > 1 ? shuffled(range(n), random) : null };
  });
}

function range(n: number) {
  return Array.from({ length: n }, (_, i) => i);
}

// ------------------------------------------------------------------ options

/**
 * The question's own option index of an answer given in the shown order. An
 * order that no longer fits the question (its options were edited since the
 * draw) is not used, here or on the page: both fall back to its own order.
 */
export function ownOptionIndex(shown: number, optionOrder: readonly number[] | null | undefined, optionCount: number) {
  return isOptionOrder(optionOrder, optionCount) ? optionOrder[shown]! : shown;
}

/** The options in the order this student sees them. */
export function optionsInOrder<T>(options: readonly T[], optionOrder: readonly number[] | null | undefined): T[] {
  return isOptionOrder(optionOrder, options.length) ? optionOrder.map((i) => options[i]!) : [...options];
}

/** A stored option order is a permutation of 0..n-1, or it is not used. */
export function isOptionOrder(value: unknown, n: number): value is number[] {
  return Array.isArray(value) && value.length === n && range(n).every((i) => value.includes(i));
}
