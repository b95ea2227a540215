import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useMemo } from "react";
import { z } from "zod";
import { EvaluationRequestsTable } from "~/components/evaluation/requests-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useToastOnce } from "~/components/toaster";
import { useRoomParty } from "~/components/use-room-party";
import { Button } from "~/components/ui/button";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";
import { controlClass } from "~/components/ui/field";
import { requireRole } from "~/lib/accounts/session.server";
import {
  approveEvaluationRequest,
  listEvaluationRequests,
  rejectEvaluationRequest,
  searchParam,
} from "~/lib/evaluation/requests.server";
import { ApproveSchema, REQUEST_MESSAGES, SEARCH_MAX } from "~/lib/evaluation/validation";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { publishParticipantsChanged } from "~/lib/party.server";
import { LOBBY } from "../../contracts/party-names";

export const meta: MetaFunction = () => [{ title: "Evaluation — ProctorEdge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const q = searchParam(new URL(request.url).searchParams);
  try {
    return { q, rows: await listEvaluationRequests(context.db, q), error: null };
  } catch (error) {
    console.error("evaluation requests: load failed", error);
    return data({ q, rows: [], error: REQUEST_MESSAGES.loadFailed }, { status: 500 });
  }
}

const RejectSchema = z.object({
  intent: z.literal("reject"),
  requestId: z.string({ required_error: REQUEST_MESSAGES.rejectFailed }).min(1, REQUEST_MESSAGES.rejectFailed).max(100, REQUEST_MESSAGES.rejectFailed),
});

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "admin");
  const values = await readFormValues(request);
  if (!values) return failure(REQUEST_MESSAGES.updateFailed);
  const { env, ctx } = context.cloudflare;
  if (values.intent === "approve") {
    try {
      const { requestId, score } = parseValues(ApproveSchema, values);
      const test = await approveEvaluationRequest(context.db, requestId, score);
      // The room's results pages show the new score.
      ctx.waitUntil(publishParticipantsChanged(env, test.roomId));
      return success(REQUEST_MESSAGES.approved);
    } catch (error) {
      return actionError(error, REQUEST_MESSAGES.updateFailed);
    }
  }
  if (values.intent === "reject") {
    try {
      const { requestId } = parseValues(RejectSchema, values);
      await rejectEvaluationRequest(context.db, requestId);
      return success(REQUEST_MESSAGES.rejected);
    } catch (error) {
      return actionError(error, REQUEST_MESSAGES.rejectFailed);
    }
  }
  return failure("Unknown action");
}

export default function EvaluationRequestsPage() {
  const { q, rows, error } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  // New requests arrive on the lobby (admins only); the list refetches through the guarded loader.
  useRoomParty(LOBBY, (event) => (event.type === "evaluation-requested" ? undefined : "handled"));
  useToastOnce(useMemo(() => (error ? { type: "error" as const, message: error } : null), [error]));
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/evaluation";

  return (
    <>
      <PageTitle title="Evaluation" description="Manual evaluation requests from students." />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <Form method="get" role="search" aria-label="Search evaluation requests" className="flex items-center gap-2">
          <input
            type="search"
            name="q"
            defaultValue={q}
            key={q}
            maxLength={SEARCH_MAX}
            placeholder="Search by student, email, room or reason"
            aria-label="Search"
            className={`${controlClass} w-72`}
          />
          <Button type="submit" variant="secondary" busy={searching}>
            Search
          </Button>
        </Form>
        <Button variant="secondary" busy={revalidator.state === "loading"} onClick={() => revalidator.revalidate()}>
          Refresh
        </Button>
      </div>
      {error ? (
        <EmptyState title={error}>Please try again in a moment.</EmptyState>
      ) : rows.length === 0 ? (
        <EmptyState title={q ? "No requests match this search" : "No evaluation requests"}>
          {q ? "Try another name, email or room." : "Requests for manual review appear here."}
        </EmptyState>
      ) : (
        <EvaluationRequestsTable rows={rows} />
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
