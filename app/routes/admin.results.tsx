import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "Results — ProctorEdge" }];

export default function Page() {
  return (
    <>
      <PageTitle title="Results" description="Per-room results with scores, statuses and tab switches." />
      <EmptyState title="No results yet">Results appear once a test room has participants.</EmptyState>
    </>
  );
}
