// POST /admin/api/questions/import: the import of a question file (issue 24,
// decision 027), as JSON from the Questions page only.
//   check   which questions of the file the bank has already (same kind, title, category), and its categories
//   begin   a new import                 → { importId }
//   stage   questions at offset, …       → { staged }  (a retry replaces its own positions)
//   commit  the import, in one batch     → { imported, replaced }
//   discard an import the admin cancelled
// Refusals are 4xx `{ error }` with nothing written; admins only.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { firstIssue } from "~/lib/accounts/validation";
import { requireRole } from "~/lib/accounts/session.server";
import { getServerEnv } from "~/lib/env.server";
import { jsonError, readJsonBody, requireJsonWrite } from "~/lib/http/json-request.server";
import { IMPORT_LIMITS, IMPORT_MESSAGES, parseImportQuestion } from "~/lib/questions/import-plan";
import { beginImport, checkImport, commitImport, discardImport, ImportRefusal, stageQuestions } from "~/lib/questions/import.server";

/** A staging request: one chunk of questions and the JSON around it. */
const MAX_BODY = IMPORT_LIMITS.chunkBytes + 1024 * 1024;

const importId = z.string({ required_error: IMPORT_MESSAGES.gone, invalid_type_error: IMPORT_MESSAGES.gone }).uuid(IMPORT_MESSAGES.gone);

const BodySchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("check"),
      items: z
        .array(z.object({ kind: z.enum(["mcq", "coding"]), title: z.string().max(2_000), category: z.string().max(200) }))
        .max(IMPORT_LIMITS.questions, IMPORT_MESSAGES.tooMany),
    }),
    z.object({ intent: z.literal("begin"), fileName: z.string().max(1_000).default("") }),
    z.object({
      intent: z.literal("stage"),
      importId,
      offset: z.number().int().min(0).max(IMPORT_LIMITS.questions - 1),
      questions: z
        .array(z.unknown())
        .min(1, "Nothing to import")
        .max(IMPORT_LIMITS.chunkQuestions, `Send at most ${IMPORT_LIMITS.chunkQuestions} questions at a time`),
    }),
    z.object({ intent: z.literal("commit"), importId, count: z.number().int().min(1, IMPORT_MESSAGES.nothing).max(IMPORT_LIMITS.questions, IMPORT_MESSAGES.tooMany) }),
    z.object({ intent: z.literal("discard"), importId }),
  ],
  { errorMap: (issue, ctx) => (issue.code === "invalid_union_discriminator" ? { message: "Unknown action" } : { message: ctx.defaultError }) },
);

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError("Use POST", 405);
  requireJsonWrite(request, [getServerEnv(context.cloudflare.env).BETTER_AUTH_URL]);
  const admin = await requireRole(request, context, "admin");
  const parsed = BodySchema.safeParse(await readJsonBody(request, MAX_BODY));
  if (!parsed.success) return jsonError(firstIssue(parsed.error), 400);
  const body = parsed.data;
  const db = context.db;
  try {
    switch (body.intent) {
      case "check":
        return Response.json(await checkImport(db, body.items));
      case "begin":
        return Response.json({ importId: await beginImport(db, admin.id, body.fileName) });
      case "stage": {
        // Every question is checked again with the preview's schema: one bad question refuses the chunk.
        const questions = [];
        for (const [i, raw] of body.questions.entries()) {
          const q = parseImportQuestion(raw);
          if (!q.ok) return jsonError(`Question ${body.offset + i + 1}: ${q.message}`, 400);
          questions.push(q.question);
        }
        return Response.json(await stageQuestions(db, admin.id, body.importId, body.offset, questions));
      }
      case "commit":
        return Response.json(await commitImport(db, admin.id, body.importId, body.count));
      case "discard":
        await discardImport(db, admin.id, body.importId);
        return Response.json({ ok: true });
    }
  } catch (error) {
    if (error instanceof ImportRefusal) return jsonError(error.message, error.status);
    console.error("question import", error);
    return jsonError(IMPORT_MESSAGES.failed, 500);
  }
}

export const loader = () => jsonError("Use POST", 405);
