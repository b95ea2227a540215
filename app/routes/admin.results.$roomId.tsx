import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation, useParams } from "@remix-run/react";
import { useMemo, useState } from "react";
import { z } from "zod";
import { ReleasePanel } from "~/components/results/release-panel";
import { RELEASE_MESSAGES } from "~/lib/results/release";
import { isReleaseIntent, runReleaseIntent } from "~/lib/results/release.server";
import { idField } from "~/lib/http/input-limits";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CodingQuestionStats, McqQuestionStats } from "~/components/results/question-stats";
import { RejudgeBar, RejudgeOpen, RejudgeTrail, type RejudgeLive } from "~/components/results/rejudge-panel";
import { ResultsTable } from "~/components/results/results-table";
import { ResultsToolbar } from "~/components/results/results-toolbar";
import { ScoreHistogram } from "~/components/results/score-histogram";
import { useToast, useToastOnce } from "~/components/toaster";
import { useRoomParty } from "~/components/use-room-party";
import { Badge } from "~/components/ui/badge";
import { EmptyState } from "~/components/ui/empty-state";
import { roomGradeStatus } from "~/lib/lti/grades.server";
import { confirmedTests } from "~/lib/similarity/similarity.server";
import { requireRoomAdmin } from "~/lib/rooms/room-access.server";
import { LANGUAGE_LABELS } from "~/lib/ui/format";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { publishParticipantsChanged } from "~/lib/party.server";
import { markResult, UPDATE_FAILED } from "~/lib/results/overrides.server";
import { forgetJournalGates } from "~/lib/student-tests/code-journal.server";
import { REJUDGE_MESSAGES } from "~/lib/rejudge/rejudge";
import { appliedMessage, applyRejudgeInRoom, cancelRejudge, roomRejudges, startRejudge } from "~/lib/rejudge/rejudge.server";
import { roomResults } from "~/lib/results/room-results.server";
import { applyResultsView, parseResultsView, viewSearch, type ResultsView } from "~/lib/results/results-view";
import { adminScoreTone, SCORE_TEXT } from "~/lib/results/student-status";
import { redirectWithToast } from "~/lib/ui/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && "room" in data && data.room ? `${data.room.roomName} results` : "Results"} — ProctorEdge` },
];

const LOAD_FAILED = "Failed to load results";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRoomAdmin(request, context, params.roomId ?? "");
  const view = parseResultsView(new URL(request.url).searchParams);
  let results: Awaited<ReturnType<typeof roomResults>>;
  try {
    results = await roomResults(context.db, params.roomId ?? "");
  } catch (error) {
    console.error(error);
    return data({ error: LOAD_FAILED, view, room: null }, { status: 500 });
  }
  if (!results) throw await redirectWithToast("/admin/results", { type: "error", message: "Room not found" });
  const { rows, ...rest } = results;
  // Whether the LMS has each student's latest score (decision 025); null for a room without LMS activities.
  const [grades, similar, rejudge] = await Promise.all([
    roomGradeStatus(context.db, results.room.id),
    confirmedTests(context.db, results.room.id),
    results.room.questionType === "coding" ? roomRejudges(context.db, results.room.id) : null,
  ]);
  // The same view the CSV export applies: what is on screen is what is exported.
  return {
    ...rest,
    error: null,
    view,
    rows: applyResultsView(rows, view),
    lmsGrades: grades ? Object.fromEntries(grades) : null,
    similar: [...similar],
    rejudge,
  };
}

const MarkSchema = z.object({
  intent: z.enum(["mark-pass", "mark-fail"], { errorMap: () => ({ message: "Unknown action" }) }),
  testId: idField(UPDATE_FAILED),
});

/** Rejudge (decision 039): start one (an empty question is the whole room), or cancel or apply the open one. */
const RejudgeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("rejudge-start"), questionId: z.union([z.literal(""), idField(REJUDGE_MESSAGES.notInRoom)]).optional() }),
  z.object({ intent: z.literal("rejudge-cancel"), rejudgeId: idField(REJUDGE_MESSAGES.notFound) }),
  z.object({ intent: z.literal("rejudge-apply"), rejudgeId: idField(REJUDGE_MESSAGES.notFound) }),
]);

export async function action({ request, context, params }: ActionFunctionArgs) {
  const admin = await requireRoomAdmin(request, context, params.roomId ?? "");
  const values = await readFormValues(request);
  if (!values) return failure(UPDATE_FAILED);
  const roomId = params.roomId ?? "";
  if (isReleaseIntent(values.intent)) {
    try {
      return success(await runReleaseIntent(context.db, context.cloudflare.env, roomId, values.intent, values));
    } catch (error) {
      return actionError(error, RELEASE_MESSAGES.failed);
    }
  }
  if (typeof values.intent === "string" && values.intent.startsWith("rejudge-")) {
    try {
      const input = parseValues(RejudgeSchema, values);
      const env = context.cloudflare.env;
      switch (input.intent) {
        case "rejudge-start": {
          const started = await startRejudge(context.db, env, { roomId, questionId: input.questionId || null, admin: { id: admin.id, name: admin.name } });
          return success(`Rejudging ${started.total} ${started.total === 1 ? "submission" : "submissions"}: the preview follows`);
        }
        case "rejudge-cancel":
          await cancelRejudge(context.db, env, roomId, input.rejudgeId);
          return success("Rejudge cancelled: nothing was changed");
        case "rejudge-apply": {
          return success(appliedMessage(await applyRejudgeInRoom(context.db, env, roomId, input.rejudgeId, { name: admin.name })));
        }
      }
    } catch (error) {
      return actionError(error, REJUDGE_MESSAGES.failed);
    }
  }
  try {
    const { intent, testId } = parseValues(MarkSchema, values);
    const outcome = intent === "mark-pass" ? "passed" : "failed";
    const { name } = await markResult(context.db, { roomId, testId, outcome, admin: { id: admin.id, name: admin.name } });
    // Failed disqualifies: the journal's fast path reads the test again before it answers it next (decision 045).
    await forgetJournalGates(context.cloudflare.env, roomId, testId);
    // Every open results tab (and the room page) refetches through its guarded loader.
    context.cloudflare.ctx.waitUntil(publishParticipantsChanged(context.cloudflare.env, roomId));
    return success(`Marked ${name} as ${outcome}`);
  } catch (error) {
    return actionError(error, UPDATE_FAILED);
  }
}

const BADGE_TONE = { Active: "green", Ended: "gray", Scheduled: "blue" } as const;
const muted = "text-slate-600 dark:text-slate-400";

export default function RoomResults() {
  const loaded = useLoaderData<typeof loader>();
  const toast = useToast();
  const navigation = useNavigation();
  const { roomId = "" } = useParams();
  const [rejudgeLive, setRejudgeLive] = useState<RejudgeLive>(null);
  // Launches, submits, finishes, disqualifications and overrides arrive on the room's party.
  useRoomParty(roomId, (event, page) => {
    if (event.type === "rejudge-changed") {
      setRejudgeLive({ rejudgeId: event.rejudgeId, state: event.state, done: event.done, total: event.total });
      // Progress is shown from the event itself; a new state (ready, applied, ...) refetches.
      if (event.state === "previewing" && loaded.room && "rejudge" in loaded && loaded.rejudge?.open?.id === event.rejudgeId && loaded.rejudge.open.state === "previewing") return "handled";
      return;
    }
    if (event.type === "room-deleted") {
      toast({ type: "error", message: "This room was deleted" });
      page.navigate("/admin/results");
      return "handled";
    }
    // An autosave changes nothing the results show (the live monitor's event).
    if (event.type === "code-saved") return "handled";
  });
  useToastOnce(useMemo(() => (loaded.error ? { type: "error" as const, message: loaded.error } : null), [loaded.error]));

  const back = (
    <Link to="/admin/results" className="text-sm text-brand-700 hover:underline dark:text-brand-100">
      ← Back to Results
    </Link>
  );
  if (!loaded.room || loaded.error !== null) {
    return (
      <>
        {back}
        <div className="mt-4">
          <EmptyState title={LOAD_FAILED}>Please try again in a moment.</EmptyState>
        </div>
      </>
    );
  }
  const { room, rows, view, stats } = loaded;
  const rejudge = "rejudge" in loaded ? loaded.rejudge : null;
  const busy = navigation.state === "loading" && navigation.location.pathname === `/admin/results/${room.id}`;
  const withScore = (score: ResultsView["score"]) => viewSearch({ ...view, score }) || ".";
  return (
    <>
      <div className="mb-6">
        {back}
        <h2 className="mt-2 flex items-center gap-3 text-2xl font-semibold">
          {room.roomName}
          <Badge tone={BADGE_TONE[room.badge]}>{room.badge}</Badge>
        </h2>
        <p className={`mt-1 text-sm ${muted}`}>
          {room.questionType === "mcq" ? "Multiple choice" : `Coding · ${LANGUAGE_LABELS[room.language]}`} · {room.category} · {room.durationMinutes} minutes
        </p>
        {room.questionType === "coding" ? (
          <Link
            to={`/admin/results/${room.id}/similarity`}
            className="mt-3 inline-flex rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            Similarity
          </Link>
        ) : null}
      </div>

      <div className="mb-6">
        <ReleasePanel release={room.release} />
      </div>

      {rejudge ? (
        <>
          <RejudgeBar data={rejudge} questions={loaded.questions} />
          {rejudge.open ? <RejudgeOpen open={rejudge.open} preview={rejudge.preview} live={rejudgeLive} /> : null}
        </>
      ) : null}

      <dl className="mb-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Stat label="Participants" value={String(loaded.participants)} />
        <Stat label="Average score" value={loaded.participants ? String(loaded.average) : "—"} tone={loaded.participants ? SCORE_TEXT[adminScoreTone(loaded.average)] : undefined} />
        <Stat label="Passed (100)" value={String(stats.histogram.at(-1)?.count ?? 0)} />
        <Stat label="Near miss (90–99)" value={String(stats.histogram.find((b) => b.band === "near")?.count ?? 0)} />
      </dl>

      <section aria-labelledby="results-heading" className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h3 id="results-heading" className="px-5 pt-4 font-semibold">
          Participants
        </h3>
        <ResultsToolbar roomId={room.id} view={view} shown={rows.length} total={loaded.participants} />
        <div aria-busy={busy} className={busy ? "opacity-60 transition-opacity" : undefined}>
          {loaded.participants === 0 ? (
            <div className="p-5">
              <EmptyState title="No participants yet">Students appear here as they join the room, and their scores as they submit.</EmptyState>
            </div>
          ) : rows.length === 0 ? (
            <div className="p-5">
              <EmptyState title="No students match this view">
                <Link to="." replace className="text-brand-700 underline dark:text-brand-100">
                  Show everyone
                </Link>
              </EmptyState>
            </div>
          ) : (
            <ResultsTable rows={rows} questions={loaded.questions} lmsGrades={"lmsGrades" in loaded ? loaded.lmsGrades : null} similar={"similar" in loaded ? loaded.similar : []} />
          )}
        </div>
      </section>

      <section aria-labelledby="glance-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h3 id="glance-heading" className="font-semibold">
          The room at a glance
        </h3>
        <p className={`mt-1 text-sm ${muted}`}>Across everyone in the room, whatever the filter above.</p>
        <div className="mt-4 grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,28rem)_1fr]">
          <ScoreHistogram bins={stats.histogram} tested={stats.tested} notStarted={stats.notStarted} nearMissHref={withScore("near")} passHref={withScore("pass")} />
          <div className="min-w-0">
            <h4 className="mb-2 text-sm font-semibold">Questions and test cases</h4>
            {stats.coding ? <CodingQuestionStats questions={stats.coding} /> : null}
            {stats.mcq ? <McqQuestionStats questions={stats.mcq} /> : null}
          </div>
        </div>
      </section>

      {rejudge ? <RejudgeTrail trail={rejudge.trail} /> : null}
    </>
  );
}

function Stat({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white px-4 py-3 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <dt className={`text-xs uppercase ${muted}`}>{label}</dt>
      <dd className={`mt-1 text-2xl font-semibold tabular-nums ${tone ?? ""}`}>{value}</dd>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
