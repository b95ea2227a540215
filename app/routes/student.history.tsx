import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "My Test History — ProctorEdge" }];

export default function Page() {
  return (
    <>
      <PageTitle title="My Test History" description="Your past tests and submissions." />
      <EmptyState title="No tests taken yet">Tests you take appear here.</EmptyState>
    </>
  );
}
