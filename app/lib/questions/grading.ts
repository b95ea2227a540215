// A coding question's own grading (issue 35, items 2 and 3): its time and
// memory limits and its output check, as the question form posts them and as
// students see them. Browser-safe: the form validates with the same schema
// the action parses with. The stored shape is the runner contract's
// (contracts/runner.ts): limits in ms and MB, null for the runner's default;
// the checker as JSON, null for the exact check (today's rule).
import { z } from "zod";
import { formatSeconds } from "~/lib/ui/format";
import { CHECKER_TYPES, CheckerSchema, LIMIT_BOUNDS, MAX_CHECKER_SOURCE_CHARS, type Checker } from "../../../contracts/runner.ts";

export { CHECKER_TYPES, LIMIT_BOUNDS, MAX_CHECKER_SOURCE_CHARS, type Checker };
export type CheckerType = Checker["type"];

/** A question's grading as it is stored (the `questions` columns). */
export type StoredGrading = { timeLimitMs: number | null; memoryLimitMb: number | null; checker: Checker | null };
export type { PublicLimits } from "~/lib/ui/format";

export const NO_GRADING: StoredGrading = { timeLimitMs: null, memoryLimitMb: null, checker: null };

export const CHECKER_LABELS: Record<CheckerType, string> = {
  exact: "Exact",
  whitespace: "Ignore whitespace",
  case: "Ignore case",
  tolerance: "Numbers within tolerance",
  custom: "Custom checker",
};

const MIN_SECONDS = LIMIT_BOUNDS.timeMs.min / 1000;
const MAX_SECONDS = LIMIT_BOUNDS.timeMs.max / 1000;

export const GRADING_MESSAGES = {
  timeLimit: `Time limit must be between ${MIN_SECONDS} and ${MAX_SECONDS} seconds`,
  memoryLimit: `Memory limit must be a whole number of MB from ${LIMIT_BOUNDS.memoryMb.min} to ${LIMIT_BOUNDS.memoryMb.max}`,
  checkerType: "Please choose an output check",
  absolute: "Absolute tolerance must be a number from 0 to 1 (for example 1e-6)",
  relative: "Relative tolerance must be a number from 0 to 1 (for example 1e-6)",
  noTolerance: "Enter an absolute or a relative tolerance (for example 1e-6)",
  noSource: "Paste the custom checker's C++ source",
  longSource: `The custom checker is too long (max ${MAX_CHECKER_SOURCE_CHARS.toLocaleString("en-US")} characters)`,
} as const;

/** The Kattis output-validator interface, as the form explains it. */
export const CUSTOM_CHECKER_HINT =
  "C++, the Kattis output-validator interface: run as checker input_file answer_file feedback_dir < program_output; exit 42 accepted, 43 wrong answer (anything else is a checker error, shown only to admins).";

// ---------------------------------------------------------------- form fields

const blank = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");
const checkbox = (v: unknown) => v === true || (typeof v === "string" && ["on", "true", "1"].includes(v.trim().toLowerCase()));
/** A decimal as typed: "0.5", "1e-6", " 2 " (a comma is not a decimal point here). */
const decimal = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?\s*$/i.test(v) ? Number(v) : NaN);

/** Seconds (decimal) in, whole ms out; blank is the runner's default (null). */
const timeLimitField = z.preprocess(
  (v) => (blank(v) ? null : decimal(v)),
  z
    .number({ invalid_type_error: GRADING_MESSAGES.timeLimit })
    .min(MIN_SECONDS, GRADING_MESSAGES.timeLimit)
    .max(MAX_SECONDS, GRADING_MESSAGES.timeLimit)
    .transform((s) => Math.round(s * 1000))
    .nullable(),
);

const memoryLimitField = z.preprocess(
  (v) => (blank(v) ? null : decimal(v)),
  z
    .number({ invalid_type_error: GRADING_MESSAGES.memoryLimit })
    .int(GRADING_MESSAGES.memoryLimit)
    .min(LIMIT_BOUNDS.memoryMb.min, GRADING_MESSAGES.memoryLimit)
    .max(LIMIT_BOUNDS.memoryMb.max, GRADING_MESSAGES.memoryLimit)
    .nullable(),
);

const toleranceField = (message: string) =>
  z.preprocess((v) => (blank(v) ? 0 : decimal(v)), z.number({ invalid_type_error: message }).finite(message).min(0, message).max(1, message));

/**
 * The form's grading fields, flat as a form posts them. All optional: a form
 * (or a CSV row) without them is the runner's defaults and the exact check.
 */
export const gradingFormFields = {
  timeLimit: timeLimitField.optional(),
  memoryLimit: memoryLimitField.optional(),
  checkerType: z.preprocess(
    (v) => (blank(v) ? "exact" : typeof v === "string" ? v.trim() : v),
    z.enum(CHECKER_TYPES, { errorMap: () => ({ message: GRADING_MESSAGES.checkerType }) }),
  ),
  toleranceAbsolute: z.unknown().optional(),
  toleranceRelative: z.unknown().optional(),
  toleranceCaseSensitive: z.unknown().optional(),
  toleranceSpaceSensitive: z.unknown().optional(),
  checkerSource: z.unknown().optional(),
};

type GradingFormValues = {
  timeLimit?: number | null;
  memoryLimit?: number | null;
  checkerType: CheckerType;
  toleranceAbsolute?: unknown;
  toleranceRelative?: unknown;
  toleranceCaseSensitive?: unknown;
  toleranceSpaceSensitive?: unknown;
  checkerSource?: unknown;
};

const GRADING_KEYS = [
  "timeLimit",
  "memoryLimit",
  "checkerType",
  "toleranceAbsolute",
  "toleranceRelative",
  "toleranceCaseSensitive",
  "toleranceSpaceSensitive",
  "checkerSource",
] as const;

/** The posted checker, or the first reason it is not one (a zod issue message). */
function checkerFromForm(v: GradingFormValues, ctx: z.RefinementCtx): Checker | null {
  switch (v.checkerType) {
    case "exact":
      return null;
    case "whitespace":
    case "case":
      return { type: v.checkerType };
    case "tolerance": {
      const absolute = toleranceField(GRADING_MESSAGES.absolute).safeParse(v.toleranceAbsolute);
      const relative = toleranceField(GRADING_MESSAGES.relative).safeParse(v.toleranceRelative);
      for (const [parsed, path] of [
        [absolute, "toleranceAbsolute"],
        [relative, "toleranceRelative"],
      ] as const) {
        if (!parsed.success) {
          ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error.issues[0]!.message, path: [path] });
          return null;
        }
      }
      if (!absolute.success || !relative.success) return null;
      if (absolute.data === 0 && relative.data === 0) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: GRADING_MESSAGES.noTolerance, path: ["toleranceAbsolute"] });
        return null;
      }
      return {
        type: "tolerance",
        absolute: absolute.data,
        relative: relative.data,
        caseSensitive: checkbox(v.toleranceCaseSensitive),
        spaceSensitive: checkbox(v.toleranceSpaceSensitive),
      };
    }
    case "custom": {
      const source = typeof v.checkerSource === "string" ? v.checkerSource.replace(/\r\n?/g, "\n") : "";
      if (source.trim() === "") {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: GRADING_MESSAGES.noSource, path: ["checkerSource"] });
        return null;
      }
      if (source.length > MAX_CHECKER_SOURCE_CHARS) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: GRADING_MESSAGES.longSource, path: ["checkerSource"] });
        return null;
      }
      return { type: "custom", source };
    }
  }
}

/**
 * A question schema with the grading fields added: the flat form fields go
 * in, `timeLimitMs`, `memoryLimitMb` and `checker` (null for exact) come out.
 */
export function withGrading<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...shape, ...gradingFormFields }).transform((value, ctx) => {
    const v = value as unknown as GradingFormValues;
    const checker = checkerFromForm(v, ctx);
    const rest = { ...value } as Record<string, unknown>;
    for (const key of GRADING_KEYS) delete rest[key];
    const grading: StoredGrading = { timeLimitMs: v.timeLimit ?? null, memoryLimitMb: v.memoryLimit ?? null, checker };
    return { ...(rest as z.infer<z.ZodObject<Shape>>), ...grading };
  });
}

/** A stored checker, read defensively (a row written by hand or an older version): null when not a valid one. */
export function readChecker(raw: unknown): Checker | null {
  if (raw === null || raw === undefined) return null;
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const parsed = CheckerSchema.safeParse(value);
  return parsed.success && parsed.data.type !== "exact" ? parsed.data : null;
}

/** Whether two gradings judge alike (what sets `gradingChangedAt`). */
export function sameGrading(a: StoredGrading, b: StoredGrading): boolean {
  return (
    (a.timeLimitMs ?? null) === (b.timeLimitMs ?? null) &&
    (a.memoryLimitMb ?? null) === (b.memoryLimitMb ?? null) &&
    JSON.stringify(normalChecker(a.checker)) === JSON.stringify(normalChecker(b.checker))
  );
}

function normalChecker(c: Checker | null): Checker | null {
  if (!c || c.type === "exact") return null;
  if (c.type === "tolerance")
    return { type: "tolerance", absolute: c.absolute, relative: c.relative, caseSensitive: c.caseSensitive ?? true, spaceSensitive: c.spaceSensitive ?? false };
  return c;
}

// ---------------------------------------------------------------- what the form starts with

/** A stored grading as the form's default values (seconds as typed, tolerances as written). */
export function gradingFormDefaults(g: Partial<StoredGrading> | undefined) {
  const checker = g?.checker ?? null;
  return {
    timeLimit: g?.timeLimitMs != null ? formatSeconds(g.timeLimitMs) : "",
    memoryLimit: g?.memoryLimitMb != null ? String(g.memoryLimitMb) : "",
    checkerType: (checker?.type ?? "exact") as CheckerType,
    toleranceAbsolute: checker?.type === "tolerance" ? String(checker.absolute) : "1e-6",
    toleranceRelative: checker?.type === "tolerance" ? String(checker.relative) : "1e-6",
    toleranceCaseSensitive: checker?.type === "tolerance" ? (checker.caseSensitive ?? true) : true,
    toleranceSpaceSensitive: checker?.type === "tolerance" ? (checker.spaceSensitive ?? false) : false,
    checkerSource: checker?.type === "custom" ? checker.source : "",
  };
}

// ---------------------------------------------------------------- what students see
// In ui/format.ts (no zod, no contract): the coding test and practice pages load it.
export { limitsText } from "~/lib/ui/format";

/** The admin list's short description of a question's check ("Numbers within tolerance (1e-6)"). */
export function checkerSummary(checker: Checker | null): string {
  if (!checker || checker.type === "exact") return CHECKER_LABELS.exact;
  if (checker.type === "tolerance") {
    const parts = [checker.absolute ? `abs ${checker.absolute}` : null, checker.relative ? `rel ${checker.relative}` : null].filter(Boolean);
    return `${CHECKER_LABELS.tolerance} (${parts.join(", ")})`;
  }
  return CHECKER_LABELS[checker.type];
}
