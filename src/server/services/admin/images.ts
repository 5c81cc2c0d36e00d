/** A back-office picture: content-checked and re-encoded (src/server/uploads/image.ts), stored as banner and card. */
import { randomBytes } from "node:crypto";
import type { FileStorage } from "../../storage";
import { eventPictures } from "../../uploads/image";

export async function storeAdminImage(storage: FileStorage, bytes: Uint8Array) {
  const pictures = await eventPictures(bytes);
  // An unguessable name per upload: stored files are cached for good, so a new picture never reuses a name.
  const name = `catalogue/${randomBytes(10).toString("hex")}`;
  const imagePath = await storage.put(`${name}.webp`, pictures.banner);
  const cardImagePath = await storage.put(`${name}-card.webp`, pictures.card);
  return { imagePath, cardImagePath, width: pictures.width, height: pictures.height };
}
