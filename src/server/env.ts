/** Environment is parsed once at start-up; a wrong setting stops the server with a clear message. */
import { z } from "zod";

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default("127.0.0.1"),
  /** Public origin used in mails and payment return URLs. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL for scale; without it the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z.string().startsWith("postgres").optional(),
  DATA_DIR: z.string().default("./data"),
  DIST_DIR: z.string().default("./dist"),
  JWT_SECRET: z.string().min(32).optional(),
  SMTP_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Addresses of reverse proxies (comma-separated) whose X-Forwarded-For is believed; loopback always is. */
  TRUST_PROXY: z.string().default(""),
  /*
   * Payments (src/server/payments/config.ts). Unset gateway URLs point at the simulators the shop serves itself
   * under PUBLIC_URL/payments-sim, so the purchase works offline; a real gateway is a change of these settings.
   */
  /** Transbank host, e.g. https://webpay3gint.transbank.cl (integration) or https://webpay3g.transbank.cl. */
  WEBPAY_BASE_URL: z.url().optional(),
  /** Tbk-Api-Key-Id / Tbk-Api-Key-Secret; the defaults are Transbank's public integration credentials. */
  WEBPAY_COMMERCE_CODE: z.string().min(1).default("597055555532"),
  WEBPAY_API_KEY: z.string().min(1).default("579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C"),
  /** MercadoPago API host, e.g. https://api.mercadopago.com; token and webhook secret are required with it. */
  MERCADOPAGO_BASE_URL: z.url().optional(),
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** A webhook signed longer ago than this (or this far in the future) is refused as stale. */
  MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** Bank account a transfer is paid into (the spec's bankName, accountId, accountType, dni, email). */
  TRANSFER_BANK_NAME: z.string().min(1).default("Bancolombia"),
  TRANSFER_ACCOUNT_ID: z.string().min(1).default("000-000000-00"),
  TRANSFER_ACCOUNT_TYPE: z.string().min(1).default("Ahorros"),
  TRANSFER_DNI: z.string().min(1).default("900.000.000-0"),
  TRANSFER_EMAIL: z.email().default("pagos@rodamos.example"),
  /** How long an unpaid order may wait for its card payment (also the MercadoPago preference's expiry). */
  PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(20),
  /** How long a bank-transfer order holds its seats while the buyer transfers and staff validate (24 h). */
  TRANSFER_HOLD_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  /** Seconds between sweeps that mark unpaid orders past their hold `expired` (0: only the sweeps before purchases). */
  ORDER_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Serve the local payment simulators; default on except when NODE_ENV is production. */
  PAYMENT_SIMULATORS: z.stringbool().optional(),
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}
