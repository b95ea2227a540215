import { describe, expect, it } from "vitest";
import { passesSeb, roomConfigKey, sameHash, signSebTicket, verifySebTicket } from "./check.server";
import { sha256Hex } from "./config";
import { isRoomStudentPage, sebLink } from "./seb";

const ORIGIN = "http://localhost:8787";
const room = { id: "room-1", sebRequired: true, sebBrowserExamKeys: [] as string[] };
const request = (url: string, headers: Record<string, string>) => new Request(url, { headers });

describe("the SEB check", () => {
  it("hashes the absolute URL as asked for: its port, query string and percent-encoding count, its fragment does not", async () => {
    const key = await roomConfigKey(ORIGIN, room.id);
    const url = `${ORIGIN}/test/room-1/coding.data?_routes=routes%2Ftest.%24roomId.coding&q=%C3%A9+x`;
    const hash = await sha256Hex(url + key);
    const ok = (asked: string, header = hash) => passesSeb(request(asked, { "X-SafeExamBrowser-ConfigKeyHash": header }), asked, room, ORIGIN);
    expect(await ok(url)).toBe(true);
    // Upper-case hex is the same hash.
    expect(await ok(url, hash.toUpperCase())).toBe(true);
    expect(await ok(url.replace(":8787", ":8788"))).toBe(false);
    expect(await ok(url.replace("q=%C3%A9", "q=%c3%a9"))).toBe(false);
    expect(await ok(url.replace("&q=%C3%A9+x", ""))).toBe(false);
    expect(await ok(url.replace("http:", "https:"))).toBe(false);
    expect(await ok(url, hash.slice(1))).toBe(false);
    // A fragment never reaches the server; a hash made over one is not the URL's.
    expect(await ok(url, await sha256Hex(`${url}#top${key}`))).toBe(false);
  });

  it("takes the page's JS-API keys only for the room's own student pages on the request's own site", async () => {
    const key = await roomConfigKey(ORIGIN, room.id);
    const viaPage = async (page: string, asked = `${ORIGIN}/api/journal/t-1`) =>
      passesSeb(request(asked, { "X-SEB-Page-URL": page, "X-SEB-Page-ConfigKey": await sha256Hex(page + key) }), asked, room, ORIGIN);
    expect(await viaPage(`${ORIGIN}/test/room-1/mcq`)).toBe(true);
    expect(await viaPage(`${ORIGIN}/waiting/room-1`)).toBe(true);
    expect(await viaPage(`${ORIGIN}/student`)).toBe(false);
    expect(await viaPage(`${ORIGIN}/test/room-2/mcq`)).toBe(false);
    expect(await viaPage(`http://localhost:9999/test/room-1/mcq`)).toBe(false);
    expect(await viaPage("not a url")).toBe(false);
  });

  it("changes the Config Key with the site and the room", async () => {
    const a = await roomConfigKey(ORIGIN, "room-1");
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await roomConfigKey(ORIGIN, "room-2")).not.toBe(a);
    expect(await roomConfigKey("https://exam.example.edu", "room-1")).not.toBe(a);
  });

  it("compares hashes in full", () => {
    expect(sameHash("ab", "ab")).toBe(true);
    expect(sameHash("ab", "ac")).toBe(false);
    expect(sameHash("a", "ab")).toBe(false);
    expect(sameHash(null, "ab")).toBe(false);
  });

  it("signs the party's ticket for one room, one student and two minutes", async () => {
    const secret = "unit-secret-0123456789abcdefghijkl";
    const now = 1_800_000_000_000;
    const ticket = await signSebTicket(secret, "room-1", "user-1", now);
    expect(await verifySebTicket(secret, ticket, "room-1", "user-1", now + 60_000)).toBe(true);
    expect(await verifySebTicket(secret, ticket, "room-1", "user-1", now + 121_000)).toBe(false);
    expect(await verifySebTicket(secret, ticket, "room-2", "user-1", now)).toBe(false);
    expect(await verifySebTicket(secret, ticket, "room-1", "user-2", now)).toBe(false);
    expect(await verifySebTicket(secret, `${ticket}x`, "room-1", "user-1", now)).toBe(false);
    expect(await verifySebTicket("another-secret-0123456789abcdefghij", ticket, "room-1", "user-1", now)).toBe(false);
  });

  it("links to the configuration with sebs:// on https and seb:// on http, and knows the room's pages", () => {
    expect(sebLink("https://exam.example.edu", "r 1")).toBe("sebs://exam.example.edu/seb/r%201/config.seb");
    expect(sebLink("http://localhost:8787", "r1")).toBe("seb://localhost:8787/seb/r1/config.seb");
    expect(isRoomStudentPage("/test/r1/coding/", "r1")).toBe(true);
    expect(isRoomStudentPage("/test/r1/coding/x", "r1")).toBe(false);
    expect(isRoomStudentPage("/admin/room/r1", "r1")).toBe(false);
  });
});
