// The names Safe Exam Browser's proofs travel under (decision 042): SEB's own
// headers, our client's copy of its JS-API keys, and the party ticket's query
// parameter. Apart from seb.ts, whose few browser exports ride in every
// page's first load, so these stay in the lazily loaded SEB code.

/** The headers SEB itself adds to each request it makes (not to a WebSocket upgrade or a service worker's fetch). */
export const SEB_CONFIG_KEY_HASH_HEADER = "X-SafeExamBrowser-ConfigKeyHash";
export const SEB_REQUEST_HASH_HEADER = "X-SafeExamBrowser-RequestHash";
/**
 * The headers our client sends from SEB's JavaScript API: the keys SEB
 * computed for the page's URL, and that URL (decision 042).
 */
export const SEB_PAGE_URL_HEADER = "X-SEB-Page-URL";
export const SEB_PAGE_CONFIG_KEY_HEADER = "X-SEB-Page-ConfigKey";
export const SEB_PAGE_EXAM_KEY_HEADER = "X-SEB-Page-BrowserExamKey";

/** The party's ticket travels as this query parameter of the WebSocket URL (SEB cannot add headers to an upgrade). */
export const SEB_TICKET_PARAM = "seb";
