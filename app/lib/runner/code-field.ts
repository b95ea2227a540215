// The code a student sends to be judged (coding test Run/Submit, practice Run
// Tests), checked the same way in the browser and in the actions.
import { z } from "zod";

/** The runner refuses code over 64 KB (spec README: the runner's HTTP contract). */
export const MAX_CODE_CHARS = 64 * 1024;

export const codeField = z
  .string()
  .optional()
  .default("")
  .pipe(
    z
      .string()
      .max(MAX_CODE_CHARS, "Your code is over 64 KB")
      .refine((c) => c.trim().length > 0, "Please write some code first"),
  );
