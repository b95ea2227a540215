// LTI 1.3 names shared by the admin page and the server (decision 025).
import { z } from "zod";

/** The tool's own endpoints, as the admin page lists them for the LMS. */
export const LTI_PATHS = {
  login: "/lti/login",
  launch: "/lti/launch",
  jwks: "/lti/jwks",
  deepLink: "/lti/deep-link",
} as const;

export const CLAIM = {
  messageType: "https://purl.imsglobal.org/spec/lti/claim/message_type",
  version: "https://purl.imsglobal.org/spec/lti/claim/version",
  deploymentId: "https://purl.imsglobal.org/spec/lti/claim/deployment_id",
  targetLinkUri: "https://purl.imsglobal.org/spec/lti/claim/target_link_uri",
  resourceLink: "https://purl.imsglobal.org/spec/lti/claim/resource_link",
  roles: "https://purl.imsglobal.org/spec/lti/claim/roles",
  context: "https://purl.imsglobal.org/spec/lti/claim/context",
  custom: "https://purl.imsglobal.org/spec/lti/claim/custom",
  launchPresentation: "https://purl.imsglobal.org/spec/lti/claim/launch_presentation",
  ags: "https://purl.imsglobal.org/spec/lti-ags/claim/endpoint",
  nrps: "https://purl.imsglobal.org/spec/lti-nrps/claim/namesroleservice",
  deepLinkingSettings: "https://purl.imsglobal.org/spec/lti-dl/claim/deep_linking_settings",
  contentItems: "https://purl.imsglobal.org/spec/lti-dl/claim/content_items",
  deepLinkData: "https://purl.imsglobal.org/spec/lti-dl/claim/data",
} as const;

export const SCOPE = {
  score: "https://purl.imsglobal.org/spec/lti-ags/scope/score",
  memberships: "https://purl.imsglobal.org/spec/lti-nrps/scope/contextmembership.readonly",
} as const;

const MEMBERSHIP = "http://purl.imsglobal.org/vocab/lis/v2/membership";

/**
 * The course role a launch or roster entry gives: context roles only
 * (`…/membership#Instructor`, its sub-roles such as `…/membership/Instructor#TeachingAssistant`,
 * or the short form `Instructor`). An institution role (`…/institution/person#Instructor`)
 * or a system role never makes anyone an instructor here.
 */
export function courseRole(roles: readonly string[]): "instructor" | "learner" | null {
  const has = (name: string) =>
    roles.some((role) => role === `${MEMBERSHIP}#${name}` || role === name || role.startsWith(`${MEMBERSHIP}/${name}#`));
  if (has("Instructor") || has("Administrator")) return "instructor";
  if (has("Learner")) return "learner";
  return null;
}

/** Platform URLs: https, or plain http on this machine only (local development). */
function platformUrl(label: string) {
  return z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(500, `${label} is too long (max 500 characters)`)
    .refine((value) => isAllowedPlatformUrl(value), `${label} must be an https:// URL (http:// only for localhost)`);
}

const isLoopbackHost = (host: string) => host === "localhost" || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);

export function isAllowedPlatformUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && isLoopbackHost(url.hostname);
}

/**
 * An LMS service URL from a launch (AGS line item, NRPS memberships), which the
 * Worker will call: a platform URL (https, or http on this machine), and a host
 * name, never an IP literal other than loopback, so a launch cannot point our
 * requests at an address of its choosing.
 */
export function isAllowedServiceUrl(value: string): boolean {
  if (!isAllowedPlatformUrl(value)) return false;
  const host = new URL(value).hostname;
  const ipLiteral = host.startsWith("[") || /^\d+(\.\d+){3}$/.test(host);
  return !ipLiteral || isLoopbackHost(host);
}

/** Hosts a frame origin may name in CSP frame-ancestors: DNS names only (no wildcard, quote or semicolon), with an optional port. */
const FRAME_HOST = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/** The origin an LMS frame may have: https, or http on this machine; null for anything else. */
export function frameOrigin(candidate: string): string | null {
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (!FRAME_HOST.test(url.hostname)) return null;
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) return null;
  return `${url.protocol}//${url.host}`;
}

/** Whether the LMS has a student's latest score (the results page's "LMS grade" column). */
export type LmsGradeStatus = { state: "sent" | "pending" | "retrying"; at: number | null; error: string | null };

export const PLATFORM_MESSAGES = {
  registered: "Platform registered",
  updated: "Platform updated",
  deleted: "Platform deleted",
  saveFailed: "Failed to save platform",
  deleteFailed: "Failed to delete platform",
} as const;

export const DEPLOYMENTS_MAX = 20;

/** The platform form, with Moodle's own labels. */
export const PlatformSchema = z.object({
  issuer: platformUrl("Platform ID"),
  clientId: z
    .string({ required_error: "Client ID is required" })
    .trim()
    .min(1, "Client ID is required")
    .max(255, "Client ID is too long (max 255 characters)"),
  deploymentIds: z
    .string({ required_error: "Deployment ID is required" })
    .max(2000, "Deployment IDs are too long")
    .transform((value) => [...new Set(value.split(/[\s,]+/).map((id) => id.trim()).filter(Boolean))])
    .refine((ids) => ids.length > 0, "Add at least one Deployment ID")
    .refine((ids) => ids.length <= DEPLOYMENTS_MAX, `At most ${DEPLOYMENTS_MAX} Deployment IDs`)
    .refine((ids) => ids.every((id) => id.length <= 255), "A Deployment ID is too long (max 255 characters)"),
  authLoginUrl: platformUrl("Authentication request URL"),
  tokenUrl: platformUrl("Access token URL"),
  jwksUrl: platformUrl("Public keyset URL"),
  trustEmail: z
    .union([z.literal("on"), z.literal("true"), z.literal("false"), z.literal("")])
    .optional()
    .transform((value) => value === "on" || value === "true"),
});

export type PlatformInput = z.infer<typeof PlatformSchema>;
