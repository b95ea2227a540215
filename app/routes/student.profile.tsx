import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "Profile — ProctorEdge" }];

export default function Page() {
  return (
    <>
      <PageTitle title="Profile" description="Your personal information." />
      <EmptyState title="Profile editing is on its way">You will be able to change your name and email here.</EmptyState>
    </>
  );
}
