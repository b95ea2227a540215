import { describe, expect, it } from "vitest";
import { frameOrigins } from "./frame.server";
import { lmsGrade } from "./grades.server";
import { courseRole, isAllowedPlatformUrl, isAllowedServiceUrl, PlatformSchema } from "./lti";
import { nextLink, scoresUrl } from "./services.server";

const M = "http://purl.imsglobal.org/vocab/lis/v2/membership";

describe("courseRole: the course's roles only", () => {
  it.each([
    [[`${M}#Instructor`], "instructor"],
    [[`${M}/Instructor#TeachingAssistant`], "instructor"],
    [[`${M}#Administrator`, `${M}#Learner`], "instructor"],
    [["Instructor"], "instructor"],
    [[`${M}#Learner`], "learner"],
    [["Learner"], "learner"],
    [["http://purl.imsglobal.org/vocab/lis/v2/institution/person#Instructor"], null],
    [["http://purl.imsglobal.org/vocab/lis/v2/system/person#Administrator"], null],
    [[`${M}#Mentor`], null],
    [[], null],
  ] as const)("%j is %s", (roles, role) => {
    expect(courseRole(roles)).toBe(role);
  });
});

describe("platform URLs", () => {
  it("are https, or http on this machine only", () => {
    expect(isAllowedPlatformUrl("https://moodle.school.edu/mod/lti/auth.php")).toBe(true);
    expect(isAllowedPlatformUrl("http://localhost:8080/x")).toBe(true);
    expect(isAllowedPlatformUrl("http://127.0.0.1:9/x")).toBe(true);
    expect(isAllowedPlatformUrl("http://moodle.school.edu")).toBe(false);
    expect(isAllowedPlatformUrl("http://10.0.0.1")).toBe(false);
    expect(isAllowedPlatformUrl("https://user:pass@moodle.school.edu")).toBe(false);
    expect(isAllowedPlatformUrl("javascript:alert(1)")).toBe(false);
    expect(isAllowedPlatformUrl("not a url")).toBe(false);
  });

  it("the form takes several deployment ids, one per line or comma-separated, each once", () => {
    const parsed = PlatformSchema.parse({
      issuer: "https://canvas.instructure.com",
      clientId: " 1000000000001 ",
      deploymentIds: "12:abc\r\n34:def, 12:abc\n",
      authLoginUrl: "https://sso.canvaslms.com/api/lti/authorize_redirect",
      tokenUrl: "https://sso.canvaslms.com/login/oauth2/token",
      jwksUrl: "https://sso.canvaslms.com/api/lti/security/jwks",
    });
    expect(parsed).toMatchObject({ clientId: "1000000000001", deploymentIds: ["12:abc", "34:def"], trustEmail: false });
    const empty = PlatformSchema.safeParse({ ...parsed, deploymentIds: " \n " });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe("Add at least one Deployment ID");
  });
});

describe("AGS and NRPS details", () => {
  it("scores go to the line item's /scores, its query string kept (Moodle's type_id)", () => {
    expect(scoresUrl("https://moodle.edu/mod/lti/services.php/2/lineitems/7/lineitem?type_id=3")).toBe(
      "https://moodle.edu/mod/lti/services.php/2/lineitems/7/lineitem/scores?type_id=3",
    );
    expect(scoresUrl("https://canvas.edu/api/lti/courses/1/line_items/9/")).toBe("https://canvas.edu/api/lti/courses/1/line_items/9/scores");
  });

  it("follows Link rel=next on the same origin only", () => {
    const base = "https://lms.edu/memberships?page=1";
    expect(nextLink('<https://lms.edu/memberships?page=2>; rel="next", <https://lms.edu/memberships?page=9>; rel="last"', base)).toBe(
      "https://lms.edu/memberships?page=2",
    );
    expect(nextLink('<https://lms.edu/m?page=9>; rel="last"', base)).toBeNull();
    expect(nextLink("</memberships?page=3>; rel=next", base)).toBe("https://lms.edu/memberships?page=3");
    expect(nextLink('<https://evil.example/steal>; rel="next"', base)).toBeNull();
    expect(nextLink(null, base)).toBeNull();
  });

  it("a finished test's grade: 0 when disqualified, PendingManual while an evaluation is pending, nothing before it ends", () => {
    const test = { testId: "t", totalScore: 80, maxScore: 100, isDisqualified: false, finished: true, pendingEvaluation: false, released: true };
    expect(lmsGrade(test)).toEqual({ scoreGiven: 80, scoreMaximum: 100, gradingProgress: "FullyGraded" });
    expect(lmsGrade({ ...test, isDisqualified: true })).toMatchObject({ scoreGiven: 0 });
    expect(lmsGrade({ ...test, pendingEvaluation: true })).toMatchObject({ gradingProgress: "PendingManual" });
    expect(lmsGrade({ ...test, totalScore: 130 })).toMatchObject({ scoreGiven: 100 });
    expect(lmsGrade({ ...test, finished: false })).toBeNull();
    // Held results (decision 041): Pending, the score not given (posted without one).
    expect(lmsGrade({ ...test, released: false })).toEqual({ scoreGiven: 0, scoreMaximum: 100, gradingProgress: "Pending" });
  });
});

describe("frameOrigins", () => {
  it("keeps https origins and loopback http ones, once each, and drops the rest", () => {
    expect(
      frameOrigins([
        "https://school.instructure.com/courses/1",
        "https://school.instructure.com/other",
        "http://localhost:8080/course",
        "http://evil.example/",
        "javascript:alert(1)",
        null,
      ]),
    ).toEqual(["https://school.instructure.com", "http://localhost:8080"]);
  });
});

describe("frameOrigins: only host names reach frame-ancestors", () => {
  it("drops a wildcard host and hosts with characters CSP would read as syntax", () => {
    expect(
      frameOrigins([
        "https://*",
        "https://*.example.edu/",
        "https://a;b.example/",
        "https://a'b.example/",
        "https://a b.example/",
        "https://lms.example.edu:8443/x",
        "https://moodle.example.edu",
      ]),
    ).toEqual(["https://lms.example.edu:8443", "https://moodle.example.edu"]);
  });
});

describe("isAllowedServiceUrl: AGS and NRPS URLs from a launch", () => {
  it.each([
    ["https://lms.example.edu/mod/lti/services.php/2/lineitems/7/lineitem?type_id=1", true],
    ["http://127.0.0.1:9000/memberships/c1", true],
    ["http://localhost:9000/lineitems/1/lineitem", true],
    ["http://lms.example.edu/lineitems/1/lineitem", false],
    ["https://10.0.0.5/lineitems/1", false],
    ["https://169.254.169.254/latest/meta-data", false],
    ["https://0x0a000001/x", false],
    ["https://[fd00::1]/x", false],
    ["ftp://lms.example.edu/x", false],
    ["https://user:pw@lms.example.edu/x", false],
    ["not a url", false],
  ] as const)("%s is %s", (url, allowed) => {
    expect(isAllowedServiceUrl(url)).toBe(allowed);
  });
});
