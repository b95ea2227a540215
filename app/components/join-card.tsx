import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useActionToast } from "~/components/use-action-toast";
import { Button } from "~/components/ui/button";
import { describedBy, FieldError } from "~/components/ui/field";
import { useValidateOnSubmit, type FormCheck } from "~/components/use-validate-on-submit";

/** The button waits for 6 digits, so nothing is left to check before the server (which puts its answer under the code). */
const serverChecks: FormCheck = () => null;

export type JoinIntent = "join-test" | "join-practice";

/** Where both join cards post, from any page (the dashboard's action joins and redirects). */
export const JOIN_ACTION = "/student?index";

/**
 * A join card of spec 2 ('join test room', 'join practice room'): a 6-digit
 * OTP input and a join button disabled until 6 digits are entered.
 */
export function JoinCard({ intent, title, text }: { intent: JoinIntent; title: string; text: string }) {
  const fetcher = useFetcher<{ ok: false; error: string }>();
  const [otp, setOtp] = useState("");
  useActionToast(fetcher.data);
  const validate = useValidateOnSubmit(fetcher.data);
  const inputId = `${intent}-otp`;
  return (
    <section aria-labelledby={`${intent}-title`} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h3 id={`${intent}-title`} className="text-lg font-semibold">
        {title}
      </h3>
      <p className="mt-1 text-sm text-muted">{text}</p>
      <fetcher.Form method="post" action={JOIN_ACTION} onSubmit={validate(serverChecks)} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value={intent} />
        <label htmlFor={inputId} className="block text-sm font-medium">
          6-digit OTP
        </label>
        <input
          id={inputId}
          name="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, "").slice(0, 6))}
          placeholder="••••••"
          {...describedBy(inputId, { error: validate.errors.otp })}
          className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-center font-mono text-2xl tracking-[0.5em] focus:border-brand-500 focus:ring-1 focus:ring-brand-500 focus:outline-none dark:border-slate-700 dark:bg-slate-800"
        />
        <FieldError id={inputId} error={validate.errors.otp} />
        <Button type="submit" className="w-full" disabled={otp.length !== 6} busy={fetcher.state !== "idle"}>
          {intent === "join-test" ? "Join Test Room" : "Join Practice Room"}
        </Button>
      </fetcher.Form>
    </section>
  );
}
