import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "Practice — ProctorEdge" }];

export default function Page() {
  return (
    <>
      <PageTitle title="Practice" description="Practise coding questions by category. Nothing is saved." />
      <EmptyState title="No practice rooms joined">Join a practice room with its code from the dashboard.</EmptyState>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
