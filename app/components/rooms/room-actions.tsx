import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { formatClock, useCountdown } from "~/components/test/countdown";
import { useActionToast } from "~/components/use-action-toast";
import { Button } from "~/components/ui/button";
import type { RoomActionResult, RoomDialogName, RoomPageData } from "./room-page";

/** The room's countdown on the server's clock (offset measured at load). */
export function RoomCountdown({ endsAt, isActive, serverNow }: { endsAt: number | null; isActive: boolean; serverNow: number }) {
  const [offset] = useState(() => (typeof window === "undefined" ? 0 : serverNow - Date.now()));
  const left = useCountdown(isActive ? endsAt : null, () => offset);
  if (left === null) return null;
  return (
    <p className="mt-2 font-mono text-sm" role="timer" aria-label="Time left">
      {left > 0 ? `Time left ${formatClock(left)}` : "Time is up"}
    </p>
  );
}

/** Enable/Disable, OTP, Start/Stop, Extend, Change Questions, Unlock Code and Delete (spec 1: room detail). */
export function RoomActions({
  room,
  participants,
  canChangeQuestions,
  open,
}: {
  room: RoomPageData["room"];
  participants: number;
  /** Administrators only (the questions come from their bank, decision 025). */
  canChangeQuestions: boolean;
  open: (d: RoomDialogName) => void;
}) {
  const fetcher = useFetcher<RoomActionResult>();
  useActionToast(fetcher.data);
  const busyIntent = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent")) : null;
  const act = (intent: string) => fetcher.submit({ intent }, { method: "post" });
  return (
    <div className="flex flex-wrap gap-2">
      {room.isEnabled ? (
        <Button variant="secondary" onClick={() => act("disable")} busy={busyIntent === "disable"} disabled={room.isActive}>
          Disable Room
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => act("enable")} busy={busyIntent === "enable"}>
          Enable Room
        </Button>
      )}
      <Button variant="secondary" onClick={() => open("otp")} disabled={!room.isEnabled}>
        Generate OTP
      </Button>
      {room.isActive ? (
        <Button variant="danger" onClick={() => act("stop")} busy={busyIntent === "stop"}>
          Stop Test
        </Button>
      ) : (
        <Button
          onClick={() => act("start")}
          busy={busyIntent === "start"}
          disabled={!room.isEnabled || participants === 0}
          title={participants === 0 ? "Add at least one participant first" : undefined}
        >
          Start Test Now
        </Button>
      )}
      {room.isActive || room.startedAt ? null : (
        <Button variant="secondary" onClick={() => open("schedule")} disabled={!room.isEnabled} title={room.isEnabled ? undefined : "Enable the room first"}>
          {room.scheduledAt ? "Change Schedule" : "Schedule Start"}
        </Button>
      )}
      <Button variant="secondary" onClick={() => open("extend")} disabled={!room.endsAt}>
        Extend Time
      </Button>
      {canChangeQuestions ? (
        <Button variant="secondary" onClick={() => open("questions")} disabled={room.isActive}>
          Change Questions
        </Button>
      ) : null}
      {canChangeQuestions ? (
        <Button
          variant="secondary"
          onClick={() => open("sections")}
          disabled={room.isActive || room.startedAt !== null}
          title={room.isActive || room.startedAt !== null ? "Sections cannot change once the test has started" : undefined}
        >
          Sections
        </Button>
      ) : null}
      <Button variant="secondary" onClick={() => open("unlock")}>
        Unlock Code
      </Button>
      <Button variant="ghost" onClick={() => open("delete")} className="text-red-600 dark:text-red-400">
        Delete
      </Button>
    </div>
  );
}
