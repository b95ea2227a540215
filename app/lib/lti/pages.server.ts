// The few pages the LTI endpoints answer with themselves (outside Remix): a
// message (launch refused, cookies blocked) and a form that posts itself to
// the LMS (the deep-linking response). Each carries its own strict CSP.
import { createNonce } from "~/lib/http/security-headers.server";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const STYLE = `body{font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:2rem;color:#0f172a;background:#f8fafc}
main{max-width:36rem;margin:0 auto;background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem}
h1{font-size:1.25rem;margin:0 0 .5rem}p{margin:.5rem 0;color:#334155}
button{font:inherit;font-weight:600;color:#fff;background:#1d4ed8;border:0;border-radius:.5rem;padding:.5rem 1rem;cursor:pointer}
button:focus-visible{outline:3px solid #93c5fd;outline-offset:2px}
@media (prefers-color-scheme:dark){body{background:#020617;color:#e2e8f0}main{background:#0f172a;border-color:#1e293b}p{color:#cbd5e1}}`;

function page(opts: { title: string; body: string; status: number; nonce?: string; formAction?: readonly string[]; frameAncestors?: readonly string[] }) {
  const csp = [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    opts.nonce ? `script-src 'nonce-${opts.nonce}'` : "script-src 'none'",
    `form-action ${["'self'", ...(opts.formAction ?? [])].join(" ")}`,
    "base-uri 'none'",
    // No session and nothing to click but "go on": any LMS may frame these pages; the landing page names its launch's LMS.
    `frame-ancestors ${opts.frameAncestors ? (opts.frameAncestors.length ? ["'self'", ...opts.frameAncestors].join(" ") : "'none'") : "*"}`,
  ].join("; ");
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(opts.title)} — ProctorEdge</title><style>${STYLE}</style></head><body><main>${opts.body}</main></body></html>`;
  return new Response(html, {
    status: opts.status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": csp, "Cache-Control": "no-store" },
  });
}

function hiddenFields(fields: Record<string, string>) {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join("");
}

/**
 * A refused launch: the reason, and no session. When only the frame's cookies
 * failed (Safari), "Open in a new window" starts the same login in a window of
 * its own, where the tool's cookies are first-party.
 */
export function ltiMessagePage(opts: { title: string; message: string; status: number; relaunch?: Record<string, string>; headers?: HeadersInit }) {
  const relaunch = opts.relaunch
    ? `<p>Open the tool in a window of its own to continue:</p>
<form method="post" action="/lti/login" target="_blank">${hiddenFields(opts.relaunch)}<button type="submit">Open in a new window</button></form>`
    : "";
  const response = page({
    title: opts.title,
    status: opts.status,
    body: `<h1>${escape(opts.title)}</h1><p role="alert">${escape(opts.message)}</p>${relaunch}`,
  });
  for (const [name, value] of new Headers(opts.headers)) response.headers.append(name, value);
  return response;
}

/**
 * Where a learner's launch lands: in a frame that may keep the test's storage
 * (IndexedDB, used by the offline journal) it goes straight on; otherwise it
 * offers the test in a window of its own. Either way the single-use handoff is
 * posted from here and used up (in the frame without signing anyone in). Only the launch's LMS may frame the page
 * (`frameAncestors`, from this browser's lti-frame cookie): a page another site
 * frames could get a click on "Open in a new window" (login CSRF).
 */
export function landingPage(opts: { token: string; frameAncestors: readonly string[] }) {
  const nonce = createNonce();
  const script = `(async function () {
  function storage() {
    try { sessionStorage.setItem("lti-check", "1"); sessionStorage.removeItem("lti-check"); localStorage.getItem("lti-check"); } catch (e) { return Promise.resolve(false); }
    return new Promise(function (resolve) {
      try {
        var open = indexedDB.open("lti-storage-check");
        open.onsuccess = function () { open.result.close(); resolve(true); };
        open.onerror = function () { resolve(false); };
      } catch (e) { resolve(false); }
    });
  }
  if (await storage()) { document.getElementById("continue").submit(); return; }
  document.getElementById("checking").hidden = true;
  document.getElementById("blocked").hidden = false;
  document.getElementById("handoff").addEventListener("submit", function () {
    document.getElementById("blocked").hidden = true;
    document.getElementById("moved").hidden = false;
  });
})();`;
  const token = hiddenFields({ token: opts.token });
  return page({
    title: "Opening your test",
    status: 200,
    nonce,
    frameAncestors: opts.frameAncestors,
    body: `<h1>Opening your test…</h1>
<p id="checking" role="status">Checking that this page can keep your answers safe offline…</p>
<form id="continue" method="post" action="/lti/handoff">${hiddenFields({ token: opts.token, stay: "1" })}<noscript><button type="submit">Continue</button></noscript></form>
<div id="blocked" hidden><p role="alert">Your browser does not let this test keep your answers on the device inside the LMS page, so it opens in a window of its own.</p>
<form id="handoff" method="post" action="/lti/handoff" target="_blank">${token}<button type="submit">Open in a new window</button></form></div>
<p id="moved" hidden role="status">Your test is open in the other window.</p>
<script nonce="${nonce}">${script}</script>`,
  });
}

/** A form that posts itself to the LMS (with a button where scripts do not run). */
export function autoPostPage(opts: { title: string; action: string; fields: Record<string, string> }) {
  const nonce = createNonce();
  return page({
    title: opts.title,
    status: 200,
    nonce,
    formAction: [new URL(opts.action).origin],
    body: `<h1>${escape(opts.title)}</h1><p>Returning to your LMS…</p>
<form id="lti-return" method="post" action="${escape(opts.action)}">${hiddenFields(opts.fields)}<button type="submit">Continue</button></form>
<script nonce="${nonce}">document.getElementById("lti-return").submit();</script>`,
  });
}
