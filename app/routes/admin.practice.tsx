import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "Practice — ProctorEdge" }];

export default function Page() {
  return (
    <>
      <PageTitle title="Practice" description="A free compiler playground for C, C++, Python and Java." />
      <EmptyState title="The compiler playground is on its way">Write and run code here once the runner is connected.</EmptyState>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
