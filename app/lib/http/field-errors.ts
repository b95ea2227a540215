// Errors under their field (STYLE habit 13), shared by the browser and the
// actions. No zod here: the sign-in and student pages load this without it
// (decision 022), so a zod issue is typed by the two keys it is read for.

/** One failing rule of a form: its message and, when it belongs to one, the field (a form control's name). */
export type FieldIssue = { message: string; field?: string };
/** Each failing field's first message, in the order the rules failed. */
export type FieldErrors = Readonly<Record<string, string>>;
/** What this module reads of a zod issue. */
export type PathIssue = { message: string; path?: readonly PropertyKey[] };

export const NO_ERRORS: FieldErrors = Object.freeze({});

/** A zod issue as a field issue: its field is the first key of its path (`testCases.2.input` belongs to `testCases`). */
export function fieldIssue(issue: PathIssue): FieldIssue {
  const head = issue.path?.[0];
  return head === undefined || head === "" ? { message: issue.message } : { message: issue.message, field: String(head) };
}

/** The first failing issue (only the first is toasted, spec 1 section 5), or null. */
export function firstFieldIssue(issues: readonly PathIssue[]): FieldIssue | null {
  return issues[0] ? fieldIssue(issues[0]) : null;
}

/** Issues keyed by field, each field's first message; issues that belong to no field are left out. */
export function errorsByField(issues: readonly (PathIssue | FieldIssue)[]): FieldErrors {
  const errors: Record<string, string> = {};
  for (const raw of issues) {
    const { field, message } = "path" in raw ? fieldIssue(raw) : (raw as FieldIssue);
    if (field && !(field in errors)) errors[field] = message;
  }
  return errors;
}

/**
 * The field error an action answered (`{ ok: false, error, field }`, or the
 * sign-in page's `{ error, field }`), keyed by its field; none for a success,
 * for no answer yet, or for a failure that belongs to no field.
 */
export function answeredFieldErrors(answer: unknown): FieldErrors {
  if (!answer || typeof answer !== "object") return NO_ERRORS;
  const { ok, error, field } = answer as { ok?: unknown; error?: unknown; field?: unknown };
  if (ok === true || typeof error !== "string" || typeof field !== "string" || !field) return NO_ERRORS;
  return { [field]: error };
}

/**
 * The errors still shown after the user edits the form: a field keeps an
 * error only while it still fails (with its current message); a field that
 * had none gets none until the next submit, so typing never raises new ones.
 */
export function stillFailing(shown: FieldErrors, now: FieldErrors): FieldErrors {
  const kept: Record<string, string> = {};
  for (const field of Object.keys(shown)) if (now[field]) kept[field] = now[field];
  return Object.keys(kept).length === Object.keys(shown).length && Object.keys(kept).every((f) => kept[f] === shown[f]) ? shown : kept;
}

/** Like `stillFailing`, for one edited field: only its error is checked again; the others stay as shown. */
export function stillFailingField(shown: FieldErrors, now: FieldErrors, field: string): FieldErrors {
  if (!(field in shown) || shown[field] === now[field]) return shown;
  const next: Record<string, string> = { ...shown };
  if (now[field]) next[field] = now[field];
  else delete next[field];
  return next;
}

/** The id of a control's error message, for `aria-describedby`. */
export const errorIdOf = (controlId: string) => `${controlId}-error`;
