export type Toast = {
  type: "success" | "error" | "info";
  message: string;
  /** Default 4 s, errors 6 s. */
  durationMs?: number;
  /**
   * Shown but not announced: the message is already read another way (a form
   * error under the field that took focus, which reads it as its description).
   */
  quiet?: boolean;
};
