import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { StartsAt } from "~/components/rooms/scheduled-start";
import { useToast } from "~/components/toaster";
import { useRoomParty } from "~/components/use-room-party";
import { requireRoomPage } from "~/lib/student-tests/student-pages.server";

export const meta: MetaFunction = () => [{ title: "Waiting room — ProctorEdge" }];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { room, participant } = await requireRoomPage(request, context, params.roomId ?? "");
  if (room.isActive) throw redirect(`/test/${room.id}/terms`);
  return {
    roomId: room.id,
    roomName: room.roomName,
    name: participant.fullName,
    email: participant.email,
    category: participant.category,
    durationMinutes: room.durationMinutes,
    scheduledAt: room.scheduledAt?.getTime() ?? null,
    serverNow: Date.now(),
  };
}

export default function WaitingRoom() {
  const data = useLoaderData<typeof loader>();
  const toast = useToast();
  const [scheduledAt, setScheduledAt] = useState(data.scheduledAt);
  useEffect(() => setScheduledAt(data.scheduledAt), [data.scheduledAt]);
  useRoomParty(data.roomId, (event, page, exit) => {
    if (event.type === "room-changed" && event.isActive) {
      page.navigate(`/test/${data.roomId}/terms`, { replace: true });
      return "handled";
    }
    // A schedule set, moved or cleared reaches the waiting room at once.
    if (event.type === "room-changed" && event.scheduledAt !== undefined) setScheduledAt(event.scheduledAt);
    if (exit) {
      toast({ type: "error", message: exit });
      page.navigate("/student", { replace: true });
      return "handled";
    }
  });
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <p className="text-sm font-medium text-link">{data.roomName}</p>
        <h1 className="mt-2 text-2xl font-semibold">Waiting for test to start</h1>
        <StartsAt at={scheduledAt} serverNow={data.serverNow} className="mt-2 text-lg font-medium" />
        <div className="mx-auto mt-5 h-1.5 w-40 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700" aria-hidden>
          <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-500" />
        </div>
        <dl className="mt-6 grid grid-cols-2 gap-x-4 gap-y-3 text-left text-sm">
          <dt className="text-muted">Name</dt>
          <dd className="font-medium">{data.name}</dd>
          <dt className="text-muted">Email ID</dt>
          <dd className="font-medium">{data.email}</dd>
          <dt className="text-muted">Test Category</dt>
          <dd className="font-medium">{data.category}</dd>
          <dt className="text-muted">Test Duration</dt>
          <dd className="font-medium">
            {data.durationMinutes} minute{data.durationMinutes === 1 ? "" : "s"}
          </dd>
        </dl>
        <p className="mt-6 text-sm text-muted" role="status">
          Please stay on this page. The test opens by itself when your instructor starts it.
        </p>
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
