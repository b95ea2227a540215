import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  useFetcher,
  useLoaderData,
  useNavigation,
  useRevalidator,
  useRouteError,
} from "@remix-run/react";
import { useCallback, useEffect, useState } from "react";
import { z } from "zod";
import { ID_MAX } from "~/lib/http/input-limits";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { HistoryDeleteDialog, HistoryLoadError, type DeleteTarget } from "~/components/results/history-dialogs";
import { HistoryPagination } from "~/components/results/history-pagination";
import {
  HISTORY_DELETE_MAX,
  HISTORY_MESSAGES,
  HISTORY_PATH,
  historyHref,
  parseHistoryQuery,
} from "~/components/results/history-query";
import { HistoryTable } from "~/components/results/history-table";
import { HistoryToolbar } from "~/components/results/history-toolbar";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";
import { useActionToast } from "~/components/use-action-toast";
import { requireRole } from "~/lib/accounts/session.server";
import { actionError, failure, success } from "~/lib/http/forms.server";
import { publish, publishRoomsChanged, roomEvents } from "~/lib/party.server";
import { deleteStudentTests, listHistory } from "~/lib/results/history.server";

export const meta: MetaFunction = () => [{ title: "Test History — ProctorEdge" }];

const TITLE = "Test History";
const DESCRIPTION = "Every student's tests in every room, newest first.";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const query = parseHistoryQuery(new URL(request.url).searchParams);
  let page;
  try {
    page = await listHistory(context.db, query);
  } catch (error) {
    console.error("history: list failed", error);
    throw data({ error: HISTORY_MESSAGES.loadFailed }, { status: 500 });
  }
  // Past the last page (a stale link, or tests were deleted): show the last one.
  if (query.page > page.pageCount) throw redirect(historyHref({ q: query.q, page: page.pageCount }));
  return { ...page, q: query.q, truncated: query.truncated };
}

const DeleteSchema = z.array(z.string().trim().min(1).max(ID_MAX)).min(1).max(HISTORY_DELETE_MAX);

/** Delete: one test or the ticked ones (`testId`, repeated), as one atomic batch. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "admin");
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failure("The form could not be read", 400);
  }
  if (form.get("intent") !== "delete") return failure("Unknown action", 400);
  const ids = DeleteSchema.safeParse(form.getAll("testId"));
  if (!ids.success) return failure(HISTORY_MESSAGES.deleteFailed, 400);
  try {
    const { deleted, roomIds } = await deleteStudentTests(context.db, context.cloudflare.env, ids.data);
    // Already gone (another tab, another admin): nothing was deleted here.
    if (deleted === 0) return failure(HISTORY_MESSAGES.deleteFailed, 404);
    // Open results pages of those rooms refetch (through their own guarded loaders).
    const env = context.cloudflare.env;
    context.cloudflare.ctx.waitUntil(
      Promise.all([
        ...roomIds.map((roomId) => publish(env, roomId, roomEvents.participantsChanged(roomId))),
        publishRoomsChanged(env),
      ]),
    );
    return success(deleted === 1 ? HISTORY_MESSAGES.deleted : HISTORY_MESSAGES.deletedMany(deleted), { deleted });
  } catch (error) {
    return actionError(error, HISTORY_MESSAGES.deleteFailed);
  }
}

export default function HistoryPage() {
  const { tests, total, page, pageCount, pageSize, q, truncated } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<typeof action>();
  const [target, setTarget] = useState<DeleteTarget | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  // A ticked test that left the page (another page, a search, a delete) is no longer ticked.
  useEffect(() => {
    setSelected((current) => {
      const shown = new Set(tests.map((t) => t.id));
      const kept = [...current].filter((id) => shown.has(id));
      return kept.length === current.size ? current : new Set(kept);
    });
  }, [tests]);

  const closeDialog = useCallback(() => setTarget(null), []);
  useActionToast(fetcher.data, closeDialog);
  // A failed delete closes the dialog too: its toast says why, and the list reloads.
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setTarget(null);
  }, [fetcher.state, fetcher.data]);

  const loadingList = navigation.state === "loading" && navigation.location.pathname === HISTORY_PATH;
  const busy = loadingList || revalidator.state === "loading" || fetcher.state !== "idle";
  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <PageTitle title={TITLE} description={DESCRIPTION} />
      <HistoryToolbar
        q={q}
        total={total}
        truncated={truncated}
        searching={loadingList}
        refreshing={revalidator.state === "loading"}
        selected={selected.size}
        onRefresh={() => revalidator.revalidate()}
        onDeleteSelected={() => setTarget({ ids: [...selected], one: null })}
      />
      {tests.length === 0 ? (
        q ? (
          <EmptyState title={`No tests match “${q}”`}>Try another name, email or room.</EmptyState>
        ) : (
          <EmptyState title="No test history yet">A test appears here as soon as a student launches it.</EmptyState>
        )
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400" data-testid="history-summary">
            {`${total.toLocaleString("en-US")} ${total === 1 ? "test" : "tests"}${q ? ` ${total === 1 ? "matches" : "match"} “${q}”` : ""} · Page ${page.toLocaleString("en-US")} of ${pageCount.toLocaleString("en-US")}`}
          </p>
          <HistoryTable
            tests={tests}
            busy={busy}
            selected={selected}
            onToggle={toggle}
            onToggleAll={(on) => setSelected(on ? new Set(tests.map((t) => t.id)) : new Set())}
            onDelete={(t) => setTarget({ ids: [t.id], one: t })}
          />
          <HistoryPagination page={page} pageCount={pageCount} total={total} pageSize={pageSize} q={q} />
        </>
      )}
      <HistoryDeleteDialog
        target={target}
        busy={fetcher.state !== "idle"}
        onClose={closeDialog}
        onConfirm={(ids) => {
          const form = new FormData();
          form.set("intent", "delete");
          for (const id of ids) form.append("testId", id);
          fetcher.submit(form, { method: "post" });
        }}
      />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const message =
    isRouteErrorResponse(error) && typeof (error.data as { error?: unknown })?.error === "string"
      ? (error.data as { error: string }).error
      : null;
  if (!isRouteErrorResponse(error) || error.status < 500 || !message) return <GeneralErrorBoundary />;
  return (
    <>
      <PageTitle title={TITLE} description={DESCRIPTION} />
      <HistoryLoadError message={message} />
    </>
  );
}
