/**
 * Where payment providers send the buyer and the shop's notifications. The return link carries the order id and
 * a signature of it (only the buyer's own way back has it: the shop hands it to the provider, which hands it to
 * the buyer's browser), plus the site prefix the purchase was made on, so the buyer lands on the order page of
 * their own country and language.
 */
import { SITES } from "../../../shared/locales";
import type { Env } from "../../env";
import { publicOrigin } from "../../origin";
import type { Signer } from "../../auth/signer";
import type { ShopContext } from "../../context";

export const RETURN_PATH = "/shop-api/payments/return";
export const MERCADOPAGO_WEBHOOK_PATH = "/shop-api/payments/mercadopago/webhook";

const returnMessage = (orderId: number) => `return:${orderId}`;

export { sitePrefixOf } from "../../../shared/site-prefix";

/** A prefix named by a return link's `site` query, checked against the known sites (never an open redirect). */
export function knownSitePrefix(value: string | undefined): string {
  if (!value) return "";
  const candidate = `/${value.replace(/^\/+|\/+$/g, "")}`.toLowerCase();
  return SITES.find((site) => site.prefix === candidate)?.prefix ?? "";
}

/** The buyer's way back from the provider, on `origin` (the origin the purchase came from: origin.ts buyerOrigin). */
export function returnUrl({ env, auth }: Pick<ShopContext, "env" | "auth">, orderId: number, prefix: string, origin = publicOrigin(env)): string {
  const url = `${origin}${RETURN_PATH}/${orderId}/${auth.signer.sign("payment-return-v1", returnMessage(orderId))}`;
  return prefix ? `${url}?site=${encodeURIComponent(prefix.slice(1))}` : url;
}

export function verifyReturnKey(signer: Signer, orderId: number, key: string): boolean {
  return signer.verify("payment-return-v1", returnMessage(orderId), key);
}

export function notificationUrl(env: Env): string {
  return `${publicOrigin(env)}${MERCADOPAGO_WEBHOOK_PATH}`;
}

/** Where the return route sends the browser: the order-detail page (it reads the state from order-status). */
export function orderPagePath(prefix: string, orderId: number, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return `${prefix}/order-detail/${orderId}${search ? `?${search}` : ""}`;
}
