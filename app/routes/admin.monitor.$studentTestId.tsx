import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MonitorPage } from "~/components/monitor/monitor-page";
import { requireTestAdmin } from "~/lib/rooms/room-access.server";
import { monitorView } from "~/lib/monitor/monitor.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `${data.view.student.name} · ${data.view.roomName} — ` : ""}Monitor — ProctorEdge` },
];

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireTestAdmin(request, context, params.studentTestId ?? "");
  const view = await monitorView(context.db, context.cloudflare.env, params.studentTestId ?? "");
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
