import { GeneralErrorBoundary } from "~/components/error-boundary";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { CategoryManager } from "~/components/questions/category-manager";
import { CodingQuestionForm } from "~/components/questions/coding-question-form";
import { McqForm } from "~/components/questions/mcq-form";
import { QuestionExport } from "~/components/questions/question-export";
import { QuestionFileImport } from "~/components/questions/question-file-import";
import { Card } from "~/components/questions/shared";
import { PageTitle } from "~/components/ui/empty-state";
import { failure, schemaFailure, success, readFormValues } from "~/lib/http/forms.server";
import {
  CategorySchema,
  CodingQuestionSchema,
  DEFAULT_CATEGORY,
  McqQuestionSchema,
  MSG_CATEGORY_EXISTS,
} from "~/lib/questions/question-validation";
import {
  addCategory,
  createCodingQuestion,
  createMcqQuestion,
  deleteCategory,
  getCategory,
  listCategories,
  questionCounts,
} from "~/lib/questions/questions.server";
import { requireRole } from "~/lib/accounts/session.server";

export const meta: MetaFunction = () => [{ title: "Questions — ProctorEdge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const [categories, counts] = await Promise.all([listCategories(context.db), questionCounts(context.db)]);
  return { categories, counts };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "admin");
  const values = await readFormValues(request);
  if (!values) return failure("The form could not be read");
  const db = context.db;

  switch (values.intent) {
    case "add-category": {
      const parsed = CategorySchema.safeParse(values);
      if (!parsed.success) return schemaFailure(parsed.error);
      try {
        const outcome = await addCategory(db, parsed.data.name);
        if (outcome === "exists") return failure(MSG_CATEGORY_EXISTS, 409, undefined, "name");
        return success("Category added");
      } catch (error) {
        console.error("add category", error);
        return failure("Failed to add category", 500);
      }
    }

    case "delete-category": {
      const id = typeof values.id === "string" ? values.id : "";
      try {
        const category = id ? await getCategory(db, id) : undefined;
        if (!category) return failure("Failed to delete category", 404);
        if (category.name === DEFAULT_CATEGORY) return failure("General is the default category and cannot be deleted");
        if (!(await deleteCategory(db, id))) return failure("Failed to delete category", 404);
        return success("Category deleted");
      } catch (error) {
        console.error("delete category", error);
        return failure("Failed to delete category", 500);
      }
    }

    case "add-coding": {
      const parsed = CodingQuestionSchema.safeParse(values);
      if (!parsed.success) return schemaFailure(parsed.error);
      try {
        const id = await createCodingQuestion(db, parsed.data);
        return success("Coding question added", { id });
      } catch (error) {
        console.error("add coding question", error);
        return failure("Failed to add question", 500);
      }
    }

    case "add-mcq": {
      const parsed = McqQuestionSchema.safeParse(values);
      if (!parsed.success) return schemaFailure(parsed.error);
      try {
        const id = await createMcqQuestion(db, parsed.data);
        return success("MCQ added", { id });
      } catch (error) {
        console.error("add MCQ", error);
        return failure("Failed to add MCQ", 500);
      }
    }

    default:
      return failure("Unknown action");
  }
}

export default function QuestionsHub() {
  const { categories, counts } = useLoaderData<typeof loader>();
  const [tab, setTab] = useState<"coding" | "mcq">("coding");
  const names = categories.map((c) => c.name);

  return (
    <>
      <PageTitle title="Questions" description="The question bank: coding questions with test cases, and multiple-choice questions." />

      <div className="mb-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <BankLink
          to="/admin/questions/coding"
          title="Coding Questions"
          count={counts.coding}
          text="Edit questions and manage their test cases."
        />
        <BankLink to="/admin/questions/mcq" title="MCQ Questions" count={counts.mcq} text="Search, filter, edit and delete MCQs." />
      </div>

      <div className="grid grid-cols-1 items-start gap-6 xl:grid-cols-3">
        <div className="space-y-6 xl:col-span-2">
          <Card id="add-question" title="Add a question">
            <div role="tablist" aria-label="Question type" className="mb-5 grid grid-cols-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
              {(["coding", "mcq"] as const).map((t) => (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  id={`tab-${t}`}
                  aria-selected={tab === t}
                  aria-controls={`panel-${t}`}
                  onClick={() => setTab(t)}
                  className={`rounded-md py-2 text-sm font-medium focus:ring-2 focus:ring-brand-500 focus:outline-none ${
                    tab === t ? "bg-white shadow dark:bg-slate-900" : "text-slate-600 dark:text-slate-300"
                  }`}
                >
                  {t === "coding" ? "Coding question" : "MCQ"}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
              {tab === "coding" ? (
                <CodingQuestionForm categories={names} />
              ) : (
                <McqForm
                  categories={names}
                  intent="add-mcq"
                  submitLabel="Add MCQ"
                  busyLabel="Adding MCQ…"
                />
              )}
            </div>
          </Card>

          <Card
            id="import"
            title="Import questions"
            description="From CSV, Moodle XML (with CodeRunner), GIFT or an ICPC / Kattis problem package: preview every question, then import them in one go."
          >
            <QuestionFileImport />
          </Card>

          <Card
            id="export"
            title="Export to Moodle"
            description="Moodle XML of a category, ready for Moodle's question bank import. Coding questions go out as CodeRunner program questions with every test case."
          >
            <QuestionExport categories={categories} />
          </Card>
        </div>

        <CategoryManager categories={categories} />
      </div>
    </>
  );
}

function BankLink({ to, title, count, text }: { to: string; title: string; count: number; text: string }) {
  return (
    <Link
      to={to}
      prefetch="intent"
      className="group flex items-center justify-between rounded-xl border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500 focus:ring-2 focus:ring-brand-500 focus:outline-none dark:border-slate-800 dark:bg-slate-900"
    >
      <div>
        <p className="font-semibold group-hover:text-brand-600 dark:group-hover:text-brand-300">{title}</p>
        <p className="mt-0.5 text-sm text-muted">{text}</p>
      </div>
      <span className="text-3xl font-semibold tabular-nums text-link">{count.toLocaleString("en-US")}</span>
    </Link>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
