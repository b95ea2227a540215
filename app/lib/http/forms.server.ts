import { data } from "@remix-run/cloudflare";
import type { z } from "zod";
import { firstFieldIssue } from "./field-errors";

/**
 * What an action answers. A failure's `error` is toasted; `field`, when the
 * message belongs to one form control, names it, so the form shows the message
 * under that control too (issue 42, item 6).
 */
export type ActionResult = { ok: true; message: string; [key: string]: unknown } | { ok: false; error: string; field?: string };

/** A success for the page to toast. */
export function success<T extends Record<string, unknown>>(message: string, extra?: T) {
  return data({ ok: true as const, message, ...(extra ?? ({} as T)) });
}

/** A failure for the page to toast, with its HTTP status (4xx for the user's input), and the field it belongs to if any. */
export function failure(error: string, status = 400, headers?: HeadersInit, field?: string) {
  return data({ ok: false as const, error, ...(field ? { field } : {}) }, { status, headers });
}

/** A rule the user's input broke: becomes a 4xx failure with this message. */
export class FormError extends Error {
  readonly status: number;
  /** Headers the answer carries (Retry-After on a 429). */
  readonly headers?: Record<string, string>;
  /** The form control the message belongs to, if one (a failed schema's first issue, or a rule about one field). */
  field?: string;
  constructor(message: string, status = 400, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.headers = headers;
  }

  /** This error, under the named field. */
  onField(field: string): this {
    this.field = field;
    return this;
  }
}

/** The form body as plain values, or null when it cannot be read (a malformed body). */
export async function readFormValues(request: Request): Promise<Record<string, FormDataEntryValue> | null> {
  try {
    return Object.fromEntries(await request.formData());
  } catch {
    return null;
  }
}

/** Parses a form body with a zod schema; the first failing message becomes a 400. */
export async function parseForm<S extends z.ZodTypeAny>(request: Request, schema: S): Promise<z.infer<S>> {
  const values = await readFormValues(request);
  if (!values) throw new FormError("The form could not be read");
  return parseValues(schema, values);
}

/** Parses values with a zod schema; the first failing issue becomes a 400 naming its field. */
export function parseValues<S extends z.ZodTypeAny>(schema: S, values: unknown): z.infer<S> {
  const result = schema.safeParse(values);
  if (!result.success) throw schemaError(result.error);
  return result.data;
}

/** A failed parse as a FormError: the first issue's message (spec 1 section 5), under its field. */
export function schemaError(error: z.ZodError): FormError {
  const issue = firstFieldIssue(error.issues) ?? { message: "Invalid input" };
  const formError = new FormError(issue.message);
  return issue.field ? formError.onField(issue.field) : formError;
}

/** A failed parse as the action's answer: 400, its first message, under its field. */
export function schemaFailure(error: z.ZodError) {
  const formError = schemaError(error);
  return failure(formError.message, formError.status, undefined, formError.field);
}

/**
 * The end of every action's try/catch: rule and validation errors answer 4xx
 * with their message; redirects and responses pass through; anything else is
 * logged and answers 500 with the spec's failure message for that action.
 */
export function actionError(error: unknown, fallback: string) {
  if (error instanceof Response) throw error;
  if (error instanceof FormError) return failure(error.message, error.status, error.headers, error.field);
  console.error(error);
  return failure(fallback, 500);
}
