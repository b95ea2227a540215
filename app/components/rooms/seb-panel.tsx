// Safe Exam Browser on the room page (issue 38, decision 042): the status, the
// configuration to download, its Config Key, the student link, the settings
// (Require Safe Exam Browser, Browser Exam Keys) and the trail of exemptions.
import { useId, useState } from "react";
import { useCopy } from "~/components/use-copy";
import { Button } from "~/components/ui/button";
import { Dialog, FormActions } from "~/components/ui/dialog";
import { controlClass } from "~/components/ui/field";
import { Trail } from "~/components/ui/trail";
import { ViewerTime } from "~/components/ui/viewer-time";
import type { RoomPageData } from "~/lib/rooms/room-page.server";
import { parseExamKeys } from "~/lib/seb/settings";
import { useDialogForm } from "./room-dialogs";

type Seb = RoomPageData["seb"];

/** The one line the room page says about what SEB's checks prove. */
export const SEB_THREAT_LINE =
  "Anyone with the configuration file can compute its Config Key, so it proves the configuration, not the device: list Browser Exam Keys to allow only your institution's SEB builds.";

export function SebPanel({ seb }: { seb: Seb }) {
  const [open, setOpen] = useState(false);
  const copy = useCopy();
  return (
    <section aria-labelledby="seb-heading" className="mt-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="seb-heading" className="text-sm font-semibold">
            Safe Exam Browser
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="seb-status">
            {seb.required
              ? `Required: the room's test pages open only in Safe Exam Browser${seb.browserExamKeys.length ? ` (${seb.browserExamKeys.length} Browser Exam Key${seb.browserExamKeys.length === 1 ? "" : "s"} allowed)` : ""}`
              : "Not required: students can take the test in any browser"}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {seb.required ? (
            <a
              href={seb.configUrl}
              download
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3.5 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              Download SEB configuration
            </a>
          ) : null}
          <Button variant="secondary" onClick={() => setOpen(true)}>
            SEB settings
          </Button>
        </div>
      </div>
      {seb.required && seb.configKey ? (
        <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted">Config Key</dt>
          <dd className="flex min-w-0 items-center gap-2">
            <code className="truncate font-mono text-xs" data-testid="seb-config-key">
              {seb.configKey}
            </code>
            <Button size="sm" variant="ghost" onClick={() => copy(seb.configKey!, "Config Key copied to clipboard")} aria-label="Copy the Config Key">
              Copy
            </Button>
          </dd>
          <dt className="text-muted">Student link</dt>
          <dd className="flex min-w-0 items-center gap-2">
            <a href={seb.link} className="truncate font-mono text-xs text-link underline" data-testid="seb-link">
              {seb.link}
            </a>
            <Button size="sm" variant="ghost" onClick={() => copy(seb.link, "Student link copied to clipboard")} aria-label="Copy the student link">
              Copy
            </Button>
          </dd>
        </dl>
      ) : null}
      {seb.required ? <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">{SEB_THREAT_LINE}</p> : null}
      {open ? <SebSettingsDialog onClose={() => setOpen(false)} seb={seb} /> : null}
    </section>
  );
}

/** Mounted only while open: each opening starts from the room's settings; a refused save keeps the edits. */
function SebSettingsDialog({ onClose, seb }: { onClose: () => void; seb: Seb }) {
  const fetcher = useDialogForm(onClose);
  const [required, setRequired] = useState(seb.required);
  const [keys, setKeys] = useState(seb.browserExamKeys.join("\n"));
  // The keys are checked here first (the server checks them again): a typo never leaves the dialog.
  const [invalid, setInvalid] = useState<string | null>(null);
  const keysId = useId();
  const error = invalid ?? (fetcher.data && !fetcher.data.ok ? fetcher.data.error : null);
  return (
    <Dialog open onClose={onClose} title="Safe Exam Browser" description="Students open the room's waiting room, terms and test pages only in Safe Exam Browser with this room's configuration.">
      <fetcher.Form
        method="post"
        className="space-y-5"
        noValidate
        onSubmit={(e) => {
          const parsed = parseExamKeys(keys);
          setInvalid("error" in parsed ? parsed.error : null);
          if ("error" in parsed) e.preventDefault();
        }}
      >
        <input type="hidden" name="intent" value="seb-settings" />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="sebRequired" checked={required} onChange={(e) => setRequired(e.target.checked)} />
          Require Safe Exam Browser
        </label>
        <div>
          <label htmlFor={keysId} className="mb-1 block text-sm font-medium">
            Browser Exam Keys (optional)
          </label>
          <textarea
            id={keysId}
            name="browserExamKeys"
            rows={4}
            maxLength={4000}
            className={`${controlClass} font-mono text-xs`}
            value={keys}
            onChange={(e) => {
              setKeys(e.target.value);
              setInvalid(null);
            }}
            aria-describedby={`${keysId}-help`}
            aria-invalid={error ? true : undefined}
          />
          <p id={`${keysId}-help`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            One per line, 64 hexadecimal characters each. With keys listed, only those SEB builds are let in.
          </p>
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-600 dark:text-red-400">
            {error}
          </p>
        ) : null}
        <FormActions onCancel={onClose} busy={fetcher.state !== "idle"} submitLabel="Save" />
      </fetcher.Form>
    </Dialog>
  );
}

/** Who allowed whom to take the test without SEB, and when (and who withdrew it). */
export function SebTrail({ changes }: { changes: RoomPageData["sebChanges"] }) {
  return (
    <Trail
      testId="seb-trail"
      summary="Safe Exam Browser exemptions"
      caption="Who was allowed without Safe Exam Browser, by whom and when"
      columns={["When", "Student", "Change", "By"]}
      rows={changes.map((c) => ({
        id: c.id,
        cells: [<ViewerTime key="when" ms={c.createdAt} style="day-time" />, c.studentName, c.allowed ? "Allowed without SEB" : "SEB required again", c.adminName],
      }))}
    />
  );
}
