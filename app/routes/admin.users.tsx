import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "Users — ProctorEdge" }];

export default function Page() {
  return (
    <>
      <PageTitle title="Users" description="Search, add and edit admin and student accounts." />
      <EmptyState title="No users found">User management will list every account here.</EmptyState>
    </>
  );
}
