/**
 * An event picture as people upload it, made safe to serve: recognised by its content (magic bytes, never the
 * name or the declared type), refused when its header declares more pixels than MAX_IMAGE_PIXELS (a tiny file
 * can declare a huge canvas), decoded and re-encoded with sharp to the catalogue's banner and card sizes as
 * WebP. Re-encoding drops every metadata block (EXIF with GPS, ICC, XMP) and anything hidden after the image.
 */
import sharp from "sharp";
import { ShopError } from "../../shared/domain/shop-error";
import { BANNER_SIZE, CARD_SIZE, MAX_IMAGE_PIXELS } from "./limits";

export type ImageKind = "jpeg" | "png" | "gif" | "webp" | "avif";

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));

/** The image format the bytes start with, or undefined (SVG, PDF, HTML and executables are not images here). */
export function sniffImage(bytes: Uint8Array): ImageKind | undefined {
  if (bytes.length < 12) return undefined;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if ([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((byte, i) => bytes[i] === byte)) return "png";
  if (ascii(bytes, 0, 6) === "GIF87a" || ascii(bytes, 0, 6) === "GIF89a") return "gif";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  if (ascii(bytes, 4, 8) === "ftyp" && ["avif", "avis"].includes(ascii(bytes, 8, 12))) return "avif";
  return undefined;
}

export interface EventPictures {
  banner: Buffer;
  card: Buffer;
  width: number;
  height: number;
}

/** The banner and card WebP of an uploaded picture; refuses `image_unreadable` or `image_too_many_pixels`. */
export async function eventPictures(bytes: Uint8Array): Promise<EventPictures> {
  const kind = sniffImage(bytes);
  if (!kind) throw new ShopError("image_unreadable", { file: "errors.image_unreadable" });
  const open = () => sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error", animated: false, sequentialRead: true });
  let width: number;
  let height: number;
  try {
    const meta = await open().metadata();
    width = meta.autoOrient?.width ?? meta.width ?? 0;
    height = meta.autoOrient?.height ?? meta.height ?? 0;
    if (meta.format && !String(meta.format).startsWith(kind === "avif" ? "heif" : kind)) throw new ShopError("image_unreadable");
  } catch (error) {
    throw refusal(error);
  }
  if (width * height > MAX_IMAGE_PIXELS) throw new ShopError("image_too_many_pixels", { file: "errors.image_too_many_pixels" });
  try {
    const banner = await open().rotate().resize({ ...BANNER_SIZE, fit: "cover", position: "attention" }).webp({ quality: 82 }).toBuffer();
    const card = await open().rotate().resize({ ...CARD_SIZE, fit: "cover", position: "attention" }).webp({ quality: 80 }).toBuffer();
    return { banner, card, width, height };
  } catch (error) {
    throw refusal(error);
  }
}

function refusal(error: unknown): ShopError {
  if (error instanceof ShopError) return new ShopError(error.code, { file: `errors.${error.code}` });
  const pixels = error instanceof Error && /pixel limit/i.test(error.message);
  const code = pixels ? "image_too_many_pixels" : "image_unreadable";
  return new ShopError(code, { file: `errors.${code}` });
}
