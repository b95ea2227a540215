// Spec 2: /admin/practice, the free compiler playground, "open to any user".
// Admins open it here; a student who follows a link here is sent on to
// /student/playground by the admin layout (admin.tsx), with the same page.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PlaygroundPage } from "~/components/playground/playground-page";
import { playgroundAction, playgroundHeaders, playgroundLoader } from "~/lib/playground/playground.server";

export const meta: MetaFunction = () => [{ title: "Compiler — ProctorEdge" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => playgroundLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => playgroundAction(request, context);
export const headers = playgroundHeaders;

export default function Page() {
  const { blocked } = useLoaderData<typeof loader>();
  return <PlaygroundPage title="Practice" blocked={blocked} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
