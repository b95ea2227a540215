// Where each entry of a zip keeps its bytes, read from the central directory.
// fflate's unzipSync reads the same directory but does not say, and a zip bomb
// is exactly that: many directory entries pointing at one stored file (120 ×
// 2 MB from a 2.1 MB zip). Only the fields needed for that are read, the way
// fflate 0.8 reads them (the end record searched from the end, zip64 values
// when marked), so that both see the same entries. Layouts: APPNOTE.TXT 4.3.
import { strFromU8 } from "fflate";

/** One entry: from its local header to the end of its (compressed) data. */
export type ZipEntrySpan = { name: string; start: number; end: number };

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_END = 0x06064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const UNKNOWN = 0xffffffff; // "see the zip64 extra field"

/** Each entry's span, in directory order. Throws an Error (with a short reason) when the directory cannot be read. */
export function zipEntrySpans(zip: Uint8Array): ZipEntrySpan[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  // Reads past the end throw a RangeError, which the caller reports as an unreadable zip.
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => u32(at) + u32(at + 4) * 2 ** 32;

  // The end record is the last 22 bytes plus a comment of up to 65,535.
  let end = zip.length - 22;
  while (end >= 0 && u32(end) !== END_OF_DIRECTORY) {
    if (zip.length - end > 65_558) end = -1;
    else end--;
  }
  if (end < 0) throw new Error("no central directory");
  let count = u16(end + 8);
  let at = u32(end + 16);
  if (end >= 20 && u32(end - 20) === ZIP64_LOCATOR) {
    const z64 = u64(end - 12);
    if (z64 + 56 <= zip.length && u32(z64) === ZIP64_END) {
      count = u64(z64 + 32);
      at = u64(z64 + 48);
    }
  }

  const spans: ZipEntrySpan[] = [];
  // Each entry takes at least 46 bytes, so a lying count ends at the file's end.
  for (let k = 0; k < count; k++) {
    if (u32(at) !== DIRECTORY_ENTRY) throw new Error(`central directory entry ${k + 1} is damaged`);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const name = strFromU8(zip.subarray(at + 46, at + 46 + nameLength), !(u16(at + 8) & 0x800));
    let compressed = u32(at + 20);
    let local = u32(at + 42);
    if (compressed === UNKNOWN || local === UNKNOWN) {
      // Zip64 extra field (id 1): original size, compressed size, local offset, each only when marked.
      const original = u32(at + 24) === UNKNOWN;
      for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; x += 4 + u16(x + 2)) {
        if (u16(x) !== 1) continue;
        let field = x + 4 + (original ? 8 : 0);
        if (compressed === UNKNOWN) {
          compressed = u64(field);
          field += 8;
        }
        if (local === UNKNOWN) local = u64(field);
        break;
      }
    }
    if (u32(local) !== LOCAL_HEADER) throw new Error(`${name} has no local header`);
    const dataStart = local + 30 + u16(local + 26) + u16(local + 28);
    spans.push({ name, start: local, end: dataStart + compressed });
    at += 46 + nameLength + extraLength + u16(at + 32);
  }
  return spans;
}

/** The first two entries whose spans share bytes, or null. */
export function overlappingEntries(spans: ZipEntrySpan[]): [ZipEntrySpan, ZipEntrySpan] | null {
  const sorted = [...spans].sort((a, b) => a.start - b.start);
  let reach: ZipEntrySpan | null = null; // the entry reaching furthest so far
  for (const span of sorted) {
    if (reach && span.start < reach.end) return [reach, span];
    if (!reach || span.end > reach.end) reach = span;
  }
  return null;
}
