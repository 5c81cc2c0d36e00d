/**
 * The payer is the one told and invoiced (issue 44 §1): a friend who pays their share through their link gets the
 * confirmation with the ticket and the invoice, in the language they paid in, and the invoice is made out to them;
 * when staff refund that share, the refund mail and the credit note are the friend's, and the buyer gets a copy that
 * says who was refunded (never "you paid"); a friend paying by transfer gets the transfer details and a refusal.
 * A share the buyer pays stays the buyer's; so does an ordinary order.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentShares, payments } from "../../src/server/db/schema";
import type { ShopContext } from "../../src/server/context";
import { creditNotePdf, orderInvoicePdf } from "../../src/server/services/invoices/invoices";
import type { OrderDesk, RefundAnswer, RefundDeskItem } from "../../src/shared/schemas/answers/order-desk";
import { postForm } from "../helpers/browser";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };
let festival: Awaited<ReturnType<typeof eventOffer>>;
let variantId: number;
let countyId: number;

const friend = { name: "Tomás Amigo", email: "tomas.payer@example.com", phone: "3001112233", passengerAddress: "Calle 2 # 3-4" };

function sharedBody(passengers: { name: string; email: string; phone: string; passengerAddress: string }[]) {
  const body = purchaseBody(festival, passengers.map(() => variantId), countyId, { shares: true, paymentCode: "mercadopago" });
  body.tickets = body.tickets.map((ticket, index) => ({ ...ticket, passengers: [passengers[index]!] }));
  return body;
}

/** The text a PDF shows, read from its uncompressed content streams (pdfkit writes glyphs as hex in TJ arrays). */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  return [...source.matchAll(/\[((?:<[0-9a-f]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/gi)]
    .map((match) => [...match[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((hex) => Buffer.from(hex[1]!, "hex").toString("latin1")).join(""))
    .join("\n");
}
const pdfDeps = () => ({ db: shop.db, env: shop.env }) as unknown as ShopContext;

async function tokenOf(email: string) {
  const link = (await shop.mailsTo(email)).flatMap((mail) => mail.links).find((href) => href.includes("/share?token="));
  return new URL(link!).searchParams.get("token")!;
}

beforeAll(async () => {
  shop = await openTestShop({ listen: true, env: { INVOICE_TAX_RATES: "CO:19" } });
  staff = await shop.buyer("staff");
  festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = festival.typed(festival.variants[0]!.provinceId).find((one) => one.capacity === 1)!;
  variantId = variant.id;
  countyId = await countyOf(shop.db, variant.provinceId);
});
afterAll(() => shop?.close());

describe("a friend's share", () => {
  let buyer: { id: number; email: string; token: string };
  let shareOrderId: number;

  it("paid through the friend's link: the friend gets the confirmation and the invoice, in the language they paid in", async () => {
    buyer = await shop.buyer();
    const answer = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", sharedBody([{ name: "Yo Comprador", email: buyer.email, phone: "3009998877", passengerAddress: "Calle 1 # 2-3" }, friend]), { token: buyer.token });
    expect(answer.status).toBe(201);
    const [share] = await shop.db.select().from(paymentShares).where(eq(paymentShares.buyerOrderId, answer.body.data.orderId));
    shareOrderId = share!.orderId;
    const token = await tokenOf(friend.email);
    const paying = await shop.call<{ preference_id: string }>("POST", `/shop-api/shares/${token}/pay`, { paymentCode: "mercadopago" }, { headers: { "x-locale": "en_US" } });
    expect(paying.status).toBe(201);
    await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: paying.body.data.preference_id, action: "approve" });

    const [payment] = await shop.db.select().from(payments).where(eq(payments.orderId, shareOrderId));
    expect(payment).toMatchObject({ state: "approved", payerName: friend.name, payerEmail: friend.email, payerLocale: "en_US" });

    const friendMails = await shop.mailsTo(friend.email);
    const confirmation = friendMails.find((mail) => mail.text.includes(`Order no. ${shareOrderId}`));
    expect(confirmation, friendMails.map((mail) => mail.subject).join(" | ")).toBeDefined();
    expect(confirmation!.text).toContain(`Hi ${friend.name}`);
    // The friend has no account that lists the purchase: no link to one.
    expect(confirmation!.links.some((href) => href.includes("/my-account/"))).toBe(false);
    expect(confirmation!.attachments?.some((file) => file.contentType === "application/pdf")).toBe(true);
    // The buyer is not sent the friend's confirmation.
    const buyerMails = await shop.mailsTo(buyer.email);
    expect(buyerMails.some((mail) => mail.text.includes(`Pedido N.º ${shareOrderId}`))).toBe(false);

    const invoice = pdfText((await orderInvoicePdf(pdfDeps(), shareOrderId, null, { compress: false })).pdf);
    expect(invoice).toContain(friend.name);
    expect(invoice).toContain(friend.email);
    expect(invoice).not.toContain(buyer.email);
  });

  it("refunded by staff: the friend is told and credited, the buyer gets a copy saying who was refunded", async () => {
    const refunded = await shop.call<RefundAnswer>("POST", `/shop-api/staff/orders/${shareOrderId}/refund`, { reasonCode: "requested", reason: "Pidió la devolución" }, { token: staff.token });
    expect(refunded.status).toBe(201);
    await shop.app.outbox.drain();

    const toFriend = (await shop.mailsTo(friend.email)).filter((mail) => /refund/i.test(mail.subject));
    expect(toFriend).toHaveLength(1);
    expect(toFriend[0]!.text).toContain("We refunded");
    expect(toFriend[0]!.text).toContain("Paid: ");

    const copies = (await shop.mailsTo(buyer.email)).filter((mail) => mail.subject.includes(friend.name));
    expect(copies).toHaveLength(1);
    expect(copies[0]!.subject).toContain(`Devolución a ${friend.name}`);
    expect(copies[0]!.text).toContain(`Devolvimos`);
    expect(copies[0]!.text).toContain(`${friend.name} (${friend.email})`);
    expect(copies[0]!.text).toContain(`Pagado por ${friend.name}`);
    expect(copies[0]!.text).not.toContain("Pagado: ");
    expect(copies[0]!.text).not.toContain("Te devolvimos");

    const note = pdfText((await creditNotePdf(pdfDeps(), shareOrderId, refunded.body.data.id, null, { compress: false })).pdf);
    expect(note).toContain(friend.name);
    expect(note).not.toContain(buyer.email);

    // The order desk lists the mails as they went: the confirmation and the refund to the friend, the copy to the buyer.
    const desk = await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${shareOrderId}`, undefined, { token: staff.token });
    const mails = desk.body.data.messages.filter((message) => message.channel === "mail");
    expect(mails.filter((message) => message.what === "refund").map((message) => message.to).sort()).toEqual([buyer.email, friend.email].sort());
    expect(mails.filter((message) => message.what !== "refund" && message.what !== "share_invite").map((message) => message.to)).toContain(friend.email);
    expect(mails.filter((message) => message.what !== "refund" && message.what !== "share_invite").map((message) => message.to)).not.toContain(buyer.email);
    // The friend's link to pay is on it too, addressed to the friend.
    expect(mails.filter((message) => message.what === "share_invite").map((message) => message.to)).toEqual([`${friend.name} ${friend.email}`]);

    // Staff's list of refunds names the friend as the one to contact.
    const list = await shop.call<RefundDeskItem[]>("GET", "/shop-api/staff/refunds", undefined, { token: staff.token });
    expect(list.body.data.find((item) => item.refund.id === refunded.body.data.id)?.buyer).toMatchObject({ name: friend.name, email: friend.email });
  });

  it("paid by bank transfer through the friend's link: the transfer details and a refusal go to the friend, in their language", async () => {
    const me = await shop.buyer();
    const other = { ...friend, email: "rosa.payer@example.com", name: "Rosa Amiga" };
    const answer = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", sharedBody([{ ...friend, email: me.email, name: "Yo Mismo" }, other]), { token: me.token });
    expect(answer.status).toBe(201);
    const [share] = await shop.db.select().from(paymentShares).where(eq(paymentShares.buyerOrderId, answer.body.data.orderId));
    const paying = await shop.call("POST", `/shop-api/shares/${await tokenOf(other.email)}/pay`, { paymentCode: "transferencia" }, { headers: { "x-locale": "pt_BR" } });
    expect(paying.status).toBe(201);
    const details = (await shop.mailsTo(other.email)).filter((mail) => mail.subject === `Dados para a transferência: pedido nº ${share!.orderId}`);
    expect(details).toHaveLength(1);
    expect(details[0]!.text).toContain(`Olá, ${other.name}`);
    expect((await shop.mailsTo(me.email)).some((mail) => mail.subject.includes(`${share!.orderId}`))).toBe(false);

    const rejected = await shop.call("POST", `/shop-api/staff/orders/${share!.orderId}/reject-transfer`, { reason: "No llegó" }, { token: staff.token });
    expect(rejected.status).toBe(200);
    expect((await shop.mailsTo(other.email)).filter((mail) => mail.subject.startsWith("Não conseguimos validar sua transferência"))).toHaveLength(1);
    expect((await shop.mailsTo(me.email)).some((mail) => mail.subject.includes(`${share!.orderId}`))).toBe(false);
  });

  it("cancelled by the buyer from their account: the friend who paid reads who cancelled it, never that they did", async () => {
    const me = await shop.buyer();
    const other = { ...friend, email: "pablo.payer@example.com", name: "Pablo Amigo" };
    const answer = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", sharedBody([{ ...friend, email: me.email, name: "Yo Mismo" }, other]), { token: me.token });
    expect(answer.status).toBe(201);
    const [share] = await shop.db.select().from(paymentShares).where(eq(paymentShares.buyerOrderId, answer.body.data.orderId));
    const paying = await shop.call<{ preference_id: string }>("POST", `/shop-api/shares/${await tokenOf(other.email)}/pay`, { paymentCode: "mercadopago" }, { headers: { "x-locale": "en_US" } });
    await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: paying.body.data.preference_id, action: "approve" });
    const cancelled = await shop.call("POST", `/shop-api/orders/${share!.orderId}/cancel`, {}, { token: me.token });
    expect(cancelled.status).toBe(200);
    await shop.app.outbox.drain();
    const told = (await shop.mailsTo(other.email)).filter((mail) => /refund/i.test(mail.subject));
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toMatch(/, who made the booking, cancelled it for /);
    expect(told[0]!.text).not.toContain("You cancelled");
    const copy = (await shop.mailsTo(me.email)).filter((mail) => mail.subject.includes(other.name));
    expect(copy).toHaveLength(1);
    expect(copy[0]!.text).toContain("Cancelaste tu reserva desde tu cuenta.");
  });

  it("a share the buyer pays for a friend stays the buyer's: their confirmation, their invoice", async () => {
    const me = await shop.buyer();
    const other = { ...friend, email: "lucia.payer@example.com", name: "Lucía Amiga" };
    const answer = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", sharedBody([{ ...friend, email: me.email, name: "Yo Mismo" }, other]), { token: me.token });
    expect(answer.status).toBe(201);
    const [share] = await shop.db.select().from(paymentShares).where(eq(paymentShares.buyerOrderId, answer.body.data.orderId));
    const paying = await shop.call<{ preference_id: string }>("POST", `/shop-api/orders/${answer.body.data.orderId}/shares/${share!.id}/pay`, { paymentCode: "mercadopago" }, { token: me.token });
    expect(paying.status).toBe(201);
    await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: paying.body.data.preference_id, action: "approve" });
    const [payment] = await shop.db.select().from(payments).where(eq(payments.orderId, share!.orderId));
    expect(payment).toMatchObject({ state: "approved", payerEmail: null });
    const mine = await shop.mailsTo(me.email);
    expect(mine.some((mail) => mail.text.includes(`Pedido N.º ${share!.orderId}`) && mail.attachments?.some((file) => file.contentType === "application/pdf"))).toBe(true);
    const invoice = pdfText((await orderInvoicePdf(pdfDeps(), share!.orderId, null, { compress: false })).pdf);
    expect(invoice).toContain(me.email);
    expect(invoice).not.toContain(other.email);
  });
});
