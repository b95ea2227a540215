import { useCallback } from "react";
import { useToast } from "./toaster";

/** Copies text to the clipboard and toasts `message`, or how to copy by hand when the browser refuses. */
export function useCopy() {
  const toast = useToast();
  return useCallback(
    async (text: string, message: string) => {
      try {
        await navigator.clipboard.writeText(text);
        toast({ type: "success", message });
      } catch {
        toast({ type: "error", message: "Copy failed: select the text and copy it by hand" });
      }
    },
    [toast],
  );
}
