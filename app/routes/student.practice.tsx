import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { JoinCard } from "~/components/join-card";
import { ViewerTime } from "~/components/ui/viewer-time";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";
import { requireRole } from "~/lib/accounts/session.server";
import { joinedPracticeRooms } from "~/lib/practice/session.server";

export const meta: MetaFunction = () => [{ title: "Practice — ProctorEdge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const student = await requireRole(request, context, "student");
  return { rooms: await joinedPracticeRooms(context.db, student.id) };
}

export default function StudentPractice() {
  const { rooms } = useLoaderData<typeof loader>();
  return (
    <>
      <PageTitle title="Practice" description="Practise coding questions by category. Nothing is saved or scored." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="my-practice-rooms">
          <h3 id="my-practice-rooms" className="mb-3 font-semibold">
            My practice rooms <span className="text-sm font-normal text-muted">({rooms.length})</span>
          </h3>
          {rooms.length === 0 ? (
            <EmptyState title="No practice rooms joined">Join a practice room with the 6-digit code your instructor gives you.</EmptyState>
          ) : (
            <ul className="space-y-3">
              {rooms.map((room) => (
                <li
                  key={room.id}
                  className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
                >
                  <div className="min-w-0">
                    <p className="truncate font-medium">{room.roomName}</p>
                    <p className="mt-0.5 text-xs text-muted">
                      {room.category} · joined <ViewerTime ms={room.joinedAt} style="day-time" />
                    </p>
                  </div>
                  <Link
                    to={`/practice/${room.id}/coding`}
                    aria-label={`Enter ${room.roomName}`}
                    className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700 focus:ring-2 focus:ring-brand-500 focus:ring-offset-1 focus:outline-none"
                  >
                    Enter
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <JoinCard intent="join-practice" title="Join practice room" text="Enter the 6-digit OTP of a practice room to add it here." />
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
