// GET /admin/questions/export: the question bank as files that other systems
// read (issue 24).
//   ?format=moodle-xml[&category=<name>][&ids=<id>,<id>,…]  Moodle XML (all, a category, a selection)
//   ?format=package&id=<id>                                a coding question's problem package (.zip)
// POST takes the same fields as a form: 500 ids (about 19 KB) do not fit in Cloudflare's 16 KB URLs.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireRole } from "~/lib/accounts/session.server";
import { firstIssue } from "~/lib/accounts/validation";
import { readFormValues } from "~/lib/http/forms.server";
import { CATEGORY_MAX, CATEGORY_TOO_LONG, ID_MAX } from "~/lib/http/input-limits";
import { toMoodleXml, toProblemPackage } from "~/lib/questions/formats";
import { toExportQuestion } from "~/lib/questions/import-plan";
import {
  EXPORT_LIMITS,
  EXPORT_MESSAGES,
  ExportTooLarge,
  exportFileName,
  readBankQuestions,
  type ExportedQuestion,
} from "~/lib/questions/export.server";

const idList = z
  .string()
  .transform((v) => [...new Set(v.split(",").map((id) => id.trim()).filter((id) => id !== ""))])
  .pipe(
    z
      .array(z.string().max(ID_MAX, EXPORT_MESSAGES.badId))
      .min(1, EXPORT_MESSAGES.noSelection)
      .max(EXPORT_LIMITS.ids, EXPORT_MESSAGES.tooManyIds),
  );

const ExportQuerySchema = z.discriminatedUnion(
  "format",
  [
    z.object({
      format: z.literal("moodle-xml"),
      // Empty: every category.
      category: z.string().trim().max(CATEGORY_MAX, CATEGORY_TOO_LONG).optional(),
      ids: idList.optional(),
    }),
    z.object({
      format: z.literal("package"),
      id: z
        .string({ required_error: EXPORT_MESSAGES.noId })
        .trim()
        .min(1, EXPORT_MESSAGES.noId)
        .max(ID_MAX, EXPORT_MESSAGES.noCoding),
    }),
  ],
  { errorMap: (issue, ctx) => ({ message: issue.code === "invalid_union_discriminator" ? EXPORT_MESSAGES.format : ctx.defaultError }) },
);

const fail = (error: string, status: number) => Response.json({ error }, { status, headers: { "Cache-Control": "private, no-store" } });

function download(body: BodyInit, type: string, fileName: string) {
  return new Response(body, {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

async function exportQuestions(context: LoaderFunctionArgs["context"], fields: Record<string, unknown>) {
  const parsed = ExportQuerySchema.safeParse(fields);
  if (!parsed.success) return fail(firstIssue(parsed.error), 400);
  const query = parsed.data;

  let found: ExportedQuestion[];
  try {
    found =
      query.format === "package"
        ? await readBankQuestions(context.db, { ids: [query.id] })
        : await readBankQuestions(context.db, { category: query.category || null, ids: query.ids ?? null });
  } catch (error) {
    if (error instanceof ExportTooLarge) return fail(error.message, 413);
    console.error("question export", error);
    return fail(EXPORT_MESSAGES.failed, 500);
  }

  if (query.format === "package") {
    const question = found[0];
    const exported = question?.kind === "coding" ? toExportQuestion(question) : null;
    if (!question || exported?.kind !== "coding") return fail(EXPORT_MESSAGES.noCoding, 404);
    // fflate's output owns a plain ArrayBuffer (never a shared one).
    const zip = toProblemPackage(exported) as Uint8Array<ArrayBuffer>;
    return download(zip, "application/zip", exportFileName(question.title.toLowerCase(), "zip"));
  }

  if (found.length === 0) return fail(EXPORT_MESSAGES.nothing, 404);
  const name = query.category && !query.ids ? query.category : "questions";
  return download(toMoodleXml(found.map(toExportQuestion)), "application/xml; charset=utf-8", exportFileName(name, "xml"));
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "admin");
  return exportQuestions(context, Object.fromEntries(new URL(request.url).searchParams));
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "admin");
  const values = await readFormValues(request);
  if (!values) return fail("The form could not be read", 400);
  return exportQuestions(context, values);
}
