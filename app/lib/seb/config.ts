// Safe Exam Browser configurations: the .seb file (an XML property list) a room
// hands out, and its Config Key, which SEB sends back hashed with each request
// URL so the server can tell that the browser runs this very configuration.
// Web APIs only (crypto.subtle, TextEncoder, btoa/atob): runs in Workers and Node.
import { XMLParser, XMLValidator } from "fast-xml-parser";

/** A plist value as SEB settings use it. Integers are written <integer>, other numbers <real>. */
export type PlistValue = string | number | boolean | Date | Uint8Array | PlistValue[] | PlistDict;
export type PlistDict = { [key: string]: PlistValue };

// ---------------------------------------------------------------- SEB-JSON

/** Metadata only: SEB leaves it out of the Config Key so re-saving a file in another SEB version keeps the key. */
const ORIGINATOR_VERSION = "originatorVersion";

/**
 * SEB's key order: case-insensitive and ordinal (macOS `NSCaseInsensitiveSearch`; Windows sorts with the
 * invariant culture, which agrees on SEB's ASCII keys), so "allowiOSBetaVersionNumber" comes before
 * "allowPDFPlugIn" as in SEB's own log of unencrypted_mac_001. Keys equal but for case put lowercase
 * first ("allowWlan" before "allowWLAN"), as the SEB Config Key spec and Moodle's tests say.
 */
function compareKeys(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  for (let i = 0; i < a.length && i < b.length; i++) {
    if (a[i] !== b[i]) return a[i] > b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

function isDict(value: PlistValue): value is PlistDict {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date) && !(value instanceof Uint8Array)
  );
}

/** The entries that count for the key: no originatorVersion, no dictionary that is (or ends up) empty. */
function jsonEntries(dict: PlistDict): [string, string][] {
  const out: [string, string][] = [];
  for (const key of Object.keys(dict).sort(compareKeys)) {
    if (key === ORIGINATOR_VERSION) continue;
    const value = dict[key];
    if (isDict(value)) {
      const inner = jsonEntries(value);
      if (inner.length === 0) continue;
      out.push([key, jsonObject(inner)]);
    } else {
      out.push([key, jsonValue(value)]);
    }
  }
  return out;
}

function jsonObject(entries: [string, string][]): string {
  return "{" + entries.map(([key, json]) => `"${key}":${json}`).join(",") + "}";
}

function jsonValue(value: PlistValue): string {
  if (typeof value === "string") return `"${value}"`; // raw: SEB hashes the string as is, backslashes and all
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return numberText(value);
  if (value instanceof Date) return `"${isoSecondsUtc(value)}+00:00"`;
  if (value instanceof Uint8Array) return `"${toBase64(value)}"`;
  // Inside arrays SEB (Json.cs, SEBCryptor.m) writes each dictionary, even an empty one.
  if (Array.isArray(value)) return "[" + value.map(jsonValue).join(",") + "]";
  if (isDict(value)) return jsonObject(jsonEntries(value));
  throw new TypeError(`Not a plist value: ${String(value)}`);
}

/** SEB-JSON of a settings dictionary, byte for byte as SEB for Windows (Json.cs) and macOS (SEBCryptor.m) write it. */
export function sebJson(dict: PlistDict): string {
  return jsonObject(jsonEntries(dict));
}

/** The Config Key: lowercase hex SHA-256 of sebJson(dict) as UTF-8. */
export async function configKey(dict: PlistDict): Promise<string> {
  return sha256Hex(sebJson(dict));
}

/** lowercase hex SHA-256 of a UTF-8 string (used for the per-request hashes: url + key). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

// ---------------------------------------------------------------- scalars

function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`A plist number must be finite, not ${n}`);
  // Above 2^53 the decimal would not be the number the caller meant.
  if (Number.isInteger(n) && !Number.isSafeInteger(n)) throw new RangeError(`Integer out of range: ${n}`);
  return Object.is(n, -0) ? "0" : String(n);
}

/**
 * Seconds precision in UTC: all a plist <date> holds. In SEB-JSON Moodle writes it with "+00:00"
 * (PHP's DateTime::format('c'), property_list_test's "1940-10-09T22:13:56+00:00").
 */
function isoSecondsUtc(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError("Invalid date");
  return date.toISOString().slice(0, 19);
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  // Apple wraps and indents <data>; the whitespace is not part of the value.
  const compact = text.replace(/[\t\n\r ]/g, "");
  let binary: string;
  try {
    binary = atob(compact);
  } catch {
    throw new Error("A <data> element does not hold Base64");
  }
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

// ---------------------------------------------------------------- writing XML

const XML_HEADER =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n';

/** Text content escaped; ">" too, so that "]]>" never appears in a value. */
function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function xmlValue(value: PlistValue, indent: string): string {
  const inner = indent + "\t";
  if (typeof value === "string") return `<string>${escapeText(value)}</string>`;
  if (typeof value === "boolean") return value ? "<true/>" : "<false/>";
  if (typeof value === "number") {
    const text = numberText(value);
    return Number.isInteger(value) ? `<integer>${text}</integer>` : `<real>${text}</real>`;
  }
  if (value instanceof Date) return `<date>${isoSecondsUtc(value)}Z</date>`;
  if (value instanceof Uint8Array) return `<data>${toBase64(value)}</data>`;
  if (Array.isArray(value)) {
    if (value.length === 0) return "<array/>";
    return `<array>\n${value.map((v) => inner + xmlValue(v, inner) + "\n").join("")}${indent}</array>`;
  }
  if (isDict(value)) {
    const keys = Object.keys(value);
    if (keys.length === 0) return "<dict/>";
    const body = keys.map((k) => `${inner}<key>${escapeText(k)}</key>\n${inner}${xmlValue(value[k], inner)}\n`).join("");
    return `<dict>\n${body}${indent}</dict>`;
  }
  throw new TypeError(`Not a plist value: ${String(value)}`);
}

/** The XML property list (what a .seb file holds, unencrypted) of a settings dictionary. */
export function plistXml(dict: PlistDict): string {
  return `${XML_HEADER}<plist version="1.0">\n${xmlValue(dict, "")}\n</plist>\n`;
}

// ---------------------------------------------------------------- reading XML

// With preserveOrder a node is { [tag]: children } (plus ":@" for attributes); text is { "#text": ... }.
type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  // A <dict> is an ordered key, value, key, value... sequence: only the ordered tree keeps the pairs.
  preserveOrder: true,
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // Values stay strings, spaces and all: "  a " is a different setting from "a".
  parseTagValue: false,
  trimValues: false,
  // Entities are decoded below, exactly XML's five and character references; CDATA is kept apart so it is not.
  processEntities: false,
  cdataPropName: "#cdata",
});

function tagOf(node: XmlNode): string {
  const tag = Object.keys(node).find((k) => k !== ":@");
  if (tag === undefined) throw new Error("Empty XML node");
  return tag;
}

function childrenOf(node: XmlNode, tag: string): XmlNode[] {
  return node[tag] as XmlNode[];
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  return text.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(";")) throw new Error(`Unescaped "&" in XML text near "${whole}"`);
    if (name in NAMED_ENTITIES) return NAMED_ENTITIES[name];
    const code = /^#x[0-9a-f]+$/i.test(name) ? parseInt(name.slice(2), 16) : /^#[0-9]+$/.test(name) ? parseInt(name.slice(1), 10) : NaN;
    if (Number.isNaN(code) || code > 0x10ffff) throw new Error(`Unknown XML entity ${whole}`);
    return String.fromCodePoint(code);
  });
}

/** The text of an element that may hold only text and CDATA. */
function textContent(node: XmlNode, tag: string): string {
  let text = "";
  for (const child of childrenOf(node, tag)) {
    const childTag = tagOf(child);
    if (childTag === "#text") text += decodeEntities(String(child["#text"]));
    else if (childTag === "#cdata") text += childrenOf(child, "#cdata").map((t) => String(t["#text"])).join("");
    else throw new Error(`<${tag}> holds an element <${childTag}>`);
  }
  return text;
}

/** Element children, with the whitespace between them dropped; any other text is an error. */
function elementChildren(node: XmlNode, tag: string): XmlNode[] {
  const out: XmlNode[] = [];
  for (const child of childrenOf(node, tag)) {
    const childTag = tagOf(child);
    if (childTag === "#text") {
      if (String(child["#text"]).trim() !== "") throw new Error(`Stray text in <${tag}>: "${String(child["#text"]).trim()}"`);
    } else if (childTag === "#cdata") {
      throw new Error(`Stray CDATA in <${tag}>`);
    } else {
      out.push(child);
    }
  }
  return out;
}

function readValue(node: XmlNode): PlistValue {
  const tag = tagOf(node);
  switch (tag) {
    case "dict": {
      const items = elementChildren(node, tag);
      if (items.length % 2 !== 0) throw new Error("A <dict> has a <key> without a value");
      const dict: PlistDict = {};
      for (let i = 0; i < items.length; i += 2) {
        if (tagOf(items[i]) !== "key") throw new Error(`A <dict> holds <${tagOf(items[i])}> where a <key> belongs`);
        const key = textContent(items[i], "key");
        if (Object.hasOwn(dict, key)) throw new Error(`Duplicate key "${key}" in a <dict>`);
        // defineProperty: a key named "__proto__" is a setting name like any other, not the prototype.
        Object.defineProperty(dict, key, { value: readValue(items[i + 1]), enumerable: true, writable: true, configurable: true });
      }
      return dict;
    }
    case "array":
      return elementChildren(node, tag).map(readValue);
    case "string":
      return textContent(node, tag);
    case "integer": {
      const text = textContent(node, tag).trim();
      if (!/^[+-]?\d+$/.test(text)) throw new Error(`Not an integer: <integer>${text}</integer>`);
      const n = Number(text);
      if (!Number.isSafeInteger(n)) throw new Error(`Integer out of range: ${text}`);
      return n;
    }
    case "real": {
      const text = textContent(node, tag).trim();
      const n = Number(text);
      if (text === "" || !Number.isFinite(n)) throw new Error(`Not a real number: <real>${text}</real>`);
      return n;
    }
    case "true":
    case "false":
      if (elementChildren(node, tag).length > 0) throw new Error(`<${tag}/> must be empty`);
      return tag === "true";
    case "data":
      return fromBase64(textContent(node, tag));
    case "date": {
      const text = textContent(node, tag).trim();
      if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(text)) throw new Error(`Not a plist date: <date>${text}</date>`);
      const date = new Date(text);
      if (Number.isNaN(date.getTime())) throw new Error(`Not a plist date: <date>${text}</date>`);
      return date;
    }
    default:
      throw new Error(`Not a plist element: <${tag}>`);
  }
}

/** Parses an unencrypted .seb / XML plist into a dictionary (dict, array, string, integer, real, true, false, data, date). Throws on anything else. */
export function parsePlist(xml: string): PlistDict {
  // The parser itself is lenient (unclosed tags pass); a .seb file that is not well-formed is refused outright.
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`Not a property list: line ${valid.err.line}: ${valid.err.msg}`);
  const roots = (parser.parse(xml) as XmlNode[]).filter(
    (n) => tagOf(n) !== "#text" || String(n["#text"]).trim() !== "",
  );
  if (roots.length !== 1 || tagOf(roots[0]) !== "plist") throw new Error("Not a property list: no single <plist> root");
  const top = elementChildren(roots[0], "plist");
  if (top.length !== 1 || tagOf(top[0]) !== "dict") throw new Error("Not a SEB configuration: the <plist> must hold one <dict>");
  return readValue(top[0]) as PlistDict;
}

// ---------------------------------------------------------------- a room's settings

/** SEB's values for the settings below (SEB for Windows' DataValues.cs, the SEB config tool). */
const URL_FILTER_ALLOW = 1;
const NEW_WINDOW_BLOCKED = 0;
const VIEW_MODE_WINDOW = 0;
const PURPOSE_START_EXAM = 0;

/** The settings of one room's SEB configuration. */
export function roomSebSettings(input: { startUrl: string; quitUrl: string; origin: string }): PlistDict {
  // SEB's filter expressions are host[:port]/path with "*" wildcards; the scheme may be left out.
  const site = new URL(input.origin).host + "/*";
  return {
    originatorVersion: "ProctorEdge",
    sebConfigPurpose: PURPOSE_START_EXAM,
    startURL: input.startUrl,
    quitURL: input.quitUrl,
    // Finishing the test is already confirmed in the page; a second SEB prompt would only confuse.
    quitURLConfirm: false,
    // The server checks the Config Key hash header on every request.
    sendBrowserExamKey: true,
    allowQuit: true,
    hashedQuitPassword: "",
    allowPreferencesWindow: false,

    // Only this site may be opened; the content filter stays off so the page's own subresources are not checked one by one.
    URLFilterEnable: true,
    URLFilterEnableContentFilter: false,
    URLFilterRules: [{ active: true, regex: false, action: URL_FILTER_ALLOW, expression: site }],
    newBrowserWindowByLinkPolicy: NEW_WINDOW_BLOCKED,
    newBrowserWindowByScriptPolicy: NEW_WINDOW_BLOCKED,

    browserViewMode: VIEW_MODE_WINDOW,
    browserWindowAllowReload: true,
    showReloadButton: true,
    showTaskBar: true,
    taskBarHeight: 40,
    enableJavaScript: true,
    enableZoomPage: true,
    enableZoomText: true,
    // A fresh session per attempt: no login left over from the previous student on a shared machine.
    examSessionClearCookiesOnStart: true,
    examSessionClearSessionCookies: true,

    allowScreenSharing: false,
    enablePrintScreen: false,
    allowVideoCapture: false,
    allowAudioCapture: false,
    enablePrivateClipboard: true,
    allowSpellCheck: false,
    allowDictionaryLookup: false,
    allowDownUploads: false,
    allowDisplayMirroring: false,
    allowedDisplaysMaxNumber: 1,
    allowVirtualMachine: false,
    enableAppSwitcherCheck: true,
    forceAppFolderInstall: true,
    detectStoppedProcess: true,
  };
}
