/**
 * The QR reader (html5-qrcode, bundled: no CDN, no eval), loaded only when the camera starts or a photo is
 * read, so the staff area's first load does not carry its decoder (370 kB, 107 kB gzipped).
 */
import type { Html5Qrcode } from "html5-qrcode";

/** The camera is read at most once every 300 ms (decoding every video frame would keep the phone busy for nothing). */
export const SCANNER_DELAY_MS = 300;

export async function createReader(elementId: string): Promise<Html5Qrcode> {
  const { Html5Qrcode, Html5QrcodeSupportedFormats } = await import("html5-qrcode");
  return new Html5Qrcode(elementId, { verbose: false, formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE] });
}

/**
 * The decoder misses about one sharp, perfectly square code in six at a given size (its finder-pattern search
 * trips on some module patterns) and finds the same code at another size: a photo is tried at three sizes.
 */
const PHOTO_SCALES = [1, 0.75, 0.5];

async function scaled(file: File, factor: number): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(bitmap.width * factor));
  canvas.height = Math.max(1, Math.round(bitmap.height * factor));
  canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/png"));
  return new File(blob ? [blob] : [], file.name, { type: "image/png" });
}

/** The text of the QR code in a photo, or null when none can be read. */
export async function readPhoto(elementId: string, file: File): Promise<string | null> {
  const reader = await createReader(elementId);
  try {
    for (const factor of PHOTO_SCALES) {
      try {
        return await reader.scanFile(factor === 1 ? file : await scaled(file, factor), false);
      } catch {
        // Not found at this size: try the next one.
      }
    }
    return null;
  } finally {
    reader.clear();
  }
}
