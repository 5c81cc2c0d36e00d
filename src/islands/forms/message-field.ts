import { MESSAGE_MAX } from "../../shared/schemas/leads";

/** Storefront spec section 5: the message field is 7 rows, growing to at most 8 (lead-form.css caps it). */
export const MESSAGE_FIELD = { rows: 7, maxLength: MESSAGE_MAX } as const;
