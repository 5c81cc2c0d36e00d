import { MESSAGE_MAX } from "../../shared/schemas/leads";

/** The message field is 7 rows, growing to at most 8 (lead-form.css caps it). */
export const MESSAGE_FIELD = { rows: 7, maxLength: MESSAGE_MAX } as const;
