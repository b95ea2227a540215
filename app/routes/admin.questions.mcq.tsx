import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { McqForm } from "~/components/questions/mcq-form";
import { SelectionBar, SelectQuestion, useSelection } from "~/components/questions/question-export";
import { BackToQuestions, difficultyTone, ListFilters, Pagination, QuestionRowActions } from "~/components/questions/shared";
import { Badge } from "~/components/ui/badge";
import { ConfirmDialog, Dialog } from "~/components/ui/dialog";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";
import { Table, TBody, Td, Th, THead } from "~/components/ui/table";
import { useActionToast } from "~/components/use-action-toast";
import { failure, schemaFailure, success, readFormValues } from "~/lib/http/forms.server";
import { MCQ_LETTERS, UpdateMcqQuestionSchema } from "~/lib/questions/question-validation";
import {
  categoryNames,
  deleteQuestion,
  listMcqQuestions,
  readListQuery,
  updateMcqQuestion,
  type McqQuestionView,
} from "~/lib/questions/questions.server";
import { requireRole } from "~/lib/accounts/session.server";

export const meta: MetaFunction = () => [{ title: "MCQ Questions — ProctorEdge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const query = readListQuery(new URL(request.url));
  const [list, categories] = await Promise.all([listMcqQuestions(context.db, query), categoryNames(context.db)]);
  return { ...list, categories, filtered: Boolean(query.search || query.category) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "admin");
  const values = await readFormValues(request);
  if (!values) return failure("The form could not be read");

  switch (values.intent) {
    case "update-mcq": {
      const parsed = UpdateMcqQuestionSchema.safeParse(values);
      if (!parsed.success) return schemaFailure(parsed.error);
      try {
        if (!(await updateMcqQuestion(context.db, parsed.data.id, parsed.data))) return failure("Failed to update question", 404);
        return success("Question updated");
      } catch (error) {
        console.error("update MCQ", error);
        return failure("Failed to update question", 500);
      }
    }

    case "delete-question": {
      const id = typeof values.id === "string" ? values.id : "";
      try {
        if (!id || !(await deleteQuestion(context.db, id, "mcq"))) return failure("Failed to delete question", 404);
        return success("Question deleted");
      } catch (error) {
        console.error("delete MCQ", error);
        return failure("Failed to delete question", 500);
      }
    }

    default:
      return failure("Unknown action");
  }
}

export default function McqQuestionsPage() {
  const { items, total, page, pageCount, categories, filtered } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<McqQuestionView | null>(null);
  const [deleting, setDeleting] = useState<McqQuestionView | null>(null);
  const selection = useSelection(items.map((q) => q.id));

  return (
    <>
      <BackToQuestions />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageTitle title="MCQ Questions" description="Multiple-choice questions: four options, one correct." />
        <Link
          to="/admin/questions"
          className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700 focus:ring-2 focus:ring-brand-500 focus:ring-offset-1 focus:outline-none"
        >
          Add question
        </Link>
      </div>

      <ListFilters categories={categories} placeholder="Search questions" />

      {items.length > 0 ? <SelectionBar selection={selection} /> : null}

      {items.length === 0 ? (
        filtered ? (
          <EmptyState title="No questions match your search">Try other words or another category.</EmptyState>
        ) : (
          <EmptyState title="No questions yet">
            Add an MCQ or import a CSV on the <Link to="/admin/questions" className="text-link underline">Questions</Link> page.
          </EmptyState>
        )
      ) : (
        <Table density="normal" boxed>
          <THead>
            <Th className="w-10">
              <span className="sr-only">Select</span>
            </Th>
            <Th>Question</Th>
            <Th>Options</Th>
            <Th>Category</Th>
            <Th className="text-right">
              <span className="sr-only">Actions</span>
            </Th>
          </THead>
          <TBody>
            {items.map((q) => (
              <tr key={q.id} className="align-top">
                <Td className="pr-0">
                  <SelectQuestion selection={selection} id={q.id} title={q.title} />
                </Td>
                <Td className="max-w-md">
                  <p className="font-medium break-words whitespace-pre-line">{q.title}</p>
                  <div className="mt-1">
                    <Badge tone={difficultyTone(q.difficulty)}>{q.difficulty}</Badge>
                  </div>
                </Td>
                <Td>
                  <ol className="space-y-0.5">
                    {/* An imported true/false or 3-option question has no C or D. */}
                    {MCQ_LETTERS.map((letter, i) => {
                      if (q.options[i] === "") return null;
                      const correct = q.correctOption === letter;
                      return (
                        <li
                          key={letter}
                          className={correct ? "font-medium text-emerald-700 dark:text-emerald-300" : "text-slate-600 dark:text-slate-400"}
                        >
                          <span className="mr-1 font-semibold">{letter}.</span>
                          {q.options[i]}
                          {correct ? (
                            <span className="ml-1.5">
                              <Badge tone="green">Correct</Badge>
                            </span>
                          ) : null}
                        </li>
                      );
                    })}
                  </ol>
                </Td>
                <Td className="whitespace-nowrap">
                  <Badge>{q.category}</Badge>
                </Td>
                <Td>
                  <div className="flex justify-end gap-1.5">
                    <QuestionRowActions title={q.title} onEdit={() => setEditing(q)} onDelete={() => setDeleting(q)} />
                  </div>
                </Td>
              </tr>
            ))}
          </TBody>
        </Table>
      )}

      {items.length > 0 ? <Pagination page={page} pageCount={pageCount} total={total} noun="question" /> : null}

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title="Edit MCQ" wide>
        {editing ? (
          <McqForm
            key={editing.id}
            categories={categories}
            intent="update-mcq"
            defaults={editing}
            submitLabel="Save changes"
            busyLabel="Saving…"
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
      <DeleteMcq question={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

function DeleteMcq({ question, onClose }: { question: McqQuestionView | null; onClose: () => void }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  useActionToast(fetcher.data, onClose);
  return (
    <ConfirmDialog
      open={question !== null}
      onClose={onClose}
      title="Delete question?"
      description={
        question ? (
          <>
            <span className="font-medium">{question.title}</span> will be deleted. This cannot be undone.
          </>
        ) : null
      }
      busy={fetcher.state !== "idle"}
      onConfirm={() => {
        if (question) fetcher.submit({ intent: "delete-question", id: question.id }, { method: "post" });
      }}
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
