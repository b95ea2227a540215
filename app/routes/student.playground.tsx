// The compiler playground for students (spec 2: "open to any user"), in the
// student layout; the same page and rules as /admin/practice. Closed while the
// student's test runs (loader and action).
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
  return <PlaygroundPage title="Compiler" blocked={blocked} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
