// What the server and the browser share about Safe Exam Browser (issue 38,
// decision 042): the message, the links, and which pages are a room's
// student side (the headers' names are in headers.ts).

export const SEB_REQUIRED_MESSAGE = "This test requires Safe Exam Browser";
export const SEB_DOWNLOAD_URL = "https://safeexambrowser.org/download_en.html";

/** This page runs in Safe Exam Browser: its JS API, or (SEB for Windows before 3.3.2) its user agent's "SEB/x.y". */
export function inSeb(): boolean {
  return typeof window !== "undefined" && ("SafeExamBrowser" in window || /\bSEB\/\d/.test(navigator.userAgent));
}

/** The room's SEB pages: where SEB starts, and where it quits. */
export const sebStartPath = (roomId: string) => `/seb/${encodeURIComponent(roomId)}`;
export const sebConfigPath = (roomId: string) => `/seb/${encodeURIComponent(roomId)}/config.seb`;
export const SEB_QUIT_PATH = "/seb/quit";

/**
 * The link that opens a room's configuration in SEB: `sebs://` for an https
 * site, `seb://` on plain http (SEB downloads the .seb from the same place).
 */
export function sebLink(origin: string, roomId: string): string {
  const url = new URL(sebConfigPath(roomId), origin);
  return `${url.protocol === "https:" ? "sebs" : "seb"}://${url.host}${url.pathname}`;
}

/** The paths of a room's student side that a page's JS-API keys may be computed for. */
export function isRoomStudentPage(pathname: string, roomId: string): boolean {
  const room = encodeURIComponent(roomId);
  return [`/waiting/${room}`, `/test/${room}`, `/test/${room}/terms`, `/test/${room}/mcq`, `/test/${room}/coding`, sebStartPath(roomId)].includes(pathname.replace(/\/$/, ""));
}

/** The body of a SEB refusal, as the pages' error boundary and the journal's client read it. */
export type SebRefusal = { error: typeof SEB_REQUIRED_MESSAGE; seb: { link: string; download: string } };
export function isSebRefusal(data: unknown): data is SebRefusal {
  return typeof data === "object" && data !== null && (data as { error?: unknown }).error === SEB_REQUIRED_MESSAGE && typeof (data as { seb?: unknown }).seb === "object";
}
