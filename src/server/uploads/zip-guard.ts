/**
 * A .xlsx is a zip archive. Before the spreadsheet library inflates it, the archive is checked here:
 *  1. from the central directory alone (nothing inflated yet): at most `MAX_ENTRIES` entries, every entry's
 *     declared inflated size known (no ZIP64 escape), and all of them together at most `budget` bytes;
 *  2. then each entry is inflated as a stream whose chunks are counted and dropped, and refused the moment it
 *     gives more than it declared (an archive that lies about its sizes).
 * So a "zip bomb" costs at most `budget` bytes of inflating work and a few zlib chunks of memory, and one that
 * declares its size is refused before any work at all.
 */
import { createInflateRaw } from "node:zlib";

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
/** A workbook holds a few dozen parts (sheets, styles, shared strings, relations); 500 is far past any real one. */
export const MAX_ENTRIES = 500;

export type ZipRefusal = "unreadable" | "entry_count" | "declared_size" | "inflated_size" | "method";

export class ZipRefused extends Error {
  constructor(readonly reason: ZipRefusal, detail: string) {
    super(`${reason}: ${detail}`);
  }
}

interface Entry {
  method: number;
  data: Buffer;
  declared: number;
}

/** The archive's entries as its central directory declares them; throws ZipRefused before inflating anything. */
export function declaredEntries(bytes: Buffer, budget: number): Entry[] {
  const word = (offset: number) => {
    if (offset < 0 || offset + 4 > bytes.length) throw new ZipRefused("unreadable", "outside the archive");
    return bytes.readUInt32LE(offset);
  };
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ZipRefused("unreadable", "no central directory");
  const count = bytes.readUInt16LE(eocd + 10);
  if (count === 0 || count > MAX_ENTRIES) throw new ZipRefused("entry_count", String(count));
  let at = bytes.readUInt32LE(eocd + 16);
  const entries: Entry[] = [];
  let declaredTotal = 0;
  for (let index = 0; index < count; index += 1) {
    if (word(at) !== CENTRAL) throw new ZipRefused("unreadable", "central entry");
    if (at + 46 > bytes.length) throw new ZipRefused("unreadable", "central entry");
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const declared = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localAt = bytes.readUInt32LE(at + 42);
    // 0xffffffff sends the reader to a ZIP64 record: no sheet of guests needs one, so it is refused as too big.
    declaredTotal += declared;
    if (declared === 0xffffffff || declaredTotal > budget) throw new ZipRefused("declared_size", String(declaredTotal));
    if (method !== 0 && method !== 8) throw new ZipRefused("method", String(method));
    if (word(localAt) !== LOCAL || localAt + 30 > bytes.length) throw new ZipRefused("unreadable", "local entry");
    const dataAt = localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    if (dataAt + compressedSize > bytes.length) throw new ZipRefused("unreadable", "entry outside the archive");
    if (method === 0 && compressedSize !== declared) throw new ZipRefused("inflated_size", "stored entry");
    entries.push({ method, data: bytes.subarray(dataAt, dataAt + compressedSize), declared });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** Inflates one entry as a stream, keeping nothing; refuses it as soon as it gives more than it declared. */
function inflateCounting(entry: Entry): Promise<void> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    let given = 0;
    inflate.on("data", (chunk: Buffer) => {
      given += chunk.length;
      if (given > entry.declared) {
        inflate.destroy();
        reject(new ZipRefused("inflated_size", `more than the ${entry.declared} bytes declared`));
      }
    });
    inflate.on("error", () => reject(new ZipRefused("unreadable", "corrupt entry")));
    inflate.on("end", () => resolve());
    inflate.end(entry.data);
  });
}

/** Resolves when the archive is readable and inflates to at most `budget` bytes in all, else rejects with ZipRefused. */
export async function checkZip(bytes: Buffer, budget: number): Promise<void> {
  for (const entry of declaredEntries(bytes, budget)) {
    if (entry.method === 8) await inflateCounting(entry);
  }
}
