import { useEffect, useRef } from "react";
import { useToast } from "./toaster";

type Result = { ok: true; message: string } | { ok: false; error: string } | undefined | null;

/**
 * Toasts the outcome of an action once per response: its success message, or
 * `failurePrefix` + the server's message ("Failed to create room" when the
 * server gives none). Pass fetcher.data (or useActionData()).
 */
export function useActionToast(result: unknown, onSuccess?: (result: { ok: true; message: string }) => void) {
  const show = useToast();
  const last = useRef<unknown>(null);
  useEffect(() => {
    const r = result as Result;
    if (!r || r === last.current) return;
    last.current = r;
    if (r.ok) {
      if (r.message) show({ type: "success", message: r.message });
      onSuccess?.(r);
    } else if (r.error) {
      show({ type: "error", message: r.error });
    }
  }, [result, show, onSuccess]);
}
