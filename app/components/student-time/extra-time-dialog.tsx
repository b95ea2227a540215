import { useFetcher } from "@remix-run/react";
import { useCallback, useState } from "react";
import { Dialog, FormActions } from "~/components/ui/dialog";
import { SelectField, TextField } from "~/components/ui/field";
import { useActionToast } from "~/components/use-action-toast";
import { useDialogValidation } from "~/components/use-validate-on-submit";
import type { ExtraTimeSetting } from "~/lib/student-tests/student-time";
import { ExtraTimeSchema, STUDENT_TIME_LIMITS } from "~/lib/student-tests/student-time-validation";

const UNITS = [
  { value: "minutes", label: "Minutes" },
  { value: "percent", label: "% of the test's duration" },
] as const;

/**
 * Extra time for one student (decision 028): minutes or a percentage of the
 * duration, and an optional reason. The room page sets it for a participant,
 * the users page on an account; `fields` names the target and the intent.
 */
export function ExtraTimeDialog({
  open,
  onClose,
  title,
  description,
  fields,
  current,
  action,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  fields: Record<string, string>;
  current: Pick<ExtraTimeSetting, "unit" | "amount" | "reason"> | null;
  action?: string;
}) {
  const fetcher = useFetcher<{ ok: true; message: string } | { ok: false; error: string; field?: string }>();
  const done = useCallback(() => onClose(), [onClose]);
  useActionToast(fetcher.data, done);
  const validate = useDialogValidation(open, fetcher.data);
  const { errors } = validate;
  const [unit, setUnit] = useState<string>(current?.unit ?? "minutes");
  const max = unit === "percent" ? STUDENT_TIME_LIMITS.maxPercent : STUDENT_TIME_LIMITS.maxMinutes;
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      {open ? (
        <fetcher.Form method="post" action={action} className="space-y-4" noValidate onSubmit={validate(ExtraTimeSchema)}>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Extra time"
              name="amount"
              type="number"
              min={0}
              max={max}
              step={1}
              defaultValue={current?.amount ?? 0}
              autoFocus
              error={errors.amount}
            />
            <SelectField label="Unit" name="unit" options={UNITS} value={unit} onChange={(e) => setUnit(e.target.value)} error={errors.unit} />
          </div>
          <TextField
            label="Reason (optional)"
            name="reason"
            maxLength={STUDENT_TIME_LIMITS.reasonMax}
            defaultValue={current?.reason ?? ""}
            placeholder="Accommodation"
            error={errors.reason}
            hint={`0 to ${STUDENT_TIME_LIMITS.maxMinutes} minutes or 0 to ${STUDENT_TIME_LIMITS.maxPercent} %. 0 removes the extra time. The student never sees the reason.`}
          />
          <FormActions onCancel={onClose} busy={fetcher.state !== "idle"} submitLabel="Save" />
        </fetcher.Form>
      ) : null}
    </Dialog>
  );
}
