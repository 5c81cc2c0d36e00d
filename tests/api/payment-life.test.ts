/**
 * A payment row's life through its one home (services/payment-life/): every change of its state the shop makes
 * (a gateway's capture or refusal, an attempt ending with its order, staff confirming a transfer, an event
 * cancelled, a refund) lands in the payment's history with who made it, and a change the table does not allow
 * keeps the state while the answer that came with it is still stored.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, payments } from "../../src/server/db/schema";
import { expireHolds } from "../../src/server/services/holds/end-unpaid-orders";
import { byGateway } from "../../src/server/services/order-life/order-life";
import { recordConfirmation } from "../../src/server/services/orders/payment-records";
import { postForm, visit } from "../helpers/browser";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { id: number; email: string; token: string };
let offer: Awaited<ReturnType<typeof eventOffer>>;
let variantId: number;
let county: number;

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  staff = await shop.buyer("staff");
  offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
  variantId = variant.id;
  county = await countyOf(shop.db, variant.provinceId);
});
afterAll(async () => {
  await shop?.close();
});

async function buy(paymentCode: "mercadopago" | "transferencia") {
  const me = await shop.buyer();
  const answer = await shop.call<{ orderId: number; preference_id?: string }>("POST", "/shop-api/init-payment", purchaseBody(offer, [variantId], county, { paymentCode }), { token: me.token });
  expect(answer.status).toBe(201);
  return answer.body.data;
}

async function decide(preferenceId: string, action: "approve" | "reject") {
  const back = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: preferenceId, action });
  await visit(back.headers.get("location")!);
}

const paymentOf = async (orderId: number) => (await shop.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)))[0]!;
/** The payment's history: [before, after, actor, by] of each change. */
const lifeOf = async (paymentId: number) =>
  (await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, "payments"), eq(auditLog.resourceId, paymentId))).orderBy(asc(auditLog.id))).map((row) => [
    (row.before as { state: string }).state,
    (row.after as { state: string }).state,
    row.actor,
    row.userEmail,
  ]);

describe("a payment's life", () => {
  it("a card paid by the gateway: created -> approved, by the gateway", async () => {
    const { orderId, preference_id } = await buy("mercadopago");
    await decide(preference_id!, "approve");
    const payment = await paymentOf(orderId);
    expect(payment.state).toBe("approved");
    expect(await lifeOf(payment.id)).toEqual([["created", "approved", "gateway", "mercadopago"]]);
  });

  it("a card the gateway declined: created -> rejected once, not first cancelled by its order's end", async () => {
    const { orderId, preference_id } = await buy("mercadopago");
    await decide(preference_id!, "reject");
    const payment = await paymentOf(orderId);
    expect(payment.state).toBe("rejected");
    expect(await lifeOf(payment.id)).toEqual([["created", "rejected", "gateway", "mercadopago"]]);
  });

  it("a transfer staff confirm: created -> approved, with the staff member as the audit entry", async () => {
    const { orderId } = await buy("transferencia");
    expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
    const payment = await paymentOf(orderId);
    expect(payment.state).toBe("approved");
    expect(await lifeOf(payment.id)).toEqual([["created", "approved", "staff", staff.email]]);
    const [entry] = await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, "payments"), eq(auditLog.resourceId, payment.id)));
    expect(entry!.userId).toBe(staff.id);
  });

  it("an attempt whose hold ran out ends with its order: created -> expired, by the sweeper", async () => {
    const { orderId } = await buy("transferencia");
    expect(await expireHolds(shop.db, new Date(Date.now() + 3 * 24 * 3_600_000), { orderId })).toEqual([orderId]);
    const payment = await paymentOf(orderId);
    expect(payment.state).toBe("expired");
    expect(await lifeOf(payment.id)).toEqual([["created", "expired", "sweeper", "sweeper"]]);
  });

  it("a change the table refuses keeps the state, and the answer is still stored", async () => {
    const { orderId, preference_id } = await buy("mercadopago");
    await decide(preference_id!, "approve");
    const payment = await paymentOf(orderId);
    const before = payment.rawAnswers.length;
    // A repeated answer reporting another amount does not undo a payment that took the money.
    const outcome = await shop.db.transaction((tx) =>
      recordConfirmation(
        tx,
        payment.id,
        {
          method: "mercadopago",
          outcome: "approved",
          reason: "authorized",
          orderId,
          providerReference: payment.providerReference,
          amount: 1,
          echo: {},
          verified: true,
          idempotencyKey: `test-${orderId}`,
          alreadyConfirmed: false,
          raw: { repeated: true },
        },
        "mismatch",
        byGateway("mercadopago"),
      ),
    );
    expect(outcome).toBe("disallowed");
    const after = await paymentOf(orderId);
    expect(after.state).toBe("approved");
    expect(after.rawAnswers).toHaveLength(before + 1);
    expect(await lifeOf(payment.id)).toHaveLength(1);
  });
});
