/**
 * An invoice or credit note as a PDF (pdfkit, its built-in Helvetica: Latin text with accents, no font files to
 * ship). Pure: it draws what `invoiceDocument` gathered, so tests can render one uncompressed and read it back.
 */
import PDFDocument from "pdfkit";
import { translate, type MessageKey, type Params } from "../../../shared/i18n";
import { formatPrice } from "../../../shared/format/money";
import type { Locale } from "../../../shared/locales";
import type { InvoiceKind } from "../../../shared/domain/invoices";

export interface InvoiceLine {
  description: string;
  /** Tax-inclusive, minor units. */
  price: number;
  /** What a discount took off the line, minor units (0: none). */
  discount: number;
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  /** "CO-F-00000012", "CO-NC-00000003". */
  number: string;
  /** The invoice a credit note corrects. */
  corrects: string | null;
  issuedAt: string;
  locale: Locale;
  currency: string;
  seller: { name: string; taxId: string; address: string };
  buyer: { name: string; email: string; document: string | null; documentLabel: string };
  orderId: number;
  eventName: string;
  lines: InvoiceLine[];
  /** Tax-inclusive total, the tax in it and its rate in basis points. */
  total: number;
  tax: number;
  taxRate: number;
  /** The tax's name in the selling country (IVA, IGV). */
  taxName: string;
  /** Why a credit note gives money back, in the buyer's language. */
  reason: string | null;
}

/** Renders the document; `compress: false` writes its text streams readable (tests read them back). */
export function renderInvoicePdf(doc: InvoiceDocument, options: { compress?: boolean } = {}): Promise<Buffer> {
  const t = (key: MessageKey, params?: Params) => translate(doc.locale, key, params);
  const money = (minor: number) => formatPrice(minor, doc.currency, doc.locale);
  const pdf = new PDFDocument({ size: "A4", margin: 50, compress: options.compress ?? true, info: { Title: `${doc.number}`, Author: doc.seller.name } });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => pdf.on("end", () => resolve(Buffer.concat(chunks))));

  pdf.font("Helvetica-Bold").fontSize(18).text(t(doc.kind === "invoice" ? "invoice.title" : "invoice.credit_title"));
  pdf.font("Helvetica").fontSize(11).text(`${t("invoice.number")}: ${doc.number}`);
  if (doc.corrects) pdf.text(`${t("invoice.corrects")}: ${doc.corrects}`);
  pdf.text(`${t("invoice.issued")}: ${doc.issuedAt}`);
  pdf.text(`${t("invoice.order")}: ${doc.orderId}`);
  pdf.moveDown();
  pdf.font("Helvetica-Bold").text(t("invoice.seller"));
  pdf.font("Helvetica").text(doc.seller.name).text(doc.seller.taxId).text(doc.seller.address);
  pdf.moveDown();
  pdf.font("Helvetica-Bold").text(t("invoice.buyer"));
  pdf.font("Helvetica").text(doc.buyer.name).text(doc.buyer.email);
  if (doc.buyer.document) pdf.text(`${doc.buyer.documentLabel}: ${doc.buyer.document}`);
  pdf.moveDown();
  if (doc.reason) pdf.text(`${t("invoice.reason")}: ${doc.reason}`).moveDown();
  pdf.font("Helvetica-Bold").text(doc.eventName);
  pdf.font("Helvetica");
  for (const line of doc.lines) {
    pdf.text(`${line.description}: ${money(line.price)}`);
    if (line.discount) pdf.text(`  ${t("invoice.discount")}: -${money(line.discount)}`);
  }
  pdf.moveDown();
  const discount = doc.lines.reduce((sum, line) => sum + line.discount, 0);
  if (discount) pdf.text(`${t("invoice.discounts")}: -${money(discount)}`);
  pdf.text(`${t("invoice.net")}: ${money(doc.total - doc.tax)}`);
  pdf.text(`${t("invoice.tax", { name: doc.taxName, rate: (doc.taxRate / 100).toLocaleString("en-US") })}: ${money(doc.tax)}`);
  pdf.font("Helvetica-Bold").text(`${t("invoice.total")}: ${money(doc.total)}`);
  pdf.end();
  return done;
}
