/**
 * A .xlsx is a zip archive. Before a spreadsheet library inflates it, every entry is inflated here once with a
 * hard output limit (zlib's maxOutputLength), so a "zip bomb" (a few kB that inflate to gigabytes, or an archive
 * that lies about its sizes) is refused after at most `budget` bytes of work. The declared sizes are not trusted.
 */
import { inflateRawSync } from "node:zlib";

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 500;

export class ZipRefused extends Error {}

/** Throws ZipRefused unless the archive is readable and inflates to at most `budget` bytes in all. */
export function checkZip(bytes: Buffer, budget: number): void {
  const view = (offset: number) => {
    if (offset < 0 || offset + 4 > bytes.length) throw new ZipRefused("outside the archive");
    return bytes.readUInt32LE(offset);
  };
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at -= 1) {
    if (bytes.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new ZipRefused("no central directory");
  const count = bytes.readUInt16LE(eocd + 10);
  let entry = bytes.readUInt32LE(eocd + 16);
  if (count === 0 || count > MAX_ENTRIES) throw new ZipRefused("entry count");
  let left = budget;
  for (let index = 0; index < count; index += 1) {
    if (view(entry) !== CENTRAL) throw new ZipRefused("central entry");
    const method = bytes.readUInt16LE(entry + 10);
    const compressedSize = bytes.readUInt32LE(entry + 20);
    const nameLength = bytes.readUInt16LE(entry + 28);
    const extraLength = bytes.readUInt16LE(entry + 30);
    const commentLength = bytes.readUInt16LE(entry + 32);
    const localAt = bytes.readUInt32LE(entry + 42);
    if (view(localAt) !== LOCAL) throw new ZipRefused("local entry");
    const dataAt = localAt + 30 + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    if (dataAt + compressedSize > bytes.length) throw new ZipRefused("entry outside the archive");
    const data = bytes.subarray(dataAt, dataAt + compressedSize);
    if (method === 0) {
      left -= data.length;
    } else if (method === 8) {
      try {
        left -= inflateRawSync(data, { maxOutputLength: Math.max(1, left) }).length;
      } catch {
        throw new ZipRefused("inflates past the limit or is corrupt");
      }
    } else {
      throw new ZipRefused("compression method");
    }
    if (left < 0) throw new ZipRefused("inflates past the limit");
    entry += 46 + nameLength + extraLength + commentLength;
  }
}
