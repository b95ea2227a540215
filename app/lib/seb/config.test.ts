import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { configKey, parsePlist, plistXml, roomSebSettings, sebJson, sha256Hex, type PlistDict } from "./config";

// Published SEB files and their keys live beside the repository (../shared/data/seb), not in it.
const DATA_DIR = fileURLToPath(new URL("../../../../shared/data/seb/", import.meta.url));

/** A data file's text; a missing folder fails the test (never skips it): the keys are the point of this suite. */
function dataFile(name: string): string {
  if (!existsSync(DATA_DIR)) {
    throw new Error(
      `SEB reference data not found at ${DATA_DIR}. Place the shared folder beside the repository (../shared/data/seb).`,
    );
  }
  return readFileSync(DATA_DIR + name, "utf8");
}

const ROOM = { startUrl: "http://localhost:8787/rooms/r1/seb", quitUrl: "http://localhost:8787/rooms/r1/done", origin: "http://localhost:8787" };

describe("Config Key against SEB's published keys", () => {
  it("finds the reference data beside the repository", () => {
    expect(existsSync(DATA_DIR), `missing folder ${DATA_DIR}`).toBe(true);
  });

  it.each([
    ["unencrypted_mac_001.seb", "4fa9af8ec8759eb7c680752ef4ee5eaf1a860628608fccae2715d519849f9292"],
    ["unencrypted_win_223.seb", "fc6f4ea5922717760f4d6d536c23b8d19bf20b52aa97940f5427a76e20f49026"],
  ])("%s has its published key", async (file, key) => {
    expect(await configKey(parsePlist(dataFile(file)))).toBe(key);
  });

  it("simpleunencrypted.seb and its copy without originatorVersion give the same key", async () => {
    const withIt = await configKey(parsePlist(dataFile("simpleunencrypted.seb")));
    const without = await configKey(parsePlist(dataFile("simpleunencryptedwithoutoriginator.seb")));
    expect(withIt).toMatch(/^[0-9a-f]{64}$/);
    expect(without).toBe(withIt);
  });

  it("writes the SEB-JSON of unencrypted_mac_001.seb byte for byte as SEB logged it", () => {
    const logged = dataFile("JSON_unencrypted_mac_001.txt");
    const expected = logged.endsWith("\n") ? logged.slice(0, -1) : logged;
    expect(sebJson(parsePlist(dataFile("unencrypted_mac_001.seb")))).toBe(expected);
  });
});

// Moodle's vectors (mod/quiz/accessrule/seb/tests/property_list_test.php, json_data_provider).
describe("SEB-JSON rules", () => {
  it.each<[string, PlistDict, string]>([
    ["a date, in UTC with +00:00", { date: new Date("1940-10-09T22:13:56Z") }, '{"date":"1940-10-09T22:13:56+00:00"}'],
    ["data as Base64", { data: new TextEncoder().encode("blahblah") }, '{"data":"YmxhaGJsYWg="}'],
    ["non-ASCII raw", { string: "hello wörld" }, '{"string":"hello wörld"}'],
    ["backslashes raw", { string: "ws:\\localhost", two: "ws:\\\\localhost" }, '{"string":"ws:\\localhost","two":"ws:\\\\localhost"}'],
    ["slashes raw", { url: "http://test.com" }, '{"url":"http://test.com"}'],
    ["arrays in their order", { array: [false, true, true] }, '{"array":[false,true,true]}'],
    ["an empty array kept", { bool: true, array: [] }, '{"array":[],"bool":true}'],
    ["an empty dict left out", { bool: true, emptydict: {} }, '{"bool":true}'],
    ["nested dicts sorted", { dict: { banana: false, apple: true } }, '{"dict":{"apple":true,"banana":false}}'],
    [
      "case-insensitive order, lowercase first on a tie",
      { testKey: "testValue", allowWLAN: "testValue2", allowWlan: "testValue3" },
      '{"allowWlan":"testValue3","allowWLAN":"testValue2","testKey":"testValue"}',
    ],
  ])("%s", (_name, dict, json) => {
    expect(sebJson(dict)).toBe(json);
  });

  it("leaves originatorVersion out at every level", () => {
    expect(sebJson({ originatorVersion: "x", a: { originatorVersion: "y", b: 1 }, c: [{ originatorVersion: "z", d: 2 }] })).toBe(
      '{"a":{"b":1},"c":[{"d":2}]}',
    );
  });
});

describe("a room's SEB configuration", () => {
  it("round-trips through the .seb XML with the same Config Key", async () => {
    const settings = roomSebSettings(ROOM);
    const xml = plistXml(settings);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN"')).toBe(true);
    const back = parsePlist(xml);
    expect(back).toEqual(settings);
    expect(await configKey(back)).toBe(await configKey(settings));
  });

  it("has a Config Key of 64 lowercase hex characters", async () => {
    expect(await configKey(roomSebSettings(ROOM))).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes its key with the start URL, not with originatorVersion", async () => {
    const base = roomSebSettings(ROOM);
    const key = await configKey(base);
    expect(await configKey(roomSebSettings({ ...ROOM, startUrl: ROOM.startUrl + "?x=1" }))).not.toBe(key);
    expect(await configKey({ ...base, originatorVersion: "ProctorEdge 2" })).toBe(key);
    const { originatorVersion: _dropped, ...without } = base;
    expect(await configKey(without)).toBe(key);
  });

  it("allows only its own site", () => {
    const settings = roomSebSettings(ROOM);
    expect(settings.URLFilterEnable).toBe(true);
    expect(settings.URLFilterRules).toEqual([{ active: true, regex: false, action: 1, expression: "localhost:8787/*" }]);
    expect(settings.startURL).toBe(ROOM.startUrl);
    expect(settings.quitURL).toBe(ROOM.quitUrl);
  });
});

describe("plist XML", () => {
  it("round-trips markup characters, non-ASCII and every value type", async () => {
    const dict: PlistDict = {
      markup: `a & b < c > d " e ' f ]]> g`,
      unicode: "Zoë — 東京 😀",
      spaces: "  leading and trailing\n\tlines  ",
      empty: "",
      "key & <odd> \"name\"": true,
      __proto__key: false,
      int: -42,
      real: 0.25,
      data: new Uint8Array([0, 1, 2, 254, 255]),
      date: new Date("2024-02-29T12:34:56Z"),
      list: ["x", 1, [], {}, { nested: ["y"] }],
      dict: { inner: { deeper: "z" } },
      emptyDict: {},
    };
    const back = parsePlist(plistXml(dict));
    expect(back).toEqual(dict);
    expect(await configKey(back)).toBe(await configKey(dict));
  });

  it("keeps a key named __proto__ as a setting", () => {
    const back = parsePlist(plistXml(JSON.parse('{"__proto__": "v"}') as PlistDict));
    expect(Object.keys(back)).toEqual(["__proto__"]);
    expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
  });

  it("reads entities, CDATA and wrapped Base64", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<plist version="1.0"><dict>
  <key>s</key><string>&lt;&#233;&#x1F600;&amp;&quot;&apos;&gt;</string>
  <key>c</key><string><![CDATA[<b>&amp;</b>]]></string>
  <key>d</key><data>
    AAEC
    /w==
  </data>
</dict></plist>`;
    expect(parsePlist(xml)).toEqual({ s: `<é😀&"'>`, c: "<b>&amp;</b>", d: new Uint8Array([0, 1, 2, 255]) });
  });

  it.each([
    ["malformed XML", "<?xml This is some bad xml for sure."],
    ["an unknown element", '<plist version="1.0"><dict><key>a</key><foo/></dict></plist>'],
    ["a root that is not a dict", '<plist version="1.0"><array/></plist>'],
    ["no plist root", "<dict><key>a</key><true/></dict>"],
    ["a key without a value", '<plist version="1.0"><dict><key>a</key></dict></plist>'],
    ["a bad integer", '<plist version="1.0"><dict><key>a</key><integer>1.5</integer></dict></plist>'],
    ["an unknown entity", '<plist version="1.0"><dict><key>a</key><string>&nbsp;</string></dict></plist>'],
  ])("refuses %s", (_name, xml) => {
    expect(() => parsePlist(xml)).toThrow();
  });
});

describe("sha256Hex", () => {
  it("matches the FIPS 180-2 vector for abc", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
