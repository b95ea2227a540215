import { useCallback, type FormEvent } from "react";
import { useToast } from "./toaster";

/** The first failing message of a form's values, or null. */
export type FormCheck = (values: Record<string, unknown>) => string | null;
/** A zod schema, or anything else that parses the same way (typed loosely so this module loads no zod). */
type Schema = { safeParse(value: unknown): { success: true } | { success: false; error: { issues: { message: string }[] } } };

/**
 * Instant feedback with the same zod schema the action parses, or with a
 * hand-written check held to it by a test where a page must not load zod
 * (decision 022): an onSubmit handler that stops the submit and toasts the
 * first failing message.
 */
export function useValidateOnSubmit() {
  const toast = useToast();
  return useCallback(
    (check: Schema | FormCheck) => (event: FormEvent<HTMLFormElement>) => {
      const values = Object.fromEntries(new FormData(event.currentTarget));
      const error = typeof check === "function" ? check(values) : firstFailure(check, values);
      if (error) {
        event.preventDefault();
        toast({ type: "error", message: error });
      }
    },
    [toast],
  );
}

function firstFailure(schema: Schema, values: unknown): string | null {
  const result = schema.safeParse(values);
  return result.success ? null : (result.error.issues[0]?.message ?? "Invalid input");
}
