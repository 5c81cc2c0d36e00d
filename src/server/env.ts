/**
 * Environment is parsed once at start-up; a wrong setting stops the server with a clear message.
 * Two modes (README "Production"): demo, what `npm start` runs, with the local mail drop and payment simulators
 * answering this machine only; production (NODE_ENV=production), which refuses to start without real mail,
 * gateway and signing settings, and has no mail drop, simulators or API reference page at all.
 */
import { z } from "zod";
import { SIMULATOR_MERCADOPAGO_ACCESS_TOKEN, SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET, SIMULATOR_PREFIX } from "./payments/simulator-credentials";
import { DEFAULT_NO_SHOW_WAIT_MINUTES } from "../shared/domain/dispatch";
import { VEHICLE_KINDS } from "../shared/domain/fleet";
import { PAYMENT_CODE } from "../shared/domain/payment-codes";
import { secretStrengthBits } from "./auth/secret-strength";
import { COUNTRIES, type CountryCode } from "../shared/locales";
import { countrySellersSchema, SAMPLE_SELLERS, transferAccountMissing, type BankAccount } from "./sellers";

/** One vehicle kind's CO2 factor as CO2_GRAMS_PER_KM lists it: `van:252`. */
const KIND_FACTOR = `(${VEHICLE_KINDS.join("|")}):\\d{1,5}`;

/** Transbank's public integration credentials (the simulator accepts them too): never a real shop's. */
export const WEBPAY_INTEGRATION_COMMERCE_CODE = "597055555532";
export const WEBPAY_INTEGRATION_API_KEY = "579B532A7440BB0C9079DED94D31EA1615BACEB56610332264630D42D0A36B1C";
/** The sample bank account shown by the demo: nobody's account. */
const SAMPLE_TRANSFER_ACCOUNT_ID = "000-000000-00";
const SAMPLE_TRANSFER_DNI = "900.000.000-0";
const SAMPLE_TRANSFER_EMAIL = "pagos@rodamos.example";
/** Transbank's integration (test) host: it takes no real card. */
const WEBPAY_INTEGRATION_HOST = "webpay3gint.transbank.cl";
/**
 * A secret that signs every session must be hard to guess: at least this many bits by its characters' spread, and
 * as many once its keyboard runs, sequences, repetitions and words are counted as what guessing them costs
 * (auth/secret-strength.ts).
 */
const MIN_SECRET_BITS = 128;
/** Secrets seen in guides and examples for the shop: strong-looking or not, every attacker has them. */
const PUBLISHED_SECRETS: readonly string[] = ["0123456789abcdefghijklmnopqrstuv", "rodamos-jwt-secret-change-me-now-2026"];

/**
 * The secret's strength estimated from its own characters (length × Shannon entropy per character): 32 × "a"
 * scores 0, a random base64 string of 32 characters about 150.
 */
export function secretBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / secret.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * secret.length;
}

/** A documentation domain (RFC 2606) or the shop's own simulator: never where real money or mail goes. */
const isPlaceholderHost = (url: string) => /(^|\.)(example|test|invalid|localhost)$|^127\.|^\[::1\]$/i.test(hostOf(url));
function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return "";
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().default("127.0.0.1"),
  /** Public origin used in mails and payment return URLs. */
  PUBLIC_URL: z.url().optional(),
  /** PostgreSQL for scale; without it the embedded PGlite in DATA_DIR is used. */
  DATABASE_URL: z.string().startsWith("postgres").optional(),
  /**
   * A PostgreSQL streaming replica of DATABASE_URL for catalogue reads, the search, reports and exports; whatever
   * decides money or seats stays on DATABASE_URL (src/server/db/replica.ts).
   */
  DATABASE_READ_URL: z.string().startsWith("postgres").optional(),
  /** Connections each shop process keeps to PostgreSQL (the leader election keeps one more of its own). */
  DATABASE_POOL: z.coerce.number().int().min(2).max(200).default(10),
  /** Shop processes `npm start` runs on the one port (node:cluster); more than 1 needs PostgreSQL. */
  WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  DATA_DIR: z.string().default("./data"),
  DIST_DIR: z.string().default("./dist"),
  JWT_SECRET: z.string().min(32).optional(),
  /** Ed25519 private key (PKCS8 PEM or base64 DER) that signs ticket QR codes; generated into DATA_DIR when unset. */
  TICKET_SIGNING_KEY: z.string().min(40).optional(),
  SMTP_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Bearer token that may read /metrics from another machine (this machine always may); unset: nobody else. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** The request log's level (JSON lines on stdout); tests default to silent, everything else to info. */
  LOG_LEVEL: z.enum(["silent", "fatal", "error", "warn", "info", "debug"]).optional(),
  /** Addresses of reverse proxies (comma-separated) whose X-Forwarded-For is believed; loopback always is. */
  TRUST_PROXY: z.string().default(""),
  /**
   * What one client (the address the shop believes, through TRUST_PROXY) may hold of each shop process at once:
   * requests being worked on, and open event streams (tracking, the dispatcher's live stream). Past either: 429.
   * Generous for people behind one address (an office, a venue's wifi), small beside what a process serves.
   */
  CLIENT_MAX_REQUESTS: z.coerce.number().int().min(1).max(100_000).default(64),
  CLIENT_MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(64),
  /** How long a request's headers and its whole body may take to arrive, in seconds; a slower one gets 408 and its socket is closed. */
  REQUEST_HEADERS_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
  REQUEST_BODY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /*
   * Payments (src/server/payments/config.ts). Unset gateway URLs point at the simulators the shop serves itself
   * under PUBLIC_URL/payments-sim, so the purchase works offline; a real gateway is a change of these settings.
   */
  /** Transbank host, e.g. https://webpay3gint.transbank.cl (integration) or https://webpay3g.transbank.cl. */
  WEBPAY_BASE_URL: z.url().optional(),
  /** Tbk-Api-Key-Id / Tbk-Api-Key-Secret; the defaults are Transbank's public integration credentials. */
  WEBPAY_COMMERCE_CODE: z.string().min(1).default(WEBPAY_INTEGRATION_COMMERCE_CODE),
  WEBPAY_API_KEY: z.string().min(1).default(WEBPAY_INTEGRATION_API_KEY),
  /** MercadoPago API host, e.g. https://api.mercadopago.com; token and webhook secret are required with it. */
  MERCADOPAGO_BASE_URL: z.url().optional(),
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** A webhook signed longer ago than this (or this far in the future) is refused as stale. */
  MERCADOPAGO_WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(10).max(3600).default(300),
  /** Bank account a transfer is paid into (answered to the buyer as bankName, accountId, accountType, dni, email). */
  TRANSFER_BANK_NAME: z.string().min(1).default("Bancolombia"),
  TRANSFER_ACCOUNT_ID: z.string().min(1).default(SAMPLE_TRANSFER_ACCOUNT_ID),
  TRANSFER_ACCOUNT_TYPE: z.string().min(1).default("Ahorros"),
  TRANSFER_DNI: z.string().min(1).default(SAMPLE_TRANSFER_DNI),
  TRANSFER_EMAIL: z.email().default(SAMPLE_TRANSFER_EMAIL),
  /** How long an unpaid order may wait for its card payment (also the MercadoPago preference's expiry). */
  PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(1440).default(20),
  /** How long a bank-transfer order holds its seats while the buyer transfers and staff validate (24 h). */
  TRANSFER_HOLD_HOURS: z.coerce.number().int().min(1).max(720).default(48),
  /**
   * Seats one account may hold unpaid for one event date (orders awaiting a card payment or a transfer): past it a
   * purchase is refused, so one account cannot take a date's seats off sale with orders it never pays.
   */
  HOLD_SEATS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1000).default(10),
  /** How long seats offered to the next person on a waiting list stay held for them (the offer mail's link). */
  WAITING_OFFER_HOURS: z.coerce.number().min(0.05).max(168).default(12),
  /**
   * Admission control for purchases, per shop process (src/server/http/admission.ts): purchases worked on at once
   * (unset: half of DATABASE_POOL, so catalogue reads always find a free connection), purchases allowed to wait
   * beyond those, the longest wait in milliseconds (well below the wizard's 15 s time-out), and the Retry-After in
   * seconds of the 503 `purchase_queue_full` that a purchase past the queue gets.
   */
  PURCHASE_CONCURRENCY: z.coerce.number().int().min(1).max(1000).optional(),
  PURCHASE_QUEUE: z.coerce.number().int().min(0).max(100_000).default(200),
  PURCHASE_QUEUE_WAIT_MS: z.coerce.number().int().min(0).max(14_000).default(4000),
  PURCHASE_RETRY_SECONDS: z.coerce.number().int().min(1).max(60).default(1),
  /** Seconds between sweeps that mark unpaid orders past their hold `expired` (0: only the sweeps of refused purchases). */
  ORDER_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** How long a claimed outbox row waits before another process may take it again (its process may have died). */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /**
   * Outbox rows one process delivers at once (each its own claim, so never two for one row): a mail waits mostly on
   * the database and the mail server, and an on-sale's thousands of tickets should not leave one after the other.
   */
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Serve the local payment simulators in demo mode (default on); production never serves them. */
  PAYMENT_SIMULATORS: z.stringbool().optional(),
  /**
   * Seats of one vehicle: the manifests fill their loads up to this many passengers, and a dispatch run without a
   * vehicle is sized so (docs/decisions.md). Read as VAN_SEATS too, its former name (FORMER_NAMES).
   */
  VEHICLE_SEATS: z.coerce.number().int().min(1).max(80).default(15),
  /*
   * Dispatch plans (src/server/services/dispatch/settings.ts): the longest ride a passenger may have, how long
   * before the start the vans reach the venue and after the end they leave it, the minutes spent at each stop,
   * and by how many minutes a re-published time must move before the passenger is told again.
   */
  DISPATCH_MAX_RIDE_MINUTES: z.coerce.number().int().min(10).max(600).default(90),
  DISPATCH_ARRIVAL_MARGIN_MINUTES: z.coerce.number().int().min(0).max(240).default(30),
  DISPATCH_DEPARTURE_MARGIN_MINUTES: z.coerce.number().int().min(0).max(240).default(15),
  DISPATCH_DWELL_MINUTES: z.coerce.number().int().min(0).max(30).default(3),
  DISPATCH_RENOTIFY_MINUTES: z.coerce.number().int().min(0).max(240).default(10),
  /** Longest driver's shift the planner gives a vehicle's runs of one leg (its waves), in hours. */
  DISPATCH_MAX_SHIFT_HOURS: z.coerce.number().min(1).max(24).default(10),
  /** A vehicle's second wave: outbound its first wave arrives at most this much early; return it leaves at most this much later. */
  DISPATCH_WAVE_WAIT_MINUTES: z.coerce.number().int().min(0).max(240).default(60),
  /** The planner uses the vehicles based within this many kilometres (straight line) of the venue. */
  DISPATCH_FLEET_RADIUS_KM: z.coerce.number().min(1).max(5000).default(150),
  /** Map tiles of the dispatcher's map ({z}/{x}/{y} template); without it stops and routes are drawn on a blank map. */
  MAP_TILE_URL: z.string().regex(/^https?:\/\/\S+\{z\}\S*$/).optional(),
  /*
   * Text messages ("your van arrives in about N minutes"). With all three set they go to a Twilio-compatible
   * REST API (SMS_BASE_URL, default https://api.twilio.com); without them to the local SMS drop (/dev/outbox).
   */
  SMS_ACCOUNT_SID: z.string().min(1).optional(),
  SMS_AUTH_TOKEN: z.string().min(1).optional(),
  SMS_FROM: z.string().min(1).optional(),
  SMS_BASE_URL: z.url().optional(),
  /*
   * Where people are (src/server/geo/). Without GEOCODER_URL pick-up addresses are placed at a stable point
   * within 1.5 km of their county's centroid derived from the address text (shown as approximate); with it, at what a Nominatim-compatible search API finds within
   * GEOCODER_COUNTY_RADIUS_KM of that centroid. Without ROUTING_URL driving times are the straight-line distance
   * × TRAVEL_ROAD_FACTOR, at TRAVEL_CITY_SPEED_KMH for the first TRAVEL_CITY_KM road km of a trip and
   * TRAVEL_INTERCITY_SPEED_KMH beyond; with it, an OSRM-compatible table service's.
   */
  GEOCODER_URL: z.url().optional(),
  GEOCODER_COUNTY_RADIUS_KM: z.coerce.number().min(0.5).max(200).default(10),
  ROUTING_URL: z.url().optional(),
  /** The routing server's largest table (osrm-routed's --max-table-size); bigger matrices are asked in blocks. */
  ROUTING_MAX_TABLE_SIZE: z.coerce.number().int().min(2).max(100_000).default(100),
  TRAVEL_ROAD_FACTOR: z.coerce.number().min(1).max(5).default(1.3),
  TRAVEL_CITY_SPEED_KMH: z.coerce.number().min(1).max(200).default(25),
  TRAVEL_INTERCITY_SPEED_KMH: z.coerce.number().min(1).max(200).default(60),
  TRAVEL_CITY_KM: z.coerce.number().min(0).max(500).default(15),
  /** "Van arriving" goes out by itself when the van's expected time at a stop falls under this many minutes. */
  ARRIVING_NOTICE_MINUTES: z.coerce.number().int().min(1).max(60).default(5),
  /** Minutes a van waits at a stop, from the driver's "at the stop", before the driver may mark a no-show. */
  NO_SHOW_WAIT_MINUTES: z.coerce.number().min(0).max(60).default(DEFAULT_NO_SHOW_WAIT_MINUTES),
  /** The corporate site the B2B page's "Conoce más aquí" links to (read by the page build; BRAND's address when unset). */
  CORPORATE_SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /*
   * How the day went (src/server/services/reports/): the address that gets each event date's summary after its last
   * drop-off (unset: no mail); grams of CO2 a vehicle of each kind emits per km driven (defaults: diesel burnt per km
   * x 2.68 kg CO2 per litre: van 9.4, minibus 15, bus 30 L/100 km; car 170 g/km, the average car of the UK
   * government's 2024 conversion factors); how many people ride in a car driven instead (1.5, the European
   * Environment Agency's average occupancy); and for how many days a passenger's rating link answers.
   */
  OPERATIONS_EMAIL: z.email().optional(),
  CO2_GRAMS_PER_KM: z
    .string()
    .regex(new RegExp(`^(${KIND_FACTOR})?(,${KIND_FACTOR})*$`), "a list such as van:252,bus:804 (vehicle kind: grams per km)")
    .default(""),
  CAR_OCCUPANCY: z.coerce.number().min(1).max(5).default(1.5),
  RATING_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /*
   * Invoices and credit notes (src/server/services/invoices/): each country's selling company and transfer accounts
   * (COUNTRY_SELLERS, src/server/sellers.ts; the SHOP_* and TRANSFER_* settings describe Colombia's when it names
   * none), and each country's tax rate in percent, included in the prices (a country not named: 0). The default is
   * each country's general rate: IVA 19 % in Colombia and Chile, IVA 21 % in Spain, IGV 18 % in Peru, IVA 16 % in Mexico.
   */
  COUNTRY_SELLERS: countrySellersSchema.optional(),
  SHOP_LEGAL_NAME: z.string().min(1).default("Rodamos S.A.S."),
  SHOP_TAX_ID: z.string().min(1).default("NIT 900.000.000-0"),
  SHOP_LEGAL_ADDRESS: z.string().min(1).default("Calle 100 # 10-20, Bogotá, Colombia"),
  INVOICE_TAX_RATES: z
    .string()
    .regex(/^([A-Z]{2}:\d{1,2}(\.\d{1,2})?)?(,[A-Z]{2}:\d{1,2}(\.\d{1,2})?)*$/, "a list such as CO:19,CL:19 (country code: percent)")
    .default("CO:19,CL:19,ES:21,PE:18,MX:16"),
}).check((ctx) => {
  if (ctx.value.DATABASE_READ_URL && !ctx.value.DATABASE_URL) {
    ctx.issues.push({ code: "custom", input: ctx.value, path: ["DATABASE_READ_URL"], message: "DATABASE_READ_URL needs DATABASE_URL: a replica copies a PostgreSQL primary, and the embedded database has none" });
  }
  const sms = [ctx.value.SMS_ACCOUNT_SID, ctx.value.SMS_AUTH_TOKEN, ctx.value.SMS_FROM];
  if (sms.some(Boolean) && !sms.every(Boolean)) {
    ctx.issues.push({ code: "custom", input: ctx.value, path: ["SMS_ACCOUNT_SID"], message: "SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM go together: set all three or none" });
  }
});

export type Env = z.infer<typeof envSchema>;

/**
 * Settings renamed, by their former names: a deployment configured under the former name keeps its value (the new
 * name wins when both are set). The README names only the new ones.
 */
const FORMER_NAMES: Record<string, string> = { VEHICLE_SEATS: "VAN_SEATS" };

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const named = { ...source };
  for (const [name, former] of Object.entries(FORMER_NAMES)) if (named[name] === undefined && named[former] !== undefined) named[name] = named[former];
  const result = envSchema.safeParse(named);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return result.data;
}

export type ShopMode = "demo" | "production";

export function shopMode(env: Pick<Env, "NODE_ENV">): ShopMode {
  return env.NODE_ENV === "production" ? "production" : "demo";
}

/**
 * What keeps a production shop from starting, one line each (empty in demo mode): a production shop mails real
 * people, takes real money and signs sessions with a key of its own. `enabledMethods` are the methods each
 * country offers, as "ES:transferencia" (payment_methods.enabled; a bare code is Colombia's).
 */
export function productionProblems(env: Env, enabledMethods: readonly string[] | undefined): string[] {
  if (shopMode(env) !== "production") return [];
  const problems: string[] = [];
  if (!env.JWT_SECRET) problems.push("JWT_SECRET is required (at least 32 characters), the same on every process");
  else if (PUBLISHED_SECRETS.includes(env.JWT_SECRET)) problems.push("JWT_SECRET is a published example: use a random one, e.g. `openssl rand -base64 48`");
  else if (secretBits(env.JWT_SECRET) < MIN_SECRET_BITS || secretStrengthBits(env.JWT_SECRET) < MIN_SECRET_BITS) {
    problems.push("JWT_SECRET is too easy to guess (repeated or few distinct characters, a keyboard run or sequence, or words): use a random one, e.g. `openssl rand -base64 48`");
  }
  if (!env.SMTP_URL || !/^smtps?:\/\//.test(env.SMTP_URL)) problems.push("SMTP_URL is required (smtp:// or smtps://): account and order mails must reach people");
  if (!env.PUBLIC_URL) problems.push("PUBLIC_URL is required: the links in mails and payment returns are built on it");
  else if (!env.PUBLIC_URL.startsWith("https://")) problems.push("PUBLIC_URL must be https://: passwords and session tokens cross it");
  if (env.WORKERS > 1 && !env.REDIS_URL) {
    problems.push("REDIS_URL is required with WORKERS > 1: without it each process counts log-in attempts apart and the limits multiply");
  }
  if (env.PAYMENT_SIMULATORS) problems.push("PAYMENT_SIMULATORS cannot be on in production: anyone could pay with them");
  // Unknown (a database not open yet, which is not new): the settings of each method wait until it is.
  const enabled = new Set((enabledMethods ?? []).map((entry) => entry.split(":").pop()!));
  if (enabled.has(PAYMENT_CODE.webpay)) {
    if (!env.WEBPAY_BASE_URL) problems.push("WEBPAY_BASE_URL is required while Webpay is enabled");
    else if (hostOf(env.WEBPAY_BASE_URL) === WEBPAY_INTEGRATION_HOST || env.WEBPAY_BASE_URL.includes(SIMULATOR_PREFIX)) {
      problems.push(`WEBPAY_BASE_URL must be Transbank's production host, not the integration host (${WEBPAY_INTEGRATION_HOST}) or the simulator`);
    }
    if (env.WEBPAY_COMMERCE_CODE === WEBPAY_INTEGRATION_COMMERCE_CODE || env.WEBPAY_API_KEY === WEBPAY_INTEGRATION_API_KEY) {
      problems.push("WEBPAY_COMMERCE_CODE and WEBPAY_API_KEY must be the shop's own, not Transbank's integration credentials");
    }
  }
  if (enabled.has(PAYMENT_CODE.mercadopago) && (!env.MERCADOPAGO_BASE_URL || !env.MERCADOPAGO_ACCESS_TOKEN || !env.MERCADOPAGO_WEBHOOK_SECRET)) {
    problems.push("MERCADOPAGO_BASE_URL, MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET are required while MercadoPago is enabled");
  } else if (enabled.has(PAYMENT_CODE.mercadopago)) {
    if (env.MERCADOPAGO_BASE_URL!.includes(SIMULATOR_PREFIX) || isPlaceholderHost(env.MERCADOPAGO_BASE_URL!)) {
      problems.push("MERCADOPAGO_BASE_URL must be MercadoPago's API, not the shop's simulator");
    }
    if (env.MERCADOPAGO_ACCESS_TOKEN === SIMULATOR_MERCADOPAGO_ACCESS_TOKEN || env.MERCADOPAGO_WEBHOOK_SECRET === SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET) {
      problems.push("MERCADOPAGO_ACCESS_TOKEN and MERCADOPAGO_WEBHOOK_SECRET must be the shop's own, not the simulator's published ones");
    }
  }
  // Each country that sells by transfer needs its own company's real account: a buyer is told to pay into it.
  for (const country of transferCountries(enabledMethods ?? [])) {
    if (!transferAccountMissing(env, country, isSampleAccount)) continue;
    if (country === "CO" && !env.COUNTRY_SELLERS?.CO) {
      problems.push("TRANSFER_BANK_NAME, TRANSFER_ACCOUNT_ID, TRANSFER_ACCOUNT_TYPE, TRANSFER_DNI and TRANSFER_EMAIL (or COUNTRY_SELLERS.CO) must name the shop's real account while bank transfer is enabled in Colombia");
    } else {
      problems.push(`COUNTRY_SELLERS.${country} must name the company and a real bank account of ${country}: it sells by bank transfer, and its buyers would be sent a sample account`);
    }
  }
  return problems;
}

/**
 * The countries an enabled-methods list sells by transfer in: entries are "ES:transferencia" (a country's method) or
 * a bare method code, which names Colombia's (the older, single-country form).
 */
function transferCountries(enabledMethods: readonly string[]): CountryCode[] {
  const countries = new Set<CountryCode>();
  for (const entry of enabledMethods) {
    const [country, code] = entry.includes(":") ? entry.split(":") : ["CO", entry];
    if (code === PAYMENT_CODE.transferencia && (COUNTRIES as readonly string[]).includes(country!)) countries.add(country as CountryCode);
  }
  return [...countries];
}

/** The demo's sample accounts, or one whose details are plainly not real (an .example address). */
function isSampleAccount(account: BankAccount): boolean {
  if (account.number === SAMPLE_TRANSFER_ACCOUNT_ID || account.holderId === SAMPLE_TRANSFER_DNI || account.email === SAMPLE_TRANSFER_EMAIL) return true;
  if (/@[^@]*\.example$/i.test(account.email)) return true;
  return Object.values(SAMPLE_SELLERS).some((seller) => seller.accounts.some((sample) => (sample.number && sample.number === account.number) || (sample.iban && sample.iban === account.iban)));
}

/** Throws the production problems as one clear message (see productionProblems). */
export function assertReadyToServe(env: Env, enabledMethods: readonly string[] | undefined): void {
  const problems = productionProblems(env, enabledMethods);
  if (problems.length) {
    throw new Error(`Refusing to start in production (NODE_ENV=production):\n${problems.map((line) => `  ${line}`).join("\n")}\nSee README "Production".`);
  }
}
