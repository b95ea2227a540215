// Bounds on free text that no spec message covers (decision 020). Every
// field an action parses has a maximum, so oversized input is a 400 with a
// message, never a 500 or a megabyte row.
import { z } from "zod";

/** The longest id a form may name (ours are UUIDs or short slugs). */
export const ID_MAX = 100;

/** A required id in a form; `failure` is the action's own failure message. */
export const idField = (failure: string) =>
  z.string({ required_error: failure, invalid_type_error: failure }).min(1, failure).max(ID_MAX, failure);

/** A category name, as the question bank's (spec: categories are short labels). */
export const CATEGORY_MAX = 50;
export const CATEGORY_TOO_LONG = `Category name is too long (max ${CATEGORY_MAX} characters)`;

/** The admin sign-up code field: longer than any code an operator would set. */
export const ADMIN_CODE_MAX = 200;

/** Spec 1 section 5 and spec 2 section 5: email at most 255 characters. */
export const EMAIL_MAX = 255;
