import { data } from "@remix-run/cloudflare";
import type { z } from "zod";
import { firstIssue } from "~/lib/accounts/validation";

export type ActionResult = { ok: true; message: string; [key: string]: unknown } | { ok: false; error: string };

/** A success for the page to toast. */
export function success<T extends Record<string, unknown>>(message: string, extra?: T) {
  return data({ ok: true as const, message, ...(extra ?? ({} as T)) });
}

/** A failure for the page to toast, with its HTTP status (4xx for the user's input). */
export function failure(error: string, status = 400, headers?: HeadersInit) {
  return data({ ok: false as const, error }, { status, headers });
}

/** A rule the user's input broke: becomes a 4xx failure with this message. */
export class FormError extends Error {
  readonly status: number;
  /** Headers the answer carries (Retry-After on a 429). */
  readonly headers?: Record<string, string>;
  constructor(message: string, status = 400, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.headers = headers;
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

export function parseValues<S extends z.ZodTypeAny>(schema: S, values: unknown): z.infer<S> {
  const result = schema.safeParse(values);
  if (!result.success) throw new FormError(firstIssue(result.error));
  return result.data;
}

/**
 * The end of every action's try/catch: rule and validation errors answer 4xx
 * with their message; redirects and responses pass through; anything else is
 * logged and answers 500 with the spec's failure message for that action.
 */
export function actionError(error: unknown, fallback: string) {
  if (error instanceof Response) throw error;
  if (error instanceof FormError) return failure(error.message, error.status, error.headers);
  console.error(error);
  return failure(fallback, 500);
}
