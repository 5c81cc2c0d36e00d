/**
 * The shop's fiscal documents: an `invoice` for each paid order (numbered per country), a `credit_note` for each
 * refund of an invoiced order, pointing at its invoice (migration 0035 issues both).
 */
export const INVOICE_KIND = { invoice: "invoice", credit_note: "credit_note" } as const;
export const INVOICE_KINDS = [INVOICE_KIND.invoice, INVOICE_KIND.credit_note] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
