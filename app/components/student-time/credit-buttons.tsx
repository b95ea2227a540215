import { useFetcher } from "@remix-run/react";
import { useActionToast } from "~/components/use-action-toast";
import { Button } from "~/components/ui/button";
import type { RoomActionResult, RoomPageData } from "~/components/rooms/room-page";
import { clock } from "~/lib/student-tests/student-time";

// Giving back time lost offline (issue 25, decision 028), from the
// participants table and the grid: one student's recorded outages, or every
// outage over a minute in the room.

type Participant = RoomPageData["participants"][number];

/** Submitted or disqualified: their time no longer changes. */
export function testOver(p: Participant) {
  return p.isDisqualified === true || p.testStatus === "completed" || p.testStatus === "disqualified";
}

/** The recorded outage time a Credit would give this participant now (0: none, or their test is over). */
export function creditableNow(p: Participant) {
  return p.testId && !testOver(p) && p.time.creditableMs > 0 ? p.time.creditableMs : 0;
}

/** Gives back exactly the outage time the server recorded (decision 028), once per outage. */
export function CreditButton({ participantId, name, ms }: { participantId: string; name: string; ms: number }) {
  const fetcher = useFetcher<RoomActionResult>();
  useActionToast(fetcher.data);
  return (
    <Button
      size="sm"
      variant="secondary"
      busy={fetcher.state !== "idle"}
      onClick={() => fetcher.submit({ intent: "credit-outage", participantId }, { method: "post" })}
      aria-label={`Credit ${clock(ms)} to ${name}`}
      title={`Add the ${clock(ms)} ${name} was recorded offline to their deadline`}
    >
      {`Credit ${clock(ms)}`}
    </Button>
  );
}

export function CreditAllButton() {
  const fetcher = useFetcher<RoomActionResult>();
  useActionToast(fetcher.data);
  return (
    <Button size="sm" variant="secondary" busy={fetcher.state !== "idle"} onClick={() => fetcher.submit({ intent: "credit-outages" }, { method: "post" })}>
      Credit all outages over 1 minute
    </Button>
  );
}
