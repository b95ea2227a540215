import { useCallback } from "react";
import { useToast } from "~/components/toaster";

/** Copies a join code, toasting the outcome (test rooms' OTP dialog and the practice rooms list). */
export function useCopyOtp() {
  const toast = useToast();
  return useCallback(
    async (otp: string) => {
      try {
        await navigator.clipboard.writeText(otp);
        toast({ type: "success", message: "OTP copied to clipboard" });
      } catch {
        toast({ type: "error", message: "Copy failed: select the code and copy it by hand" });
      }
    },
    [toast],
  );
}

/** A join code as students must type it: large, monospaced, spaced. */
export function OtpCode({ otp, size = "lg", label }: { otp: string; size?: "lg" | "md"; label?: string }) {
  return (
    <p
      className={`font-mono font-bold ${size === "lg" ? "text-5xl tracking-[0.3em]" : "text-2xl tracking-[0.2em]"}`}
      data-testid="otp"
      aria-label={label}
    >
      {otp}
    </p>
  );
}
