import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "Dashboard — ProctorEdge" }];

export default function StudentDashboard() {
  return (
    <>
      <PageTitle title="Dashboard" description="Join a test room or a practice room with the code your instructor gives you." />
      <EmptyState title="No active tests">Test rooms you join appear here.</EmptyState>
    </>
  );
}
