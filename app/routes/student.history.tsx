import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { EvaluationCell } from "~/components/evaluation/request-evaluation";
import { useRoomParty } from "~/components/use-room-party";
import { LoadErrorPanel, LOAD_FAILED } from "~/components/results/submission-load-error";
import { ViewerTime } from "~/components/ui/viewer-time";
import { Badge } from "~/components/ui/badge";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";
import { hoverRow, Table, TBody, Td, Th, THead } from "~/components/ui/table";
import { requireRole } from "~/lib/accounts/session.server";
import { createEvaluationRequest } from "~/lib/evaluation/requests.server";
import { triageInBackground } from "~/lib/evaluation/triage.server";
import { EvaluationRequestSchema, REQUEST_MESSAGES } from "~/lib/evaluation/validation";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { publishEvaluationRequested } from "~/lib/party.server";
import { requestGradeSync } from "~/lib/lti/grades.server";
import { historyPageParam, HISTORY_PAGE_SIZE, listStudentHistory } from "~/lib/results/student-history.server";
import { historyBadge, SCORE_TEXT, studentScoreTone } from "~/lib/results/student-status";

export const meta: MetaFunction = () => [{ title: "My Test History — ProctorEdge" }];

const PATH = "/student/history";
const DESCRIPTION = "Your past tests, newest first. Open one to see your submissions.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const student = await requireRole(request, context, "student");
  const page = historyPageParam(new URL(request.url).searchParams);
  let history;
  try {
    history = await listStudentHistory(context.db, student.id, page);
  } catch (error) {
    console.error("student history: load failed", error);
    throw data({ error: LOAD_FAILED }, { status: 500 });
  }
  // Past the last page (a stale link): show the last one.
  if (page > history.pageCount) throw redirect(pageHref(history.pageCount));
  return { ...history, pageSize: HISTORY_PAGE_SIZE };
}

/** Request Evaluation (spec 2 section 5): only for the student's own eligible test, once. */
export async function action({ request, context }: ActionFunctionArgs) {
  const student = await requireRole(request, context, "student");
  const values = await readFormValues(request);
  if (!values) return failure(REQUEST_MESSAGES.submitFailed);
  try {
    if (values.intent !== "request-evaluation") return failure("Unknown action");
    const { testId, reason } = parseValues(EvaluationRequestSchema, values);
    const created = await createEvaluationRequest(context.db, { studentId: student.id, testId, reason });
    context.cloudflare.ctx.waitUntil(publishEvaluationRequested(context.cloudflare.env));
    // The LMS's gradebook marks the score as pending a manual evaluation (decision 025).
    context.cloudflare.ctx.waitUntil(requestGradeSync(context.cloudflare.env, created.roomId));
    // After the response: the runner's answer never delays, fails or undoes the request.
    triageInBackground(context, created.id);
    return success(REQUEST_MESSAGES.submitted);
  } catch (error) {
    return actionError(error, REQUEST_MESSAGES.submitFailed);
  }
}

const pageHref = (page: number) => (page > 1 ? `${PATH}?page=${page}` : PATH);

export default function StudentHistoryPage() {
  const { rows, total, page, pageCount, pageSize } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === PATH;
  // Rooms whose results are held: their release arrives live (decision 041).
  const held = [...new Set(rows.filter((r) => !r.released).map((r) => r.roomId))];

  return (
    <>
      {held.map((roomId) => (
        <ReleaseWatch key={roomId} roomId={roomId} />
      ))}
      <PageTitle title="My Test History" description={DESCRIPTION} />
      {rows.length === 0 ? (
        <EmptyState title="No tests taken yet">
          Tests you take appear here.{" "}
          <Link to="/student" className="text-brand-600 underline hover:text-brand-700 dark:text-brand-100">
            Join a test room
          </Link>
        </EmptyState>
      ) : (
        <>
          <Table caption="Your tests, newest first" density="normal" boxed busy={loading}>
            <THead>
              <Th>Room</Th>
              <Th>Date</Th>
              <Th>Status</Th>
              <Th className="text-right">Score</Th>
              <Th>Review</Th>
            </THead>
            <TBody>
              {rows.map((row) => {
                const badge = historyBadge(row);
                const shown = row.totalScore !== null && row.maxScore !== null;
                const percent = shown && row.maxScore! > 0 ? Math.round((row.totalScore! / row.maxScore!) * 100) : 0;
                const href = `/student/submission/${row.testId}`;
                return (
                  <tr key={row.testId} data-testid="history-row" className={hoverRow}>
                    <Td>
                      <Link to={href} prefetch="intent" className="rounded font-medium text-brand-700 hover:underline focus:ring-2 focus:ring-brand-500 focus:outline-none dark:text-brand-100">
                        {row.roomName}
                      </Link>
                      <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{row.questionType === "mcq" ? "Multiple choice" : "Coding"}</span>
                    </Td>
                    <Td className="whitespace-nowrap text-slate-600 dark:text-slate-300">
                      <ViewerTime style="date-time" ms={row.takenAt} />
                    </Td>
                    <Td>
                      <Badge tone={badge.tone}>{badge.label}</Badge>
                    </Td>
                    {shown ? (
                      <Td className={`text-right font-semibold tabular-nums ${SCORE_TEXT[studentScoreTone(percent)]}`}>{`${row.totalScore}/${row.maxScore}`}</Td>
                    ) : (
                      <Td className="text-right text-slate-600 dark:text-slate-400" title="Not released yet">
                        <span aria-hidden="true">—</span>
                        <span className="sr-only">Not released yet</span>
                      </Td>
                    )}
                    <Td>
                      <EvaluationCell row={row} />
                    </Td>
                  </tr>
                );
              })}
            </TBody>
          </Table>
          {pageCount > 1 ? <Pagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} /> : null}
        </>
      )}
    </>
  );
}

/** Listens to one room whose results are held: a release (or a change of what students see) refetches the list. */
function ReleaseWatch({ roomId }: { roomId: string }) {
  useRoomParty(roomId, (event) => (event.type === "results-changed" ? undefined : "handled"));
  return null;
}

function Pagination({ page, pageCount, total, pageSize }: { page: number; pageCount: number; total: number; pageSize: number }) {
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  return (
    <nav aria-label="Pagination" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-slate-500 dark:text-slate-400">{`Showing ${from}–${to} of ${total} tests`}</p>
      <div className="flex items-center gap-3">
        <PageLink to={page > 1 ? pageHref(page - 1) : null} rel="prev">
          <span aria-hidden>←</span> Previous
        </PageLink>
        <span aria-current="page" className="font-medium">{`Page ${page} of ${pageCount}`}</span>
        <PageLink to={page < pageCount ? pageHref(page + 1) : null} rel="next">
          Next <span aria-hidden>→</span>
        </PageLink>
      </div>
    </nav>
  );
}

function PageLink({ to, rel, children }: { to: string | null; rel: "prev" | "next"; children: ReactNode }) {
  if (!to) {
    return (
      <span aria-disabled="true" className="inline-flex cursor-not-allowed items-center rounded-md border border-slate-200 px-3 py-1.5 font-medium text-slate-400 dark:border-slate-800 dark:text-slate-500">
        {children}
      </span>
    );
  }
  return (
    <Link
      to={to}
      rel={rel}
      prefetch="intent"
      className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 font-medium hover:bg-slate-50 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800"
    >
      {children}
    </Link>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <PageTitle title="My Test History" description={DESCRIPTION} />
      <LoadErrorPanel />
    </>
  );
}
