import type { MetaFunction } from "@remix-run/cloudflare";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";

export const meta: MetaFunction = () => [{ title: "Questions — ProctorEdge" }];

export default function Page() {
  return (
    <>
      <PageTitle title="Questions" description="The question bank: coding questions with test cases, and multiple-choice questions." />
      <EmptyState title="The question manager is on its way">Coding and MCQ lists, categories and CSV import will appear here.</EmptyState>
    </>
  );
}
