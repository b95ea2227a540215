import { useCallback, useEffect, useMemo, useState, type FormEvent } from "react";
import {
  answeredFieldErrors,
  errorsByField,
  fieldIssue,
  NO_ERRORS,
  stillFailing,
  stillFailingField,
  type FieldErrors,
  type FieldIssue,
  type PathIssue,
} from "~/lib/http/field-errors";
import { useToast } from "./toaster";

export type { FieldErrors, FieldIssue } from "~/lib/http/field-errors";

/**
 * A hand-written check of a form's values: its first failing message, or that
 * message with the field it belongs to, or every failing field; null when valid.
 */
export type FormCheck = (values: Record<string, unknown>) => string | FieldIssue | readonly FieldIssue[] | null;
/** A zod schema, or anything else that parses the same way (typed loosely so this module loads no zod). */
type Schema = { safeParse(value: unknown): { success: true } | { success: false; error: { issues: PathIssue[] } } };
type Check = Schema | FormCheck;

/** The failing issues of a form's values, first failing first. */
export function issuesOf(check: Check, values: Record<string, unknown>): FieldIssue[] {
  if (typeof check !== "function") {
    const result = check.safeParse(values);
    return result.success ? [] : result.error.issues.map(fieldIssue);
  }
  const found = check(values);
  if (!found) return [];
  if (typeof found === "string") return [{ message: found }];
  return "message" in found ? [found as FieldIssue] : [...(found as readonly FieldIssue[])];
}

const valuesOf = (form: HTMLFormElement) => Object.fromEntries(new FormData(form));

type Failed = { form: HTMLFormElement; first: FieldIssue; byField: FieldErrors };
/** Forms already revalidating as the user types, with the check they were last submitted with. */
const watched = new WeakMap<HTMLFormElement, { check: Check }>();

/**
 * Instant feedback with the same zod schema the action parses, or with a
 * hand-written check held to it by a test where a page must not load zod
 * (decision 022). `validate(check)` is a form's onSubmit: it stops a failing
 * submit, and `validate.errors` holds each failing field's first message for
 * the form to show under that field (the `error` prop of the ui/field
 * controls, which sets aria-invalid and aria-describedby).
 *
 * One announcement, not two: the first control (in the form's order) that
 * shows an error takes focus, and a screen reader reads the message as its
 * description; the toast that the spec asks for shows that same message,
 * quietly (no live role). A message no control shows is toasted as before,
 * announced.
 *
 * After a submit the form revalidates as the user types: the edited field's
 * error changes or clears as it is fixed (an error the server gave clears
 * when the browser's check passes); new ones wait for the next submit.
 * Pass the action's answer (`fetcher.data`, `useActionData()`) to show a
 * server-side `{ error, field }` under its field too (also without JS, where
 * the page renders it on the server); that one is toasted by the page as before.
 */
export function useValidateOnSubmit(answer?: unknown) {
  const toast = useToast();
  const [shown, setShown] = useState(() => ({ errors: answeredFieldErrors(answer), answer }));
  const [failed, setFailed] = useState<Failed | null>(null);
  let errors = shown.errors;
  if (answer !== shown.answer) {
    // A new answer from the action replaces what the browser found (React's "state from props" pattern).
    errors = answeredFieldErrors(answer);
    setShown({ errors, answer });
  }

  const revalidate = useCallback((form: HTMLFormElement, edited: string | null) => {
    const entry = watched.get(form);
    if (!entry) return;
    const now = errorsByField(issuesOf(entry.check, valuesOf(form)));
    setShown((s) => {
      const kept = edited ? stillFailingField(s.errors, now, edited) : stillFailing(s.errors, now);
      return kept === s.errors ? s : { ...s, errors: kept };
    });
  }, []);

  const validate = useCallback(
    (check: Check) => (event: FormEvent<HTMLFormElement>) => {
      const form = event.currentTarget;
      if (!watched.has(form)) {
        form.addEventListener("input", (input) => {
          const name = input.target instanceof Element ? input.target.getAttribute("name") : null;
          // Controlled fields (and the hidden inputs they feed) update after this event: read the values once React has rendered.
          setTimeout(() => revalidate(form, name), 0);
        });
      }
      // Also after a submit that passes: the server's answer may put an error under a field, which editing it clears.
      watched.set(form, { check });
      const issues = issuesOf(check, valuesOf(form));
      const byField = issues.length ? errorsByField(issues) : NO_ERRORS;
      setShown((s) => ({ ...s, errors: byField }));
      if (!issues.length) return;
      event.preventDefault();
      setFailed({ form, first: issues[0]!, byField });
    },
    [revalidate],
  );

  // After the errors render: focus the first invalid control in the form's order and toast its
  // message, quietly (the control reads it); with none, toast the first failing message, announced.
  useEffect(() => {
    if (!failed) return;
    setFailed(null);
    const control = failed.form.querySelector<HTMLElement>('[aria-invalid="true"]');
    control?.focus();
    const name = control?.getAttribute("name");
    const message = (name && failed.byField[name]) || failed.first.message;
    toast({ type: "error", message, quiet: Boolean(control) });
  }, [failed, toast]);

  /** Clears what is shown (a form swapped for another, a dialog closed). */
  const reset = useCallback(() => setShown((s) => (s.errors === NO_ERRORS ? s : { ...s, errors: NO_ERRORS })), []);

  return useMemo(
    () => Object.assign((check: Check) => validate(check), { errors: errors as FieldErrors, reset }),
    [validate, errors, reset],
  );
}

/** `useValidateOnSubmit` for a form inside a dialog: what it showed is cleared when the dialog closes. */
export function useDialogValidation(open: boolean, answer?: unknown) {
  const validate = useValidateOnSubmit(answer);
  const { reset } = validate;
  useEffect(() => {
    if (!open) reset();
  }, [open, reset]);
  return validate;
}
