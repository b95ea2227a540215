import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useActionToast } from "~/components/use-action-toast";
import { useValidateOnSubmit } from "~/components/use-validate-on-submit";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { LANGUAGES } from "~/db/schema";
import { LANGUAGE_LABELS } from "~/lib/ui/format";
import type { ActionResult } from "~/lib/http/forms.server";
import { CreateRoomSchema, ROOM_LIMITS } from "~/lib/rooms/room-validation";

const TYPE_OPTIONS = [
  { value: "coding", label: "Coding" },
  { value: "mcq", label: "Multiple choice (20 questions)" },
] as const;

export type CategoryCount = { name: string; mcq: number; coding: number };

/**
 * The create-room form (spec 1: admin rooms list): posts `intent=create` to the
 * page's own action, which answers `roomId` (the rooms list, and the LMS picker
 * of decision 025, which then selects the new room).
 */
export function CreateRoomForm({ categories, onCreated }: { categories: CategoryCount[]; onCreated?: (roomId: string) => void }) {
  const fetcher = useFetcher<ActionResult>();
  const validate = useValidateOnSubmit(fetcher.data);
  const { errors } = validate;
  const [type, setType] = useState<"coding" | "mcq">("coding");
  const [category, setCategory] = useState("");
  const [formKey, setFormKey] = useState(0);
  useActionToast(fetcher.data, (result) => {
    setFormKey((k) => k + 1);
    setCategory("");
    const roomId: unknown = (result as Record<string, unknown>).roomId;
    if (typeof roomId === "string") onCreated?.(roomId);
  });
  const chosen = categories.find((c) => c.name === category);
  const needed = type === "mcq" ? ROOM_LIMITS.mcqQuestions : ROOM_LIMITS.codingMinimum;
  const available = chosen ? chosen[type] : null;

  return (
    <section className="h-fit rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <h3 className="mb-4 font-semibold">Create a room</h3>
      <fetcher.Form method="post" onSubmit={validate(CreateRoomSchema)} key={formKey} className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="create" />
        <TextField label="Room name" name="roomName" placeholder="Data Structures — Midterm" maxLength={120} required error={errors.roomName} />
        <SelectField
          label="Category"
          name="category"
          value={category}
          onChange={(e) => setCategory(e.target.value)}
          error={errors.category}
          options={[{ value: "", label: "Select a category" }, ...categories.map((c) => ({ value: c.name, label: c.name }))]}
          hint={
            available === null
              ? undefined
              : available >= needed
                ? `${available} ${type === "mcq" ? "MCQs" : "coding questions"} in this category.`
                : `Only ${available} ${type === "mcq" ? "MCQs" : "coding questions"}: at least ${needed} are needed.`
          }
        />
        <fieldset>
          <legend className="mb-1 block text-sm font-medium">Question type</legend>
          <div className="flex gap-4">
            {TYPE_OPTIONS.map((o) => (
              <label key={o.value} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="questionType"
                  value={o.value}
                  checked={type === o.value}
                  onChange={() => setType(o.value)}
                />
                {o.label}
              </label>
            ))}
          </div>
        </fieldset>
        {type === "coding" ? (
          <SelectField
            label="Language"
            name="language"
            defaultValue="python"
            error={errors.language}
            options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_LABELS[l] }))}
          />
        ) : (
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="shuffleOptions" defaultChecked className="mt-0.5" aria-describedby="shuffle-options-hint" />
            <span>
              <span className="font-medium">Shuffle options</span>
              <span id="shuffle-options-hint" className="block text-slate-500 dark:text-slate-400">
                Each student sees each question&apos;s options in their own order.
              </span>
            </span>
          </label>
        )}
        <TextField
          label="Duration (minutes)"
          name="durationMinutes"
          type="number"
          min={1}
          max={1440}
          defaultValue={ROOM_LIMITS.defaultDuration}
          error={errors.durationMinutes}
        />
        <Button type="submit" busy={fetcher.state !== "idle"} className="w-full">
          Create Room
        </Button>
      </fetcher.Form>
    </section>
  );
}

