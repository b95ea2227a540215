import { useFetcher } from "@remix-run/react";
import { useCallback, useState, type FormEvent } from "react";
import { useToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, Dialog } from "~/components/ui/dialog";
import { useActionToast } from "~/components/use-action-toast";
import { useDialogValidation, useValidateOnSubmit } from "~/components/use-validate-on-submit";
import {
  AddTestCaseSchema,
  DEFAULT_POINTS,
  MSG_MAX_FIVE,
  TEST_CASES_PER_QUESTION,
  UpdateTestCaseSchema,
} from "~/lib/questions/question-validation";
import { totalPoints } from "~/lib/student-tests/coding-marks";
import { TEST_RULES } from "~/lib/student-tests/test-rules";
import type { TestCaseView } from "~/lib/questions/questions.server";
import { splitSummary, TestCaseEditor, type EditableTestCase } from "./coding-question-form";

type ManagedTestCase = TestCaseView;

type Result = { ok: boolean };

function formOf(t: EditableTestCase) {
  return { input: t.input, expectedOutput: t.expectedOutput, points: String(t.points), isHidden: String(t.isHidden) };
}

/** A case's values as the form posts them: the editor's controls are controlled and unnamed (the question form posts its cases as one list). */
function CaseValues({ fields }: { fields: Record<string, string> }) {
  return (
    <>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** The test cases of one coding question: view, add (up to 5), edit and delete (spec 2 section 2). */
export function TestCaseManager({
  question,
  onClose,
}: {
  question: { id: string; title: string; testCases: ManagedTestCase[] } | null;
  onClose: () => void;
}) {
  // The delete confirmation is a sibling of the manager, not nested in it:
  // React passes a nested <dialog>'s close event up to the outer one's onClose.
  const remove = useFetcher<Result>();
  const [deleting, setDeleting] = useState<{ id: string; label: string } | null>(null);
  useActionToast(
    remove.data,
    useCallback(() => setDeleting(null), []),
  );
  return (
    <>
    <Dialog
      open={question !== null}
      onClose={onClose}
      wide
      title={question ? `Test cases: ${question.title}` : "Test cases"}
      description={
        question ? (
          <>
            {question.testCases.length > TEST_CASES_PER_QUESTION ? `${question.testCases.length} (imported)` : `${question.testCases.length} of ${TEST_CASES_PER_QUESTION}`} ·{" "}
            {splitSummary(question.testCases)}. Open cases are shown to
            students; hidden ones only report pass or fail.
          </>
        ) : null
      }
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {question ? <Cases key={question.id} question={question} onDelete={setDeleting} /> : null}
    </Dialog>
    <ConfirmDialog
      open={deleting !== null}
      onClose={() => setDeleting(null)}
      title="Delete test case?"
      description={
        deleting
          ? `${deleting.label} will be deleted. The question then needs a new test case to have ${TEST_CASES_PER_QUESTION} again.`
          : ""
      }
      busy={remove.state !== "idle"}
      onConfirm={() => {
        if (deleting) remove.submit({ intent: "delete-test-case", id: deleting.id }, { method: "post" });
      }}
    />
    </>
  );
}

type OnDelete = (target: { id: string; label: string }) => void;

function Cases({ question, onDelete }: { question: { id: string; testCases: ManagedTestCase[] }; onDelete: OnDelete }) {
  const cases = question.testCases;
  const missing = TEST_CASES_PER_QUESTION - cases.length;
  return (
    <div className="max-h-[65vh] space-y-3 overflow-y-auto pr-1">
      {missing > 0 ? (
        <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-950 dark:text-amber-200">
          A coding question needs exactly {TEST_CASES_PER_QUESTION} test cases: add {missing} more.
        </p>
      ) : null}
      {cases.length === 0 ? <p className="text-sm text-muted">No test cases yet.</p> : <PointsTotal cases={cases} />}
      {cases.map((c, i) => (
        <CaseRow key={c.id} testCase={c} label={`Test case ${i + 1}`} onDelete={onDelete} />
      ))}
      {missing > 0 ? (
        <AddCase questionId={question.id} count={cases.length} hasOpen={cases.some((c) => !c.isHidden)} />
      ) : (
        <p className="text-xs text-muted">
          {cases.length > TEST_CASES_PER_QUESTION
            ? `This imported question keeps its ${cases.length} test cases; edit or delete one to change them.`
            : `All ${TEST_CASES_PER_QUESTION} test cases are set; edit one to change it.`}
        </p>
      )}
    </div>
  );
}

/** The question's total points: each case earns its share of the question's marks (decision 037). */
function PointsTotal({ cases }: { cases: ManagedTestCase[] }) {
  const total = totalPoints(cases);
  return (
    <p className="text-sm" data-testid="test-case-points-total">
      <span className="font-medium">{`Total: ${total} points.`}</span>{" "}
      <span className="text-muted">
        {total > 0
          ? `A passed case earns its points' share of the question's marks (${TEST_RULES.marksPerCodingQuestion} in a test of 2 questions).`
          : `With 0 points in all, every case counts equally toward the question's marks (${TEST_RULES.marksPerCodingQuestion} in a test of 2 questions).`}
      </span>
    </p>
  );
}

function CaseRow({ testCase, label, onDelete }: { testCase: ManagedTestCase; label: string; onDelete: OnDelete }) {
  const update = useFetcher<Result>();
  const [editing, setEditing] = useState<EditableTestCase | null>(null);
  const validate = useDialogValidation(editing !== null, update.data);

  useActionToast(
    update.data,
    useCallback(() => setEditing(null), []),
  );

  if (editing) {
    return (
      <update.Form method="post" onSubmit={validate(UpdateTestCaseSchema)} noValidate className="space-y-2">
        <CaseValues fields={{ intent: "update-test-case", id: testCase.id, ...formOf(editing) }} />
        <TestCaseEditor idPrefix={`edit-${testCase.id}`} label={label} value={editing} onChange={setEditing} errors={validate.errors} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" size="sm" onClick={() => setEditing(null)} disabled={update.state !== "idle"}>
            Cancel
          </Button>
          <Button type="submit" size="sm" busy={update.state !== "idle"}>
            Save test case
          </Button>
        </div>
      </update.Form>
    );
  }

  return (
    <div className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2 text-sm font-medium">
          {label}
          <Badge tone={testCase.isHidden ? "gray" : "green"}>{testCase.isHidden ? "Hidden" : "Open"}</Badge>
          <Badge tone="blue">{testCase.points} points</Badge>
        </div>
        <div className="flex gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() =>
              setEditing({
                input: testCase.input,
                expectedOutput: testCase.expectedOutput,
                points: testCase.points,
                isHidden: testCase.isHidden,
              })
            }
            aria-label={`Edit ${label}`}
          >
            Edit
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onDelete({ id: testCase.id, label })} aria-label={`Delete ${label}`}>
            Delete
          </Button>
        </div>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        <Block title="Input" text={testCase.input} />
        <Block title="Expected output" text={testCase.expectedOutput} />
      </div>
    </div>
  );
}

function Block({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <p className="mb-0.5 text-xs font-medium text-muted">{title}</p>
      <pre className="max-h-32 overflow-auto rounded-md bg-slate-50 p-2 text-xs whitespace-pre-wrap break-words dark:bg-slate-800">
        {text.length > 2000 ? `${text.slice(0, 2000)}\n…` : text}
      </pre>
    </div>
  );
}

function AddCase({ questionId, count, hasOpen }: { questionId: string; count: number; hasOpen: boolean }) {
  const toast = useToast();
  const add = useFetcher<Result>();
  const blank = useCallback(
    (): EditableTestCase => ({ input: "", expectedOutput: "", points: DEFAULT_POINTS, isHidden: hasOpen }),
    [hasOpen],
  );
  const [value, setValue] = useState<EditableTestCase>(blank);
  const validate = useValidateOnSubmit(add.data);

  useActionToast(
    add.data,
    useCallback(() => setValue(blank()), [blank]),
  );

  const check = validate(AddTestCaseSchema);
  function submit(event: FormEvent<HTMLFormElement>) {
    if (count < TEST_CASES_PER_QUESTION) return check(event);
    event.preventDefault();
    toast({ type: "error", message: MSG_MAX_FIVE });
  }

  return (
    <add.Form method="post" onSubmit={submit} noValidate className="space-y-2 border-t border-slate-200 pt-3 dark:border-slate-700">
      <CaseValues fields={{ intent: "add-test-case", questionId, ...formOf(value) }} />
      <TestCaseEditor idPrefix={`add-${questionId}`} label="New test case" value={value} onChange={setValue} errors={validate.errors} />
      <div className="flex justify-end">
        <Button type="submit" size="sm" busy={add.state !== "idle"}>
          Add test case
        </Button>
      </div>
    </add.Form>
  );
}
