import type { Role } from "~/db/schema";

export function homeFor(role: Role | null): string {
  return role === "admin" ? "/admin" : role === "student" ? "/student" : "/";
}

const STUDENT_AREAS = ["/student", "/waiting/", "/test/", "/practice/"];

/**
 * Where to go after signing in: the page the user asked for, if it is a local
 * path in their own area; otherwise their home. Never another origin.
 */
export function afterSignIn(role: Role | null, redirectTo: unknown): string {
  const home = homeFor(role);
  if (typeof redirectTo !== "string" || !redirectTo.startsWith("/") || redirectTo.startsWith("//")) return home;
  if (redirectTo.includes("\\")) return home;
  const inArea =
    role === "admin"
      ? redirectTo === "/admin" || redirectTo.startsWith("/admin/")
      : role === "student" && STUDENT_AREAS.some((area) => redirectTo === area || redirectTo.startsWith(area.endsWith("/") ? area : `${area}/`));
  return inArea ? redirectTo : home;
}
