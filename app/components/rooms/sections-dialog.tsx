import { useId, useMemo, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { controlClass, FieldError, SelectField } from "~/components/ui/field";
import { useDialogValidation, type FormCheck } from "~/components/use-validate-on-submit";
import { errorIdOf } from "~/lib/http/field-errors";
import { SECTION_LIMITS, SECTION_MESSAGES, SectionsSchema, sectionSizeError, sectionsTotalError } from "~/lib/rooms/sections";
import { QuestionChecklist } from "./question-checklist";
import { useDialogForm } from "./room-dialogs";
import type { RoomPageData } from "./room-page";

/** One section as edited: its pick, and a category or (category "") a hand-picked list. */
type Draft = { key: number; pick: string; category: string; questionIds: string[] };

const LIST = "";
let nextKey = 1;
const toDrafts = (sections: RoomPageData["sections"]): Draft[] =>
  sections.map((s) => ({ key: nextKey++, pick: String(s.pick), category: s.category ?? LIST, questionIds: s.questionIds }));

/**
 * The room's sections (decision 040): each is "pick N from" a category or a
 * hand-picked list; each student draws their own at launch. The server
 * checks everything again (saveSections), and refuses once the test has started.
 */
export function SectionsDialog({ open, onClose, data }: { open: boolean; onClose: () => void; data: RoomPageData }) {
  const fetcher = useDialogForm(onClose);
  const validate = useDialogValidation(open, fetcher.data);
  const [drafts, setDrafts] = useState<Draft[]>(() => toDrafts(data.sections));
  const formId = useId();
  // The sections' one message shows under the list, as the coding form's test cases' does.
  const listId = `${formId}-sections`;
  // Fresh from the room each time the dialog opens, and only then: a refused save revalidates the page, and must not wipe the edits.
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setDrafts(toDrafts(data.sections));
  }
  const type = data.room.questionType;
  const started = data.room.isActive || data.room.startedAt !== null;
  const fits = useMemo(
    () => new Set(data.availableQuestions.filter((q) => type === "mcq" || q.language === data.room.language).map((q) => q.id)),
    [data.availableQuestions, data.room.language, type],
  );
  // What a section can give, as far as the page knows (a coding category's count is of every language: the server counts exactly).
  const poolSize = (s: { category: string | null; questionIds: string[] }) =>
    s.category === null ? s.questionIds.filter((id) => fits.has(id)).length : (data.categoryCounts.find((c) => c.name === s.category)?.[type] ?? 0);
  const available = (d: Draft) => poolSize({ category: d.category === LIST ? null : d.category, questionIds: d.questionIds });
  const update = (key: number, change: Partial<Draft>) => setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...change } : d)));
  const total = drafts.reduce((n, d) => n + (Number(d.pick) || 0), 0);
  const posted = JSON.stringify(drafts.map((d) => ({ pick: d.pick, ...(d.category === LIST ? { questionIds: d.questionIds } : { category: d.category }) })));

  // The action's rules on what Save posts (SaveSectionsSchema, the room's total, each section's pool); the server checks again.
  const checkSections: FormCheck = (values) => {
    const parsed = SectionsSchema.safeParse(JSON.parse(String(values.sections)));
    const message = parsed.success
      ? (sectionsTotalError(type, parsed.data) ?? sectionSizeError(parsed.data, parsed.data.map(poolSize)))
      : parsed.error.issues[0]!.message;
    return message ? { field: "sections", message } : null;
  };
  const error = validate.errors.sections;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="Sections"
      description={
        started
          ? SECTION_MESSAGES.started
          : `Each student draws their own ${total} question${total === 1 ? "" : "s"} when they launch the test.${type === "mcq" ? ` Each MCQ is worth 5 marks (${total * 5} in all).` : " The 100 marks are shared equally."}`
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} busy={fetcher.state !== "idle"} disabled={started}>
            Save sections
          </Button>
        </>
      }
    >
      <fetcher.Form id={formId} method="post" onSubmit={validate(checkSections)} noValidate>
        <input type="hidden" name="intent" value="sections" />
        <input type="hidden" name="sections" value={posted} />
        <ol className="space-y-4">
          {drafts.map((d, i) => (
            <li key={d.key} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
              <fieldset disabled={started} className="space-y-2">
                <legend className="text-sm font-medium">Section {i + 1}</legend>
                <div className="flex flex-wrap items-end gap-3">
                  <label className="text-sm">
                    <span className="mb-1 block font-medium">Pick</span>
                    <input
                      type="number"
                      min={1}
                      max={SECTION_LIMITS.maxPick}
                      value={d.pick}
                      onChange={(e) => update(d.key, { pick: e.target.value })}
                      className={`${controlClass} w-24`}
                      aria-invalid={error?.startsWith(`Section ${i + 1} `) || undefined}
                      aria-describedby={error ? errorIdOf(listId) : undefined}
                    />
                  </label>
                  <div className="min-w-48 flex-1">
                    <SelectField
                      label={`of ${available(d)} from`}
                      value={d.category}
                      onChange={(e) => update(d.key, { category: e.target.value })}
                      options={[{ value: LIST, label: "Hand-picked questions" }, ...data.categoryCounts.map((c) => ({ value: c.name, label: `${c.name} (${c[type]})` }))]}
                    />
                  </div>
                  {drafts.length > 1 ? (
                    <Button variant="ghost" onClick={() => setDrafts((all) => all.filter((x) => x.key !== d.key))}>
                      Remove
                    </Button>
                  ) : null}
                </div>
                {d.category === LIST ? <QuestionPicker data={data} selected={d.questionIds} onChange={(questionIds) => update(d.key, { questionIds })} /> : null}
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="mt-3">
          <FieldError id={listId} error={error} />
        </div>
        {started || drafts.length >= SECTION_LIMITS.maxSections ? null : (
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => setDrafts((all) => [...all, { key: nextKey++, pick: "1", category: data.room.category, questionIds: [] }])}
          >
            Add section
          </Button>
        )}
      </fetcher.Form>
    </Dialog>
  );
}

function QuestionPicker({ data, selected, onChange }: { data: RoomPageData; selected: string[]; onChange: (ids: string[]) => void }) {
  const chosen = new Set(selected);
  return <QuestionChecklist data={data} selected={chosen} size="short" onToggle={(id) => onChange(chosen.has(id) ? selected.filter((x) => x !== id) : [...selected, id])} />;
}
