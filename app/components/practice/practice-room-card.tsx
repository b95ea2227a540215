import { useFetcher } from "@remix-run/react";
import { ViewerTime } from "~/components/ui/viewer-time";
import { OtpCode, useCopyOtp } from "~/components/rooms/otp-code";
import { useActionToast } from "~/components/use-action-toast";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/http/forms.server";
import { otpLeft } from "~/lib/practice/validation";
import { Table, TBody, Td, Th, THead } from "~/components/ui/table";

export type PracticeRoomRow = {
  id: string;
  roomName: string;
  category: string;
  otp: string | null;
  otpExpiresAt: number | null;
  isActive: boolean;
  createdAt: number;
  questions: number;
  participants: { id: string; fullName: string; email: string; joinedAt: number }[];
};

/**
 * One practice room on /admin/practice-rooms: its OTP with Copy OTP and the
 * time left, Activate / Deactivate, Delete (confirmed by the page:
 * `useListDelete`), and its participants.
 */
export function PracticeRoomCard({ room, now, deleting, onDelete }: { room: PracticeRoomRow; now: number; deleting: boolean; onDelete: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  const copy = useCopyOtp();
  const busyIntent = fetcher.state !== "idle" ? String(fetcher.formData?.get("intent") ?? "") : null;
  const post = (intent: string) => fetcher.submit({ intent, roomId: room.id }, { method: "post" });
  const expired = room.otpExpiresAt === null || room.otpExpiresAt <= now;
  const headingId = `practice-room-${room.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={`rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900 ${deleting ? "opacity-50" : ""}`}
      >
        <div className="flex flex-wrap items-start justify-between gap-4 p-4">
          <div className="min-w-0">
            <h4 id={headingId} className="flex items-center gap-2 font-medium">
              <span className="truncate">{room.roomName}</span>
              <Badge tone={room.isActive ? "green" : "gray"}>{room.isActive ? "Active" : "Inactive"}</Badge>
            </h4>
            <p className="mt-0.5 text-xs text-muted">
              {room.category} · {room.questions} coding question{room.questions === 1 ? "" : "s"} · created <ViewerTime ms={room.createdAt} style="day-time" />
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button
              size="sm"
              variant="secondary"
              onClick={() => post(room.isActive ? "deactivate" : "activate")}
              busy={busyIntent === "activate" || busyIntent === "deactivate"}
              aria-label={`${room.isActive ? "Deactivate" : "Activate"} ${room.roomName}`}
            >
              {room.isActive ? "Deactivate" : "Activate"}
            </Button>
            <Button size="sm" variant="ghost" className="text-red-600 dark:text-red-400" onClick={onDelete} aria-label={`Delete ${room.roomName}`}>
              Delete
            </Button>
          </div>
        </div>

        <div className="flex flex-wrap items-center gap-3 border-t border-slate-100 px-4 py-3 dark:border-slate-800">
          <span className="text-sm font-medium">OTP</span>
          {room.otp && !expired ? (
            <>
              <OtpCode otp={room.otp} size="md" label={`OTP of ${room.roomName}`} />
              <Button size="sm" variant="secondary" onClick={() => void copy(room.otp!)} aria-label={`Copy OTP of ${room.roomName}`}>
                Copy OTP
              </Button>
              <span className="text-xs text-muted">{otpLeft(room.otpExpiresAt, now)}</span>
            </>
          ) : (
            <>
              <span className="text-sm text-red-600 dark:text-red-400">Expired: students can no longer join with it.</span>
              <Button size="sm" onClick={() => post("new-otp")} busy={busyIntent === "new-otp"} aria-label={`Generate new OTP for ${room.roomName}`}>
                Generate new OTP
              </Button>
            </>
          )}
        </div>

        <ParticipantList room={room} />
      </article>
    </li>
  );
}

function ParticipantList({ room }: { room: PracticeRoomRow }) {
  const captionId = `practice-participants-${room.id}`;
  return (
    <div className="border-t border-slate-100 px-4 py-3 dark:border-slate-800">
      <h5 id={captionId} className="mb-2 text-sm font-medium">
        Participants <span className="font-normal text-muted">({room.participants.length})</span>
      </h5>
      {room.participants.length === 0 ? (
        <p className="text-sm text-muted">No participants yet. Share the OTP with students.</p>
      ) : (
        <Table labelledBy={captionId} scrollLabel="Participants" className="-mx-3 max-h-72">
          <THead>
            <Th>Name</Th>
            <Th>Email</Th>
            <Th>Joined at</Th>
          </THead>
          <TBody>
            {room.participants.map((p) => (
              <tr key={p.id}>
                <Td className="font-medium">{p.fullName}</Td>
                <Td className="text-slate-600 dark:text-slate-300">{p.email}</Td>
                <Td className="whitespace-nowrap">
                  <ViewerTime ms={p.joinedAt} style="day-time" />
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
      )}
    </div>
  );
}
