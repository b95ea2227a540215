import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "Test History — ProctorEdge" }];

export default function Page() {
  return (
    <>
      <PageTitle title="Test History" description="Every student's past tests." />
      <EmptyState title="No test history yet">Finished tests appear here.</EmptyState>
    </>
  );
}
