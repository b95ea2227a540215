import { useEffect, useRef, useState, type FormEvent } from "react";
import { EDITOR_THEME_LABELS, EDITOR_THEMES, FONT_SIZE_MAX, FONT_SIZE_MIN, FONT_SIZE_STEP, type EditorTheme } from "~/components/code-editor";
import { Button } from "~/components/ui/button";
import { Dialog, FormActions } from "~/components/ui/dialog";
import { controlClass, SelectField, TextField } from "~/components/ui/field";
import { useToast } from "~/components/toaster";
import { useDialogValidation, type FormCheck } from "~/components/use-validate-on-submit";
import { SnippetNameSchema } from "~/lib/playground/snippets";
import { firstError } from "~/lib/accounts/validation";
import type { PlaygroundSettings } from "./use-playground-settings";

const FONT_SIZES = Array.from({ length: (FONT_SIZE_MAX - FONT_SIZE_MIN) / FONT_SIZE_STEP + 1 }, (_, i) => FONT_SIZE_MIN + i * FONT_SIZE_STEP);

/** Spec 2: the settings dialog (font size 10–24 in steps of 2, editor theme Dark, Light or High Contrast Dark). */
export function SettingsDialog({
  open,
  onClose,
  settings,
  onChange,
}: {
  open: boolean;
  onClose: () => void;
  settings: PlaygroundSettings;
  onChange: (change: Partial<PlaygroundSettings>) => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Settings"
      description="Editor settings, kept in this browser."
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="space-y-4">
        <SelectField
          label="Font Size"
          value={String(settings.fontSize)}
          onChange={(e) => onChange({ fontSize: Number(e.target.value) })}
          options={FONT_SIZES.map((size) => ({ value: String(size), label: `${size}px` }))}
        />
        <SelectField
          label="Editor Theme"
          value={settings.theme}
          onChange={(e) => onChange({ theme: e.target.value as EditorTheme })}
          options={EDITOR_THEMES.map((theme) => ({ value: theme, label: EDITOR_THEME_LABELS[theme] }))}
        />
      </div>
    </Dialog>
  );
}

/** Save Snippet: a name for the editor's code, then it goes to code_snippets. */
export function SaveSnippetDialog({
  open,
  onClose,
  suggestedName,
  onSave,
}: {
  open: boolean;
  onClose: () => void;
  suggestedName: string;
  /** Returns an error to show, or null when saved. */
  onSave: (name: string) => string | null;
}) {
  const toast = useToast();
  const [name, setName] = useState(suggestedName);
  // The browser's own "action" (the snippet store) answers like a server action: its refusal shows under the name.
  const [answer, setAnswer] = useState<{ ok: false; error: string; field: "name" } | null>(null);
  const validate = useDialogValidation(open, answer);
  useEffect(() => {
    if (open) {
      setName(suggestedName);
      setAnswer(null);
    }
  }, [open, suggestedName]);
  const checkName = validate(snippetNameCheck);
  function submit(event: FormEvent<HTMLFormElement>) {
    checkName(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const problem = onSave(name);
    if (!problem) return;
    setAnswer({ ok: false, error: problem, field: "name" });
    toast({ type: "error", message: problem });
  }
  return (
    <Dialog open={open} onClose={onClose} title="Save Snippet" description="Saved in this browser only, under Saved Snippets.">
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Snippet Name"
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          maxLength={100}
          autoFocus
          required
          error={validate.errors.name}
        />
        <FormActions onCancel={onClose} busy={false} submitLabel="Save" />
      </form>
    </Dialog>
  );
}

/** The snippet's name by SnippetNameSchema, under the name field. */
const snippetNameCheck: FormCheck = (values) => {
  const message = firstError(SnippetNameSchema, values.name ?? "");
  return message ? { field: "name", message } : null;
};

/** When the clipboard is refused, the link is shown to copy by hand. */
export function ShareLinkDialog({ url, onClose }: { url: string | null; onClose: () => void }) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (url) input.current?.select();
  }, [url]);
  return (
    <Dialog
      open={url !== null}
      onClose={onClose}
      title="Share Link"
      description="The browser did not allow copying. Select the link and copy it yourself; it holds the code and the language."
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <label className="block space-y-1 text-sm font-medium">
        <span>Link</span>
        <input ref={input} className={`${controlClass} font-mono text-xs`} value={url ?? ""} readOnly onFocus={(e) => e.currentTarget.select()} />
      </label>
    </Dialog>
  );
}
