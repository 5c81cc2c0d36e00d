/**
 * A purchase walks the service folders once, downwards: each folder it crosses is entered once, and nothing below
 * calls back into a folder above it (the orders base decides the order's prices, state, hold, id and payment start
 * itself). Every exported function of the folders a purchase may reach is wrapped to note the folder it belongs to
 * when a call comes from another folder; one real purchase (the test shop on its own database, the payment started
 * with the method's adapter against its simulator) then lists the folders in the order they were entered.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { discounts } from "../../db/schema";
import { countyOf, eventOffer, purchaseBody } from "../../../../tests/helpers/fixtures";
import { openTestShop, type TestShop } from "../../../../tests/helpers/test-shop";

const trace = await vi.hoisted(async () => {
  const { AsyncLocalStorage } = await import("node:async_hooks");
  /** The folder running now, and the list of folders entered since the purchase began (null: none began). */
  const current = new AsyncLocalStorage<{ folder: string }>();
  let entered: string[] | null = null;
  const wrapOne = (folder: string, fn: (...args: unknown[]) => unknown) =>
    function (this: unknown, ...args: unknown[]) {
      if (entered === null) return fn.apply(this, args);
      if (current.getStore()?.folder !== folder) entered.push(folder);
      return current.run({ folder }, () => fn.apply(this, args));
    };
  return {
    wrap<M extends Record<string, unknown>>(folder: string, module: M): M {
      const wrapped: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(module)) {
        // Functions, not classes (a wrapped class could not be constructed) nor values.
        const isFunction = typeof value === "function" && !/^class[\s{]/.test(Function.prototype.toString.call(value));
        wrapped[name] = isFunction ? wrapOne(folder, value as (...args: unknown[]) => unknown) : value;
      }
      return wrapped as M;
    },
    async record<T>(run: () => Promise<T>): Promise<{ result: T; entered: string[] }> {
      const list: string[] = [];
      entered = list;
      try {
        return { result: await run(), entered: list };
      } finally {
        entered = null;
      }
    },
  };
});

vi.mock("./confirm-payment", async (original) => trace.wrap("purchase", await original()));
vi.mock("./confirm-transfer", async (original) => trace.wrap("purchase", await original()));
vi.mock("./purchase", async (original) => trace.wrap("purchase", await original()));
vi.mock("./transfer-decisions", async (original) => trace.wrap("purchase", await original()));
vi.mock("../purchase-checks/purchase-checks", async (original) => trace.wrap("purchase-checks", await original()));
vi.mock("../orders/buyer", async (original) => trace.wrap("orders", await original()));
vi.mock("../orders/discounts", async (original) => trace.wrap("orders", await original()));
vi.mock("../orders/event-cancellation", async (original) => trace.wrap("orders", await original()));
vi.mock("../orders/order-states", async (original) => trace.wrap("orders", await original()));
vi.mock("../orders/order-with-event", async (original) => trace.wrap("orders", await original()));
vi.mock("../orders/payment-links", async (original) => trace.wrap("orders", await original()));
vi.mock("../orders/payment-records", async (original) => trace.wrap("orders", await original()));
vi.mock("../orders/place-order", async (original) => trace.wrap("orders", await original()));
vi.mock("../orders/pricing", async (original) => trace.wrap("orders", await original()));
vi.mock("../invited-seats/guest-seats", async (original) => trace.wrap("invited-seats", await original()));
vi.mock("../waiting-list/jobs", async (original) => trace.wrap("waiting-list", await original()));
vi.mock("../waiting-list/membership", async (original) => trace.wrap("waiting-list", await original()));
vi.mock("../waiting-list/offer-mail", async (original) => trace.wrap("waiting-list", await original()));
vi.mock("../waiting-list/offers", async (original) => trace.wrap("waiting-list", await original()));
vi.mock("../waiting-list/staff-lists", async (original) => trace.wrap("waiting-list", await original()));
vi.mock("../holds/end-unpaid-orders", async (original) => trace.wrap("holds", await original()));
vi.mock("../catalogue/content", async (original) => trace.wrap("catalogue", await original()));
vi.mock("../catalogue/event-detail", async (original) => trace.wrap("catalogue", await original()));
vi.mock("../catalogue/event-list", async (original) => trace.wrap("catalogue", await original()));
vi.mock("../catalogue/event-offer", async (original) => trace.wrap("catalogue", await original()));
vi.mock("../catalogue/geography", async (original) => trace.wrap("catalogue", await original()));
vi.mock("../catalogue/index", async (original) => trace.wrap("catalogue", await original()));
vi.mock("../catalogue/rows", async (original) => trace.wrap("catalogue", await original()));
vi.mock("../catalogue/stock", async (original) => trace.wrap("catalogue", await original()));
vi.mock("../shares/jobs", async (original) => trace.wrap("shares", await original()));
vi.mock("../shares/place-shares", async (original) => trace.wrap("shares", await original()));
vi.mock("../shares/share-notices", async (original) => trace.wrap("shares", await original()));
vi.mock("../shares/share-payment", async (original) => trace.wrap("shares", await original()));
vi.mock("../order-life/order-life", async (original) => trace.wrap("order-life", await original()));

/** The files wrapped above: every source file of these folders (a new one must be wrapped too). */
const FOLDERS = ["purchase", "purchase-checks", "orders", "invited-seats", "waiting-list", "holds", "catalogue", "shares", "order-life"];
const WRAPPED = [
  "purchase/confirm-payment.ts",
  "purchase/confirm-transfer.ts",
  "purchase/purchase.ts",
  "purchase/transfer-decisions.ts",
  "purchase-checks/purchase-checks.ts",
  "orders/buyer.ts",
  "orders/discounts.ts",
  "orders/event-cancellation.ts",
  "orders/order-states.ts",
  "orders/order-with-event.ts",
  "orders/payment-links.ts",
  "orders/payment-records.ts",
  "orders/place-order.ts",
  "orders/pricing.ts",
  "invited-seats/guest-seats.ts",
  "waiting-list/jobs.ts",
  "waiting-list/membership.ts",
  "waiting-list/offer-mail.ts",
  "waiting-list/offers.ts",
  "waiting-list/staff-lists.ts",
  "holds/end-unpaid-orders.ts",
  "catalogue/content.ts",
  "catalogue/event-detail.ts",
  "catalogue/event-list.ts",
  "catalogue/event-offer.ts",
  "catalogue/geography.ts",
  "catalogue/index.ts",
  "catalogue/rows.ts",
  "catalogue/stock.ts",
  "shares/jobs.ts",
  "shares/place-shares.ts",
  "shares/share-notices.ts",
  "shares/share-payment.ts",
  "order-life/order-life.ts",
];

let shop: TestShop;
let festival: Awaited<ReturnType<typeof eventOffer>>;
let county: number;

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  county = await countyOf(shop.db, festival.variants[0]!.provinceId);
});
afterAll(async () => {
  await shop?.close();
});

describe("a purchase's path through the service folders", () => {
  it("wraps every source file of the folders it may reach", () => {
    const services = join(import.meta.dirname, "..");
    const files = FOLDERS.flatMap((folder) => readdirSync(join(services, folder)).filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts")).map((file) => `${folder}/${file}`));
    expect(WRAPPED.toSorted()).toEqual(files.toSorted());
  });

  it("enters purchase, purchase-checks and orders once each, in that order, for a card payment", async () => {
    const me = await shop.buyer();
    const [single] = festival.typed(festival.variants[0]!.provinceId);
    const { result, entered } = await trace.record(() => shop.call<{ orderId: number; state: string }>("POST", "/shop-api/init-payment", purchaseBody(festival, [single!.id], county), { token: me.token }));
    expect(result.status).toBe(201);
    expect(result.body.data.state).toBe("awaiting_payment");
    expect(entered).toEqual(["purchase", "purchase-checks", "orders"]);
  });

  it("enters each folder once with a discount code too (the orders base finds the discount and prices)", async () => {
    const me = await shop.buyer();
    const [single] = festival.typed(festival.variants[0]!.provinceId);
    const code = `PATH${Math.random().toString(36).slice(2, 8)}`;
    await shop.db.insert(discounts).values({ code, eventId: festival.event.id, variation: "0.10" });
    const { result, entered } = await trace.record(() => shop.call("POST", "/shop-api/init-payment", purchaseBody(festival, [single!.id], county, { discountCode: code }), { token: me.token }));
    expect(result.status).toBe(201);
    expect(entered).toEqual(["purchase", "purchase-checks", "orders"]);
  });
});
