/**
 * Raster versions of the hand-drawn brand SVGs in public/: favicon.ico (PNG-in-ICO, 32 and 48 px) and the
 * 180 px apple-touch icon. Run once after changing public/favicon.svg: `npx tsx scripts/assets/make-brand-icons.ts`.
 */
import { readFileSync, writeFileSync } from "node:fs";
import sharp from "sharp";

const svg = readFileSync("public/favicon.svg");
const png = (size: number) => sharp(svg, { density: 384 }).resize(size, size).png().toBuffer();

/** An ICO file may hold PNG images directly (every current browser reads them). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.data)]);
}

const sizes = [32, 48];
writeFileSync("public/favicon.ico", ico(await Promise.all(sizes.map(async (size) => ({ size, data: await png(size) })))));
writeFileSync("public/apple-touch-icon.png", await png(180));
await sharp(readFileSync("public/brand/logo.svg"), { density: 300 }).png().toFile(".tmp/logo-preview.png");
await sharp(readFileSync("public/brand/logo-white.svg"), { density: 300 }).flatten({ background: "#c2410c" }).png().toFile(".tmp/logo-white-preview.png");
console.log("favicon.ico, apple-touch-icon.png written");
