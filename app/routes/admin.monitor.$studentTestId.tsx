import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MonitorPage } from "~/components/monitor/monitor-page";
import { requireRole } from "~/lib/accounts/session.server";
import { monitorView } from "~/lib/monitor/monitor.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.view.student.name} · ${data.view.roomName} — ` : ""}Monitor — ProctorEdge` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const view = await monitorView(context.db, params.studentTestId ?? "");
  if (!view) throw new Response("Not Found", { status: 404 });
  return { view };
}

export default function MonitorRoute() {
  const { view } = useLoaderData<typeof loader>();
  return <MonitorPage view={view} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
