// Which existing account an LMS user may be linked to by email (decision 035).
// Pure, so launches and roster syncs apply one rule, and unit tests read it.

/** What we know of the account that has the LMS user's email. */
export type EmailMatch = {
  role: "admin" | "student" | null;
  /** Verified here, or made by an administrator (who vouches for the address). */
  emailVerified: boolean;
  /** Already linked to an LMS user, on any platform. */
  hasLmsLink: boolean;
};

/**
 * `link`: sign in as that account. `separate`: a new account with a placeholder
 * email. `refuse`: the platform is not trusted for emails, but trusting it would
 * link the two (the launch says so).
 *
 * A self-made account's email was never proven, so anyone could have signed up
 * with a teacher's address first; and an account that already has an LMS link,
 * or an administrator's, is never taken over through another LMS's claim.
 */
export function emailLinkDecision(trustEmail: boolean, match: EmailMatch | undefined): "link" | "separate" | "refuse" {
  if (!match) return "separate";
  const linkable = match.emailVerified && !match.hasLmsLink && match.role !== "admin";
  if (!linkable) return "separate";
  return trustEmail ? "link" : "refuse";
}

/** The email a new LMS account is created with: the claimed one only when a trusted platform vouches for it and it is free. */
export function newAccountEmail(trustEmail: boolean, claimed: string | undefined, taken: boolean): string | null {
  return trustEmail && claimed && !taken ? claimed : null;
}
