/** Files the private-event tests upload: guest lists made with exceljs, pictures made with sharp, and hostile ones. */
import { crc32, deflateRawSync } from "node:zlib";
import { utils as xlsUtils, write as writeXls } from "@e965/xlsx";
import ExcelJS from "exceljs";
import sharp from "sharp";

export async function guestListXlsx(rows: (string | number)[][], header: string[] = ["name", "email", "phone"]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Invitados");
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
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

/** A zip whose one entry inflates to `inflated` bytes of zeros (a few hundred kB on the wire). */
export function zipBomb(inflated = 120 * 1024 * 1024): Buffer {
  const data = deflateRawSync(Buffer.alloc(inflated), { level: 9 });
  const name = Buffer.from("xl/worksheets/sheet1.xml");
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(100, 22); // lies about the inflated size
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(100, 24);
  central.writeUInt16LE(name.length, 28);
  central.writeUInt32LE(0, 42);
  const centralAt = 30 + name.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(46 + name.length, 12);
  end.writeUInt32LE(centralAt, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}
