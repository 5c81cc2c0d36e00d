/**
 * Invoices and credit notes. The database numbers them (migration 0035: one counter row per country bumped in the
 * transaction that pays the order or writes the refund, so the sequence has no gaps); this module fixes the tax
 * rate of a document from the settings the first time it is read, gathers what it shows and renders its PDF.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { INVOICE_KIND, type InvoiceKind } from "../../../shared/domain/invoices";
import { COUNTRY_FACTS, documentTypeLabel } from "../../../shared/domain/countries";
import { sellerOf } from "../../sellers";
import { ShopError } from "../../../shared/domain/shop-error";
import { timeZoneOf } from "../../../shared/format/dates";
import { eventClockTime } from "../../../shared/format/event-clock";
import { isLocale, DEFAULT_LOCALE, type Locale } from "../../../shared/locales";
import { catalogues, translate, type MessageKey } from "../../../shared/i18n";
import type { ShopContext } from "../../context";
import type { Env } from "../../env";
import { events, invoices, orders, productVariants, refunds, tickets, users } from "../../db/schema";
import { pick } from "../catalogue/rows";
import { renderInvoicePdf, type InvoiceDocument } from "./invoice-pdf";
import { payerOf } from "../payers/payer";
import { creditNoteLines } from "./credit-note-lines";

/** The tax rate of a country in basis points, from INVOICE_TAX_RATES ("CO:19,CL:19"): 0 when not named. */
export function taxRateOf(env: Pick<Env, "INVOICE_TAX_RATES">, country: string): number {
  for (const entry of env.INVOICE_TAX_RATES.split(",").filter(Boolean)) {
    const [code, percent] = entry.split(":");
    if (code === country) return Math.round(Number(percent) * 100);
  }
  return 0;
}

/** The tax inside a tax-inclusive amount. */
export const taxIn = (total: number, rate: number) => Math.round((total * rate) / (10_000 + rate));

/** "CO-F-00000012" for an invoice, "CO-NC-00000003" for a credit note. */
export function documentNumber(kind: InvoiceKind, country: string, number: number): string {
  return `${country}-${kind === INVOICE_KIND.invoice ? "F" : "NC"}-${String(number).padStart(8, "0")}`;
}

type InvoiceRow = typeof invoices.$inferSelect;

/** Fixes a document's rate and tax from the settings the first time it is read; afterwards they never change. */
async function withTax(deps: ShopContext, row: InvoiceRow): Promise<InvoiceRow> {
  if (row.taxRate !== null && row.tax !== null) return row;
  const rate = taxRateOf(deps.env, row.countryCode);
  await deps.db.update(invoices).set({ taxRate: rate, tax: taxIn(row.total, rate) }).where(and(eq(invoices.id, row.id), isNull(invoices.taxRate)));
  const [fixed] = await deps.db.select().from(invoices).where(eq(invoices.id, row.id));
  return fixed!;
}

/** An order's invoice, or a credit note of it, as the PDF shows it. */
async function documentOf(deps: ShopContext, row: InvoiceRow): Promise<InvoiceDocument> {
  const invoice = await withTax(deps, row);
  const [found] = await deps.db
    .select({ order: orders, user: users, event: events })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, invoice.orderId));
  if (!found) throw new ShopError("not_found");
  const [refund] = invoice.refundId ? await deps.db.select().from(refunds).where(eq(refunds.id, invoice.refundId)) : [];
  // Made out to whoever paid (a friend who paid their share through their link), in their language: a credit note
  // to the payer of the payment its refund gives back.
  const who = await payerOf(deps.db, invoice.orderId, refund?.paymentId ?? null);
  const payer = who?.payer ?? null;
  const locale: Locale = payer?.locale ?? (isLocale(found.user.localeCode) ? found.user.localeCode : DEFAULT_LOCALE);
  // An invoice lists the order's tickets as paid (those later split off by a refund included); a credit note,
  // the refunded tickets (a split order's) or the whole order's.
  const orderIds = refund?.splitOrderId ? [refund.splitOrderId] : [invoice.orderId];
  const splitIds = invoice.kind === INVOICE_KIND.invoice ? (await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.splitFromId, invoice.orderId))).map((split) => split.id) : [];
  const lines = [];
  for (const orderId of [...orderIds, ...splitIds]) {
    const rows = await deps.db
      .select({ price: tickets.price, discountPrice: tickets.discountPrice, name: productVariants.translations })
      .from(tickets)
      .innerJoin(productVariants, eq(productVariants.id, tickets.productVariantId))
      .where(eq(tickets.orderId, orderId))
      .orderBy(asc(tickets.id));
    lines.push(...rows.map((ticket) => ({ description: pick(ticket.name, locale)?.name ?? "", price: ticket.price, discount: ticket.price - (ticket.discountPrice ?? ticket.price) })));
  }
  // A credit note's lines add up to its total: the refund's money, not the listed tickets' value.
  const shown =
    invoice.kind === INVOICE_KIND.credit_note
      ? creditNoteLines(lines, invoice.total, { kept: translate(locale, "invoice.kept"), rest: translate(locale, "invoice.rest") })
      : lines;
  const [corrected] = invoice.invoiceId ? await deps.db.select().from(invoices).where(eq(invoices.id, invoice.invoiceId)) : [];
  const facts = COUNTRY_FACTS[invoice.countryCode as keyof typeof COUNTRY_FACTS];
  // The company of the event's country sells (its invoice's sequence is that country's too).
  const seller = sellerOf(deps.env, invoice.countryCode);
  return {
    kind: invoice.kind,
    number: documentNumber(invoice.kind, invoice.countryCode, invoice.number),
    corrects: corrected ? documentNumber(corrected.kind, corrected.countryCode, corrected.number) : null,
    // On the event's (the seller's) clock, named for a payer whose own clock reads another hour.
    issuedAt: eventClockTime(invoice.issuedAt.toISOString(), timeZoneOf(found.event.countryCode), payer ? payer.timeZone : timeZoneOf(found.user.countryCode), catalogues[locale]),
    locale,
    currency: invoice.currency,
    seller: { name: seller.legalName, taxId: `${seller.taxIdKind} ${seller.taxId}`, address: seller.address },
    buyer: {
      name: payer?.name ?? `${found.user.firstName} ${found.user.lastName}`.trim(),
      email: payer?.email ?? found.user.email,
      document: payer ? payer.document : found.user.rut?.trim() || null,
      // The document as the payer named it; one never named is printed under the plain word, not guessed by country.
      documentLabel: (payer?.documentType && documentTypeLabel(payer.documentType)) || translate(locale, "invoice.document"),
    },
    orderId: invoice.orderId,
    eventName: pick(found.event.translations, locale)?.name ?? "",
    lines: shown,
    total: invoice.total,
    tax: invoice.tax ?? 0,
    taxRate: invoice.taxRate ?? 0,
    taxName: facts?.taxName ?? translate(locale, "invoice.tax_generic"),
    reason: refund ? translate(locale, `refunds.reason.${refund.reason}` as MessageKey) : null,
  };
}

/** The invoice of an order as a PDF, for its buyer (`userId`) or staff (null); 404 when the order has none. */
export async function orderInvoicePdf(deps: ShopContext, orderId: number, userId: number | null, options: { compress?: boolean } = {}) {
  const [row] = await deps.db
    .select({ invoice: invoices, userId: orders.userId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, INVOICE_KIND.invoice)));
  if (!row || (userId !== null && row.userId !== userId)) throw new ShopError("not_found");
  const doc = await documentOf(deps, row.invoice);
  return { fileName: `${doc.number}.pdf`, pdf: await renderInvoicePdf(doc, options) };
}

/** A credit note of an order (by its refund) as a PDF, for its buyer or staff. */
export async function creditNotePdf(deps: ShopContext, orderId: number, refundId: number, userId: number | null, options: { compress?: boolean } = {}) {
  const [row] = await deps.db
    .select({ invoice: invoices, userId: orders.userId })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.orderId, orderId), eq(invoices.refundId, refundId), eq(invoices.kind, INVOICE_KIND.credit_note)));
  if (!row || (userId !== null && row.userId !== userId)) throw new ShopError("not_found");
  const doc = await documentOf(deps, row.invoice);
  return { fileName: `${doc.number}.pdf`, pdf: await renderInvoicePdf(doc, options) };
}
