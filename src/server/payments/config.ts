/**
 * Payment settings resolved from the environment (src/server/env.ts). Every gateway URL that is not set points
 * at the simulator the shop serves itself under `/payments-sim/...` (called on the loopback address; the pages
 * it sends buyers to are on PUBLIC_URL), with credentials the simulator checks; a real gateway is a change of
 * settings, and then its secrets must be real too.
 */
import { transferDetailsOf, type TransferDetails } from "../sellers";
import type { Env } from "../env";
import { internalOrigin, publicOrigin } from "../origin";
import { SIMULATOR_MERCADOPAGO_ACCESS_TOKEN, SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET, SIMULATOR_PREFIX } from "./simulator-credentials";

export { SIMULATOR_MERCADOPAGO_ACCESS_TOKEN, SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET, SIMULATOR_PREFIX };

export interface PaymentSettings {
  /** The shop's origin as browsers reach it: every URL a buyer is sent to is built on it. */
  publicUrl: string;
  /** The shop's origin as its own process reaches it (loopback, no name resolution): calls to the simulators. */
  internalUrl: string;
  timeoutMinutes: number;
  simulatorsEnabled: boolean;
  webpay: { baseUrl: string; commerceCode: string; apiKey: string; simulated: boolean };
  mercadopago: {
    baseUrl: string;
    accessToken: string;
    webhookSecret: string;
    toleranceSeconds: number;
    simulated: boolean;
  };
  /** The account a country's buyers transfer to. */
  transfer: (country: string) => TransferDetails;
}

export function paymentSettings(env: Env): PaymentSettings {
  const publicUrl = publicOrigin(env);
  const internalUrl = internalOrigin(env);
  const simulatorBase = `${internalUrl}${SIMULATOR_PREFIX}`;
  const mercadopagoSimulated = !env.MERCADOPAGO_BASE_URL;
  if (!mercadopagoSimulated && (!env.MERCADOPAGO_ACCESS_TOKEN || !env.MERCADOPAGO_WEBHOOK_SECRET)) {
    // The simulator's secret is public (it is in this file): accepting it for a real gateway would let anyone
    // forge a paid webhook.
    throw new Error(
      "Invalid environment:\n  MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET are required when MERCADOPAGO_BASE_URL is set",
    );
  }
  return {
    publicUrl,
    internalUrl,
    timeoutMinutes: env.PAYMENT_TIMEOUT_MINUTES,
    simulatorsEnabled: env.PAYMENT_SIMULATORS ?? env.NODE_ENV !== "production",
    webpay: {
      baseUrl: trimSlash(env.WEBPAY_BASE_URL ?? `${simulatorBase}/webpay`),
      commerceCode: env.WEBPAY_COMMERCE_CODE,
      apiKey: env.WEBPAY_API_KEY,
      simulated: !env.WEBPAY_BASE_URL,
    },
    mercadopago: {
      baseUrl: trimSlash(env.MERCADOPAGO_BASE_URL ?? `${simulatorBase}/mercadopago`),
      accessToken: env.MERCADOPAGO_ACCESS_TOKEN ?? SIMULATOR_MERCADOPAGO_ACCESS_TOKEN,
      webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET ?? SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET,
      toleranceSeconds: env.MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS,
      simulated: mercadopagoSimulated,
    },
    /** The account a country's buyers transfer to (each country's company's own: src/server/sellers.ts). */
    transfer: (country: string) => transferDetailsOf(env, country),
  };
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, "");
}
