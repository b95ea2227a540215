import { useCallback, type FormEvent } from "react";
import type { z } from "zod";
import { firstError } from "~/lib/accounts/validation";
import { useToast } from "./toaster";

/**
 * Instant feedback with the same zod schema the action parses: an onSubmit
 * handler that stops the submit and toasts the first failing message.
 */
export function useValidateOnSubmit() {
  const toast = useToast();
  return useCallback(
    (schema: z.ZodTypeAny) => (event: FormEvent<HTMLFormElement>) => {
      const error = firstError(schema, Object.fromEntries(new FormData(event.currentTarget)));
      if (error) {
        event.preventDefault();
        toast({ type: "error", message: error });
      }
    },
    [toast],
  );
}
