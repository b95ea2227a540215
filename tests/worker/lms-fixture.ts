// The fake LMS the worker tests share (tests/worker/global-setup.ts starts it):
// its test controls, and a room placed in a course of its own whose gradebook
// column is one of its line items (the rows a launch and deep linking write).
import { env } from "cloudflare:workers";
import { expect, inject } from "vitest";
import { call } from "./helpers";
import { one, type Room } from "./rooms-fixture";

const lms = inject("lmsOrigin");

export async function waitFor<T>(read: () => Promise<T | undefined>, what: string, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function control<T = Record<string, unknown>>(path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${lms}/__test/${path}`, body === undefined ? {} : { method: "POST", body: JSON.stringify(body) });
  expect(res.status, `fake LMS ${path}`).toBe(200);
  return (await res.json()) as T;
}
export type LmsState = { scores: { url: string; body: Record<string, unknown> }[] };

/**
 * The room is placed in an LMS course whose gradebook column is a line item
 * of the fake LMS, and this student is its learner `sub` (the rows a launch
 * and deep linking would write, decision 025).
 */
export async function linkToLms(room: Room, email: string, sub: string) {
  await control("tool-jwks", await (await call("/lti/jwks")).json());
  // A course of its own in the fake LMS, which every test file shares: lti.test.ts's minted launches use course-1's first activity.
  const activity = await control<{ lineItemId: string }>("activities", { title: "Rejudge quiz", custom: { room_id: room.id }, contextId: `rejudge-${crypto.randomUUID()}` });
  const platform = crypto.randomUUID();
  const context = crypto.randomUUID();
  const { id: userId } = await one<{ id: string }>("SELECT id FROM user WHERE email = ?", email);
  await env.DB.batch([
    env.DB.prepare(
      "INSERT INTO lti_platforms (id, issuer, client_id, auth_login_url, token_url, jwks_url, updated_at) VALUES (?, ?, 'fake-client-1', ?, ?, ?, 0) ON CONFLICT DO NOTHING",
    ).bind(platform, lms, `${lms}/auth`, `${lms}/token`, `${lms}/jwks`),
  ]);
  const { id: platformId } = await one<{ id: string }>("SELECT id FROM lti_platforms WHERE issuer = ? AND client_id = 'fake-client-1'", lms);
  await env.DB.batch([
    env.DB.prepare("INSERT INTO lti_contexts (id, platform_id, context_id, title) VALUES (?, ?, ?, 'Rejudge course')").bind(context, platformId, `course-${context}`),
    env.DB.prepare("INSERT INTO lti_room_contexts (room_id, context_id) VALUES (?, ?)").bind(room.id, context),
    env.DB.prepare("INSERT INTO lti_resource_links (id, platform_id, resource_link_id, context_id, room_id, line_item_url) VALUES (?, ?, ?, ?, ?, ?)").bind(
      crypto.randomUUID(),
      platformId,
      `link-${context}`,
      context,
      room.id,
      `${lms}/lineitems/${activity.lineItemId}/lineitem?type_id=7`,
    ),
    env.DB.prepare("INSERT INTO lti_users (platform_id, sub, user_id, launched_at) VALUES (?, ?, ?, 0)").bind(platformId, sub, userId),
    env.DB.prepare("INSERT INTO lti_context_members (context_id, user_id, role) VALUES (?, ?, 'learner')").bind(context, userId),
  ]);
}
