import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { useState } from "react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { EmptyState, PageTitle } from "~/components/ui/empty-state";
import { TextAreaField, TextField } from "~/components/ui/field";
import { useActionToast, useListDelete } from "~/components/use-action-toast";
import { useCopy } from "~/components/use-copy";
import { useValidateOnSubmit } from "~/components/use-validate-on-submit";
import { requireRole } from "~/lib/accounts/session.server";
import { actionError, failure, parseValues, readFormValues, success } from "~/lib/http/forms.server";
import { idField } from "~/lib/http/input-limits";
import { LtiNotConfiguredError, toolKey } from "~/lib/lti/keys.server";
import { LTI_PATHS, PLATFORM_MESSAGES, PlatformSchema } from "~/lib/lti/lti";
import { deletePlatform, listPlatforms, savePlatform } from "~/lib/lti/platforms.server";

export const meta: MetaFunction = () => [{ title: "LTI — ProctorEdge" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  const origin = new URL(request.url).origin;
  const [platforms, kid] = await Promise.all([
    listPlatforms(context.db),
    toolKey(context.cloudflare.env).then(
      (key) => key.publicJwk.kid,
      (error: unknown) => {
        if (error instanceof LtiNotConfiguredError) return null;
        throw error;
      },
    ),
  ]);
  return {
    tool: {
      loginUrl: origin + LTI_PATHS.login,
      launchUrl: origin + LTI_PATHS.launch,
      jwksUrl: origin + LTI_PATHS.jwks,
      deepLinkUrl: origin + LTI_PATHS.deepLink,
      kid,
    },
    platforms: platforms.map((p) => ({
      id: p.id,
      issuer: p.issuer,
      clientId: p.clientId,
      deploymentIds: p.deploymentIds,
      authLoginUrl: p.authLoginUrl,
      tokenUrl: p.tokenUrl,
      jwksUrl: p.jwksUrl,
      trustEmail: p.trustEmail,
    })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "admin");
  const values = await readFormValues(request);
  if (!values) return failure("The form could not be read");
  const intent = String(values.intent ?? "");
  try {
    if (intent === "save") {
      const input = parseValues(PlatformSchema, values);
      const id = typeof values.platformId === "string" && values.platformId ? parseValues(idField(PLATFORM_MESSAGES.saveFailed), values.platformId) : undefined;
      await savePlatform(context.db, input, id);
      return success(id ? PLATFORM_MESSAGES.updated : PLATFORM_MESSAGES.registered);
    }
    if (intent === "delete") {
      const { platformId } = parseValues(z.object({ platformId: idField(PLATFORM_MESSAGES.deleteFailed) }), values);
      await deletePlatform(context.db, platformId);
      return success(PLATFORM_MESSAGES.deleted);
    }
  } catch (error) {
    return actionError(error, intent === "delete" ? PLATFORM_MESSAGES.deleteFailed : PLATFORM_MESSAGES.saveFailed);
  }
  return failure("Unknown action");
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type PlatformRow = Data["platforms"][number];

export default function LtiAdmin() {
  const { tool, platforms } = useLoaderData<typeof loader>();
  const [editing, setEditing] = useState<PlatformRow | null>(null);
  const deletion = useListDelete("platformId");
  const toDelete = platforms.find((p) => p.id === deletion.confirming);
  return (
    <>
      <PageTitle
        title="LTI"
        description="LTI 1.3: launch test rooms from Moodle or Canvas. Learners join without a code, and scores go to the course's gradebook."
      />
      <ToolDetails tool={tool} />
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[26rem_1fr]">
        <PlatformForm key={editing?.id ?? "new"} editing={editing} onDone={() => setEditing(null)} />
        <section aria-labelledby="platforms-heading">
          <h3 id="platforms-heading" className="mb-3 font-semibold">
            Registered platforms <span className="text-sm font-normal text-muted">({platforms.length})</span>
          </h3>
          {platforms.length === 0 ? (
            <EmptyState title="No platforms registered yet">
              Register your Moodle or Canvas here with the values it shows for this tool, then add the tool to a course.
            </EmptyState>
          ) : (
            <ul className="space-y-3">
              {platforms.map((p) => (
                <PlatformCard
                  key={p.id}
                  platform={p}
                  deleting={deletion.removing === p.id}
                  onEdit={() => setEditing(p)}
                  onDelete={() => deletion.ask(p.id)}
                />
              ))}
            </ul>
          )}
        </section>
      </div>
      <ConfirmDialog
        open={toDelete !== undefined}
        onClose={deletion.cancel}
        title="Delete this platform?"
        description={
          <>
            Launches from <strong>{toDelete?.issuer}</strong> will be refused, and its courses, activities and unsent grades are
            forgotten. Accounts and test results stay. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        busy={deletion.busy}
        onConfirm={() => toDelete && deletion.remove(toDelete.id)}
      />
    </>
  );
}

const card = "rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900";

/** This tool's URLs under the labels Moodle and Canvas ask for, each with Copy. */
function ToolDetails({ tool }: { tool: Data["tool"] }) {
  const copy = useCopy();
  const rows = [
    { label: "Login URL", value: tool.loginUrl, hint: "OIDC login initiation" },
    { label: "Redirection URL(s)", value: tool.launchUrl, hint: "The launch" },
    { label: "Public keyset URL", value: tool.jwksUrl, hint: tool.kid ? `This tool's JWKS (key id ${tool.kid.slice(0, 12)}…)` : "This tool's JWKS" },
    { label: "Deep linking URL", value: tool.deepLinkUrl, hint: "“Add activity”: instructors pick a test room" },
  ];
  return (
    <section className={card} aria-labelledby="tool-heading">
      <h3 id="tool-heading" className="font-semibold">
        This tool, for your LMS
      </h3>
      <p className="mt-1 text-sm text-muted">
        In Moodle: Site administration → Plugins → External tool → Manage tools → configure a tool manually (LTI 1.3, public key
        type “Keyset URL”, services: grade sync and membership). In Canvas: an LTI Developer Key.
      </p>
      {tool.kid ? null : (
        <p role="alert" className="mt-3 rounded-md bg-amber-100 px-3 py-2 text-sm text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
          LTI is not set up on this server yet: set the <code>LTI_PRIVATE_KEY</code> secret (README, Configuration). Launches are refused
          until then.
        </p>
      )}
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label} className="min-w-0">
            <dt className="text-sm font-medium">{row.label}</dt>
            <dd className="mt-1 flex items-center gap-2">
              <code className="min-w-0 flex-1 truncate rounded bg-slate-100 px-2 py-1 text-xs dark:bg-slate-800" title={row.value}>
                {row.value}
              </code>
              <Button size="sm" variant="secondary" onClick={() => copy(row.value, `${row.label} copied`)} aria-label={`Copy ${row.label}`}>
                Copy
              </Button>
            </dd>
            <dd className="mt-0.5 text-xs text-muted">{row.hint}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function PlatformForm({ editing, onDone }: { editing: PlatformRow | null; onDone: () => void }) {
  const fetcher = useFetcher<typeof action>();
  const validate = useValidateOnSubmit(fetcher.data);
  const { errors } = validate;
  const [formKey, setFormKey] = useState(0);
  useActionToast(fetcher.data, () => {
    setFormKey((k) => k + 1);
    onDone();
  });
  return (
    <section className={`${card} h-fit`} aria-labelledby="platform-form-heading">
      <h3 id="platform-form-heading" className="mb-4 font-semibold">
        {editing ? "Edit platform" : "Register a platform"}
      </h3>
      <fetcher.Form method="post" onSubmit={validate(PlatformSchema)} key={formKey} className="space-y-4" noValidate>
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="platformId" value={editing.id} /> : null}
        <TextField
          label="Platform ID"
          name="issuer"
          error={errors.issuer}
          defaultValue={editing?.issuer}
          placeholder="https://moodle.school.edu"
          hint="The issuer (iss). Canvas: https://canvas.instructure.com"
          maxLength={500}
          required
        />
        <TextField label="Client ID" name="clientId" error={errors.clientId} defaultValue={editing?.clientId} maxLength={255} required />
        <TextAreaField
          label="Deployment ID"
          name="deploymentIds"
          error={errors.deploymentIds}
          defaultValue={editing?.deploymentIds.join("\n")}
          rows={2}
          hint="One or more, one per line."
          maxLength={2000}
          required
        />
        <TextField
          label="Authentication request URL"
          name="authLoginUrl"
          error={errors.authLoginUrl}
          defaultValue={editing?.authLoginUrl}
          placeholder="https://moodle.school.edu/mod/lti/auth.php"
          maxLength={500}
          required
        />
        <TextField
          label="Access token URL"
          name="tokenUrl"
          error={errors.tokenUrl}
          defaultValue={editing?.tokenUrl}
          placeholder="https://moodle.school.edu/mod/lti/token.php"
          maxLength={500}
          required
        />
        <TextField
          label="Public keyset URL"
          name="jwksUrl"
          error={errors.jwksUrl}
          defaultValue={editing?.jwksUrl}
          placeholder="https://moodle.school.edu/mod/lti/certs.php"
          maxLength={500}
          required
        />
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="trustEmail" defaultChecked={editing?.trustEmail} className="mt-1" />
          <span>
            Trust this LMS's email addresses: a first launch signs in to the existing account with the same email, if an
            administrator made that account and it has no LMS link yet. Only for an LMS that verifies its users' emails.
          </span>
        </label>
        <p className="text-xs text-muted">Plain http:// URLs are accepted for localhost only (local development).</p>
        <div className="flex gap-2">
          <Button type="submit" busy={fetcher.state !== "idle"} className="flex-1">
            {editing ? "Save changes" : "Register platform"}
          </Button>
          {editing ? (
            <Button type="button" variant="secondary" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
        </div>
      </fetcher.Form>
    </section>
  );
}

function PlatformCard({ platform, deleting, onEdit, onDelete }: { platform: PlatformRow; deleting: boolean; onEdit: () => void; onDelete: () => void }) {
  const rows = [
    ["Client ID", platform.clientId],
    ["Deployment IDs", platform.deploymentIds.join(", ")],
    ["Authentication request URL", platform.authLoginUrl],
    ["Access token URL", platform.tokenUrl],
    ["Public keyset URL", platform.jwksUrl],
  ];
  return (
    <li className={`${card} ${deleting ? "opacity-50" : ""}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="truncate font-medium">{platform.issuer}</p>
          {platform.trustEmail ? <Badge tone="blue">Emails trusted</Badge> : null}
        </div>
        <div className="flex gap-2">
          <Button size="sm" variant="secondary" onClick={onEdit} aria-label={`Edit ${platform.issuer}`}>
            Edit
          </Button>
          <Button size="sm" variant="ghost" className="text-red-600 dark:text-red-400" onClick={onDelete} aria-label={`Delete ${platform.issuer}`}>
            Delete
          </Button>
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-xs sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="truncate font-mono" title={value}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
