import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "Test Rooms — ProctorEdge" }];

export default function Page() {
  return (
    <>
      <PageTitle title="Test Rooms" description="Create rooms, admit students with a one-time code, and run timed tests." />
      <EmptyState title="No test rooms found">Rooms you create while logged in as admin appear here.</EmptyState>
    </>
  );
}
