export type Toast = { type: "success" | "error" | "info"; message: string };
