import { useToastedFetcher } from "~/components/use-action-toast";
import { Button } from "~/components/ui/button";
import { clock } from "~/lib/student-tests/student-time";

// One-click time actions of the room page (issue 25, decision 028): giving
// back time lost offline, from the participants table and the grid (one
// student's recorded outages, or every outage over a minute in the room),
// and the table's +5 min.

/**
 * One click that posts an intent to the room page's action and toasts its
 * answer: Credit, Credit all, +5 min. The answer's toast is held above the
 * button: a Credit removes its own button, and a live event can re-render the
 * row before the answer arrives.
 */
export function IntentButton({ fields, variant = "secondary", label, title, children }: { fields: Record<string, string>; variant?: "secondary" | "ghost"; label?: string; title?: string; children: string }) {
  const fetcher = useToastedFetcher(`intent:${new URLSearchParams(fields)}`);
  return (
    <Button size="sm" variant={variant} busy={fetcher.busy} onClick={() => fetcher.submit(fields, { method: "post" })} aria-label={label} title={title}>
      {children}
    </Button>
  );
}

/** Gives back exactly the outage time the server recorded (decision 028), once per outage. */
export function CreditButton({ participantId, name, ms }: { participantId: string; name: string; ms: number }) {
  return (
    <IntentButton fields={{ intent: "credit-outage", participantId }} label={`Credit ${clock(ms)} to ${name}`} title={`Add the ${clock(ms)} ${name} was recorded offline to their deadline`}>
      {`Credit ${clock(ms)}`}
    </IntentButton>
  );
}

export function CreditAllButton() {
  return <IntentButton fields={{ intent: "credit-outages" }}>Credit all outages over 1 minute</IntentButton>;
}
