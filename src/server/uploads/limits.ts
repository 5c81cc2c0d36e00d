/** What an upload may weigh and hold (decisions.md "Private events: uploads"). The byte limits are the contract's. */
import { IMAGE_UPLOAD, SHEET_UPLOAD } from "../../shared/api/route-spec";

export const MAX_IMAGE_BYTES = IMAGE_UPLOAD.maxBytes;
/** About 40 megapixels: any real photo fits; a few-kB "decompression bomb" declaring 50,000 x 50,000 does not. */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const MAX_SHEET_BYTES = SHEET_UPLOAD.maxBytes;
export const MAX_GUESTS = 2_000;
/**
 * Everything a .xlsx may inflate to: its sheets are XML, and a list of 2,000 guests with long names and addresses
 * inflates to about 0.5 MB. The spreadsheet library takes several times this in memory while it reads.
 */
export const MAX_SHEET_INFLATED_BYTES = 8 * 1024 * 1024;
/**
 * What a guest list is read to, whatever its sheet declares: the rows of the longest list plus some blank and
 * heading lines, and the columns A to Z (the template's four, name, email, phone and seats, may stand anywhere
 * among columns of the host's own). Cells further down or right are never read.
 */
export const MAX_SHEET_ROWS = MAX_GUESTS + 50;
export const MAX_SHEET_COLUMNS = 26;
/**
 * The reading thread's heap cap and each list's deadline. A list of 2,000 guests takes at most about 20 MB and 0.6 s (an .xls of long names); a
 * file past either is refused (`guest_list_too_complex`, naming both), and the shop's own memory and event loop
 * never carry the work.
 */
export const SHEET_READ_MEMORY_MB = 40;
export const SHEET_READ_SECONDS = 3;
/** The multipart body around a file: the form's boundary and headers. */
export const MULTIPART_OVERHEAD = 16 * 1024;

/** The catalogue's picture sizes (scripts/generate-demo-images.ts): banner 1200x600, card 600x400. */
export const BANNER_SIZE = { width: 1200, height: 600 } as const;
export const CARD_SIZE = { width: 600, height: 400 } as const;
