/** POST /shop-api/admin/images: the stored picture's banner (1200x600) and card (600x400) paths. */
import * as z from "zod/mini";

export const uploadedImageSchema = z.object({ imagePath: z.string(), cardImagePath: z.string(), width: z.number(), height: z.number() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
