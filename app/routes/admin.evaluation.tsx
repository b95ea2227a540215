import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "Evaluation — ProctorEdge" }];

export default function Page() {
  return (
    <>
      <PageTitle title="Evaluation" description="Manual evaluation requests from students." />
      <EmptyState title="No evaluation requests">Requests for manual review appear here.</EmptyState>
    </>
  );
}
