import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "Practice Rooms — ProctorEdge" }];

export default function Page() {
  return (
    <>
      <PageTitle title="Practice Rooms" description="Open practice rooms by category; nothing students do here is scored." />
      <EmptyState title="No practice rooms yet">Create a practice room to let students train on a category.</EmptyState>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
