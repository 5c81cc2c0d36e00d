/**
 * Invoices and credit notes as PDFs: the buyer's own (bearer) under /orders/{id}, staff's under /staff/orders/{id}
 * (mounted behind the staff check by staff.routes.ts).
 */
import { Hono, type Context } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { creditNotePdf, orderInvoicePdf } from "../../services/invoices/invoices";
import { documented } from "../contract";

const ownInvoice = documented("GET /shop-api/orders/:id/invoice");
const ownCreditNote = documented("GET /shop-api/orders/:id/credit-notes/:refundId");
const staffInvoice = documented("GET /shop-api/staff/orders/:id/invoice");
const staffCreditNote = documented("GET /shop-api/staff/orders/:id/credit-notes/:refundId");

function pdfAnswer(c: Context, file: { fileName: string; pdf: Buffer }) {
  return c.body(new Uint8Array(file.pdf), 200, {
    "content-type": "application/pdf",
    "content-disposition": `attachment; filename="${file.fileName}"`,
    "cache-control": "private, no-store",
  });
}

export const invoiceRoutes = new Hono<AuthEnv>();

invoiceRoutes.get("/orders/:id/invoice", ownInvoice.describe, requireCaller, async (c) =>
  pdfAnswer(c, await orderInvoicePdf(c.get("deps"), ownInvoice.params(c).id, callerOf(c).id)),
);

invoiceRoutes.get("/orders/:id/credit-notes/:refundId", ownCreditNote.describe, requireCaller, async (c) =>
  pdfAnswer(c, await creditNotePdf(c.get("deps"), ownCreditNote.params(c).id, ownCreditNote.params(c).refundId, callerOf(c).id)),
);

/** Staff's copies; the staff check is the router's that mounts this one. */
export const staffInvoiceRoutes = new Hono<AuthEnv>();

staffInvoiceRoutes.get("/orders/:id/invoice", staffInvoice.describe, async (c) => pdfAnswer(c, await orderInvoicePdf(c.get("deps"), staffInvoice.params(c).id, null)));

staffInvoiceRoutes.get("/orders/:id/credit-notes/:refundId", staffCreditNote.describe, async (c) =>
  pdfAnswer(c, await creditNotePdf(c.get("deps"), staffCreditNote.params(c).id, staffCreditNote.params(c).refundId, null)),
);
