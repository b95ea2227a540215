import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "Settings — ProctorEdge" }];

export default function Page() {
  return (
    <>
      <PageTitle title="Settings" description="Change your password." />
      <EmptyState title="Password settings are on its way">You will be able to change your password here.</EmptyState>
    </>
  );
}
