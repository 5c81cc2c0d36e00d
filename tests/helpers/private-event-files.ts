/** Files the private-event tests upload: guest lists made with SheetJS, pictures made with sharp, and hostile ones. */
import { crc32, deflateRawSync } from "node:zlib";
import { utils as xlsUtils, write as writeXls } from "@e965/xlsx";
import sharp from "sharp";

/** The list as an Excel workbook (.xlsx, compressed as spreadsheet programs save it). */
export async function guestListXlsx(rows: (string | number)[][], header: string[] = ["name", "email", "phone"]): Promise<Buffer> {
  const workbook = xlsUtils.book_new();
  xlsUtils.book_append_sheet(workbook, xlsUtils.aoa_to_sheet([header, ...rows]), "Invitados");
  return writeXls(workbook, { bookType: "xlsx", type: "buffer", compression: true }) as Buffer;
}

/** The same list as an Excel 97–2003 workbook (.xls, BIFF8), the format older spreadsheet programs still save. */
export function guestListXls(rows: (string | number)[][], header: string[] = ["name", "email", "phone"]): Buffer {
  const workbook = xlsUtils.book_new();
  xlsUtils.book_append_sheet(workbook, xlsUtils.aoa_to_sheet([header, ...rows]), "Invitados");
  return writeXls(workbook, { bookType: "xls", type: "buffer" }) as Buffer;
}

export async function photoPng(width = 1600, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 194, g: 65, b: 12 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: "secret-gps-owner" } } })
    .toBuffer();
}

/** A valid 1x1 PNG whose header claims width x height: a "decompression bomb" of a few bytes. */
export async function pixelBombPng(width = 60_000, height = 60_000): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } }).png().toBuffer());
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC covers type + data (bytes 12..29).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

export interface ZipEntry {
  name: string;
  /** What the entry inflates to. */
  data: Buffer;
  /** The inflated size the archive declares (default: the true one). */
  declared?: number;
  /** The entry's stored bytes (default: `data` deflated). */
  raw?: Buffer;
}

/** A zip archive of deflated entries whose declared sizes and bytes a test may falsify. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = entry.raw ?? deflateRawSync(entry.data);
    const declared = entry.declared ?? entry.data.length;
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(entry.data), 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(entry.data), 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += 30 + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip whose one entry inflates to `inflated` bytes of zeros (a few hundred kB on the wire) and says 100. */
export function zipBomb(inflated = 120 * 1024 * 1024): Buffer {
  return zip([{ name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(0), raw: deflateRawSync(Buffer.alloc(inflated), { level: 9 }), declared: 100 }]);
}

/**
 * A real workbook whose sheet is padded to inflate to about `inflated` bytes, with its sizes declared truthfully:
 * the upload a person could make by pasting a huge block into a cell.
 */
export function paddedWorkbook(inflated = 39 * 1024 * 1024): Buffer {
  const workbook = xlsUtils.book_new();
  const filler = "x".repeat(32_000);
  const rows: string[][] = [["name", "email", "phone"]];
  for (let size = 0; size < inflated; size += filler.length + 40) rows.push([filler, "ana@example.com", "3001234567"]);
  xlsUtils.book_append_sheet(workbook, xlsUtils.aoa_to_sheet(rows), "Invitados");
  return writeXls(workbook, { bookType: "xlsx", type: "buffer", compression: true }) as Buffer;
}

/**
 * A list of `rows` honest guests with one more cell in the sheet's last column (XFD1, column 16,384), its dimension
 * declaring A1:XFD: a file of a few dozen kB whose sheet spans 16,384 columns, which a reader that fills every
 * declared cell pays for in gigabytes. Written as a spreadsheet program writes it (the library's own writer would
 * itself walk every declared cell).
 */
export function farColumnList(rows: number): Buffer {
  const text = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
  const lines = [`<row r="1">${text("A1", "name")}${text("B1", "email")}${text("C1", "phone")}${text("XFD1", "x")}</row>`];
  for (let i = 0; i < rows; i += 1) {
    const r = i + 2;
    lines.push(`<row r="${r}">${text(`A${r}`, `Invitado ${i}`)}${text(`B${r}`, `g${i}@example.com`)}${text(`C${r}`, "3001234567")}</row>`);
  }
  const sheet = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD${rows + 1}"/><sheetData>${lines.join("")}</sheetData></worksheet>`;
  const part = (name: string, xml: string) => ({ name, data: Buffer.from(xml) });
  return zip([
    part(
      "[Content_Types].xml",
      `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    part("_rels/.rels", `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    part(
      "xl/workbook.xml",
      `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Invitados" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    part(
      "xl/_rels/workbook.xml.rels",
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    part("xl/worksheets/sheet1.xml", sheet),
  ]);
}

/**
 * An Excel 97–2003 (.xls) list of a few guests whose sheet declares the format's whole grid (A1:IV65536, 16 million
 * cells): the old format is not zipped, so nothing but its reader stands between the declared range and the memory.
 */
export function xlsDeclaringWholeGrid(rows = 3): Buffer {
  const bytes = guestListXls(Array.from({ length: rows }, (_, i) => [`Invitado ${i}`, `g${i}@example.com`, "3001234567"]));
  // The sheet's DIMENSIONS record (type 0x0200, 14 bytes): first row, last row + 1, first column, last column + 1.
  const at = bytes.indexOf(Buffer.from([0x00, 0x02, 0x0e, 0x00]));
  if (at < 0) throw new Error("no DIMENSIONS record");
  bytes.writeUInt32LE(65536, at + 8);
  bytes.writeUInt16LE(256, at + 14);
  return bytes;
}
