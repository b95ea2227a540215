export type Toast = { type: "success" | "error" | "info"; message: string; /** Default 4 s, errors 6 s. */ durationMs?: number };
