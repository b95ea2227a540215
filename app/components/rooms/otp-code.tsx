import { useCallback } from "react";
import { useCopy } from "~/components/use-copy";

/** Copies a join code, toasting the outcome (test rooms' OTP dialog and the practice rooms list). */
export function useCopyOtp() {
  const copy = useCopy();
  return useCallback((otp: string) => copy(otp, "OTP copied to clipboard"), [copy]);
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
