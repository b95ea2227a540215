import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useFetcher, useLoaderData } from "@remix-run/react";
import { useCallback, useState } from "react";
import { CodingQuestionFields, splitSummary } from "~/components/questions/coding-question-form";
import {
  BackToQuestions,
  cardClass,
  difficultyTone,
  languageLabel,
  ListFilters,
  Pagination,
  QuestionRowActions,
} from "~/components/questions/shared";
import { packageHref, SelectionBar, SelectQuestion, useSelection } from "~/components/questions/question-export";
import { TestCaseManager } from "~/components/questions/test-case-manager";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog } from "~/components/ui/dialog";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";
import { useActionToast } from "~/components/use-action-toast";
import { useDialogValidation } from "~/components/use-validate-on-submit";
import { failure, schemaFailure, success, readFormValues } from "~/lib/http/forms.server";
import {
  AddTestCaseSchema,
  MSG_MAX_FIVE,
  TEST_CASES_PER_QUESTION,
  UpdateCodingQuestionSchema,
  UpdateTestCaseSchema,
} from "~/lib/questions/question-validation";
import {
  addTestCase,
  categoryNames,
  deleteQuestion,
  deleteTestCase,
  listCodingQuestions,
  readListQuery,
  updateCodingQuestion,
  updateTestCase,
  type CodingQuestionView,
} from "~/lib/questions/questions.server";
import { checkerSummary, limitsText } from "~/lib/questions/grading";
import { requireRole } from "~/lib/accounts/session.server";

export const meta: MetaFunction = () => [{ title: "Coding Questions — ProctorEdge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const query = readListQuery(new URL(request.url));
  const [list, categories] = await Promise.all([listCodingQuestions(context.db, query), categoryNames(context.db)]);
  return { ...list, categories, filtered: Boolean(query.search || query.category) };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "admin");
  const values = await readFormValues(request);
  if (!values) return failure("The form could not be read");
  const db = context.db;
  const id = typeof values.id === "string" ? values.id : "";

  switch (values.intent) {
    case "update-question": {
      const parsed = UpdateCodingQuestionSchema.safeParse(values);
      if (!parsed.success) return schemaFailure(parsed.error);
      try {
        if (!(await updateCodingQuestion(db, parsed.data.id, parsed.data))) return failure("Failed to update question", 404);
        return success("Question updated");
      } catch (error) {
        console.error("update coding question", error);
        return failure("Failed to update question", 500);
      }
    }

    case "delete-question": {
      try {
        if (!id || !(await deleteQuestion(db, id, "coding"))) return failure("Failed to delete question", 404);
        return success("Question deleted");
      } catch (error) {
        console.error("delete coding question", error);
        return failure("Failed to delete question", 500);
      }
    }

    case "add-test-case": {
      const parsed = AddTestCaseSchema.safeParse(values);
      if (!parsed.success) return schemaFailure(parsed.error);
      try {
        const outcome = await addTestCase(db, parsed.data.questionId, parsed.data);
        if (outcome === "full") return failure(MSG_MAX_FIVE);
        if (outcome === "not-found") return failure("Failed to add test case", 404);
        return success("Test case added");
      } catch (error) {
        console.error("add test case", error);
        return failure("Failed to add test case", 500);
      }
    }

    case "update-test-case": {
      const parsed = UpdateTestCaseSchema.safeParse(values);
      if (!parsed.success) return schemaFailure(parsed.error);
      try {
        if (!(await updateTestCase(db, parsed.data.id, parsed.data))) return failure("Failed to update test case", 404);
        return success("Test case updated");
      } catch (error) {
        console.error("update test case", error);
        return failure("Failed to update test case", 500);
      }
    }

    case "delete-test-case": {
      try {
        if (!id || !(await deleteTestCase(db, id))) return failure("Failed to delete test case", 404);
        return success("Test case deleted");
      } catch (error) {
        console.error("delete test case", error);
        return failure("Failed to delete test case", 500);
      }
    }

    default:
      return failure("Unknown action");
  }
}

export default function CodingQuestionsPage() {
  const { items, total, page, pageCount, categories, filtered } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<CodingQuestionView | null>(null);
  const [deleting, setDeleting] = useState<CodingQuestionView | null>(null);
  const [casesFor, setCasesFor] = useState<string | null>(null);
  // The manager reads the live question, so it refreshes after each change.
  const managed = casesFor ? (items.find((q) => q.id === casesFor) ?? null) : null;
  const selection = useSelection(items.map((q) => q.id));

  return (
    <>
      <BackToQuestions />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageTitle title="Coding Questions" description="Edit questions, delete them, and manage their test cases." />
        <Link
          to="/admin/questions"
          className="rounded-md bg-brand-600 px-3.5 py-2 text-sm font-medium text-white hover:bg-brand-700 focus:ring-2 focus:ring-brand-500 focus:ring-offset-1 focus:outline-none"
        >
          Add question
        </Link>
      </div>

      <ListFilters categories={categories} placeholder="Search by title" />

      {items.length > 0 ? <SelectionBar selection={selection} /> : null}

      {items.length === 0 ? (
        filtered ? (
          <EmptyState title="No questions match your search">Try another title or category.</EmptyState>
        ) : (
          <EmptyState title="No questions yet">
            Add a coding question or import a CSV on the <Link to="/admin/questions" className="text-link underline">Questions</Link> page.
          </EmptyState>
        )
      ) : (
        <ul className="space-y-3" aria-label="Coding questions">
          {items.map((q) => (
            <li key={q.id} className={cardClass}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0 flex-1">
                  <div className="flex items-start gap-2.5">
                    <span className="mt-1 flex">
                      <SelectQuestion selection={selection} id={q.id} title={q.title} />
                    </span>
                    <h3 className="font-semibold break-words">{q.title}</h3>
                  </div>
                  <div className="mt-1 flex flex-wrap gap-1.5">
                    <Badge tone="blue">{languageLabel(q.language)}</Badge>
                    <Badge>{q.category}</Badge>
                    <Badge tone={difficultyTone(q.difficulty)}>{q.difficulty}</Badge>
                    <TestCaseCount cases={q.testCases} />
                    {limitsText(q) ? <Badge>{limitsText(q)}</Badge> : null}
                    {q.checker ? <Badge tone="blue">{`Output check: ${checkerSummary(q.checker)}`}</Badge> : null}
                  </div>
                  <p className="mt-2 line-clamp-2 text-sm whitespace-pre-line text-slate-600 dark:text-slate-400">{q.description}</p>
                  <a
                    href={packageHref(q.id)}
                    download
                    className="mt-2 inline-block text-sm text-link hover:underline"
                    aria-label={`Download problem package of ${q.title}`}
                  >
                    Download problem package
                  </a>
                </div>
                <div className="flex shrink-0 gap-1.5">
                  <QuestionRowActions title={q.title} onEdit={() => setEditing(q)} onDelete={() => setDeleting(q)}>
                    <Button variant="secondary" size="sm" onClick={() => setCasesFor(q.id)}>
                      Test cases
                    </Button>
                  </QuestionRowActions>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}

      {items.length > 0 ? <Pagination page={page} pageCount={pageCount} total={total} noun="question" /> : null}

      <EditCodingQuestion question={editing} categories={categories} onClose={() => setEditing(null)} />
      <DeleteQuestion question={deleting} onClose={() => setDeleting(null)} />
      <TestCaseManager question={managed} onClose={() => setCasesFor(null)} />
    </>
  );
}

/**
 * A question written here has exactly 5 cases (red until it does); an imported
 * one may have more (up to 50, see import-plan.ts), which is not a fault.
 */
function TestCaseCount({ cases }: { cases: { isHidden: boolean }[] }) {
  const n = cases.length;
  if (n > TEST_CASES_PER_QUESTION) return <Badge tone="green">{`${n} test cases · ${splitSummary(cases)}`}</Badge>;
  return (
    <Badge tone={n === TEST_CASES_PER_QUESTION ? "green" : "red"}>{`${n}/${TEST_CASES_PER_QUESTION} test cases · ${splitSummary(cases)}`}</Badge>
  );
}

function EditCodingQuestion({
  question,
  categories,
  onClose,
}: {
  question: CodingQuestionView | null;
  categories: string[];
  onClose: () => void;
}) {
  const fetcher = useFetcher<{ ok: boolean }>();
  useActionToast(fetcher.data, onClose);
  const validate = useDialogValidation(question !== null, fetcher.data);

  const busy = fetcher.state !== "idle";
  return (
    <Dialog open={question !== null} onClose={onClose} title="Edit coding question" wide>
      {question ? (
        <fetcher.Form method="post" onSubmit={validate(UpdateCodingQuestionSchema)} noValidate className="space-y-4">
          <input type="hidden" name="intent" value="update-question" />
          <input type="hidden" name="id" value={question.id} />
          <CodingQuestionFields categories={categories} defaults={question} errors={validate.errors} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" busy={busy}>
              {busy ? "Saving…" : "Save changes"}
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
    </Dialog>
  );
}

function DeleteQuestion({ question, onClose }: { question: { id: string; title: string } | null; onClose: () => void }) {
  const fetcher = useFetcher<{ ok: boolean }>();
  useActionToast(
    fetcher.data,
    useCallback(() => onClose(), [onClose]),
  );
  return (
    <ConfirmDialog
      open={question !== null}
      onClose={onClose}
      title="Delete question?"
      description={
        question ? (
          <>
            <span className="font-medium">{question.title}</span> and its test cases will be deleted. This cannot be undone.
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
