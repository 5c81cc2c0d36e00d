/**
 * Who sells in each country: the company (legal name, tax id and its kind, address) printed on its invoices and
 * credit notes, and the bank account(s) its buyers transfer to. Each country's events are sold by that country's
 * company, so a Spanish order is told to pay a Spanish account and is invoiced by the Spanish company.
 *
 * Set with COUNTRY_SELLERS, a JSON object by country code (see README "Production"); a country it does not name
 * keeps the demo's sample company and account (nobody's), except Colombia, which the older single settings
 * (SHOP_LEGAL_NAME, SHOP_TAX_ID, SHOP_LEGAL_ADDRESS, TRANSFER_*) still describe. A production shop refuses to start
 * while a country that sells by transfer still has the sample account (env.ts productionProblems).
 */
import { z } from "zod";
import { COUNTRIES, type CountryCode } from "../shared/locales";

export const bankAccountSchema = z.strictObject({
  bank: z.string().min(1),
  /** "Ahorros", "Cuenta corriente", "CLABE"…: what the country's buyers call the account's kind. */
  type: z.string().min(1).optional(),
  /** The account's number (not for an IBAN country). */
  number: z.string().min(1).optional(),
  /** Spain (and any SEPA account): the IBAN and the bank's BIC. */
  iban: z
    .string()
    .transform((value) => value.replace(/\s+/g, "").toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, "an IBAN such as ES9121000418450200051332"))
    .optional(),
  bic: z
    .string()
    .regex(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/, "a BIC of 8 or 11 characters")
    .optional(),
  holder: z.string().min(1),
  /** The holder's tax id, as buyers type it into their bank. */
  holderId: z.string().min(1),
  /** Where buyers send their receipt. */
  email: z.email(),
});
export type BankAccount = z.infer<typeof bankAccountSchema>;

export const sellerSchema = z.strictObject({
  legalName: z.string().min(1),
  /** NIT, RUT, NIF, RUC, RFC. */
  taxIdKind: z.string().min(1),
  taxId: z.string().min(1),
  address: z.string().min(1),
  accounts: z.array(bankAccountSchema.refine((account) => account.number || account.iban, "an account needs its number or its IBAN")).default([]),
});
export type Seller = z.infer<typeof sellerSchema>;

/** COUNTRY_SELLERS: JSON text, `{ "ES": { legalName, taxIdKind, taxId, address, accounts: [{ bank, iban, bic, holder, holderId, email }] }, … }`. */
export const countrySellersSchema = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: "custom", message: "must be JSON: an object by country code" });
      return z.NEVER;
    }
  })
  .pipe(z.partialRecord(z.enum(COUNTRIES), sellerSchema));
export type CountrySellers = z.infer<typeof countrySellersSchema>;

/** The settings a seller is read from (env.ts). */
export interface SellerSettings {
  COUNTRY_SELLERS?: CountrySellers;
  SHOP_LEGAL_NAME: string;
  SHOP_TAX_ID: string;
  SHOP_LEGAL_ADDRESS: string;
  TRANSFER_BANK_NAME: string;
  TRANSFER_ACCOUNT_ID: string;
  TRANSFER_ACCOUNT_TYPE: string;
  TRANSFER_DNI: string;
  TRANSFER_EMAIL: string;
}

/** The demo's companies and accounts: shaped like real ones, nobody's. */
export const SAMPLE_SELLERS: Record<Exclude<CountryCode, "CO">, Seller> = {
  CL: {
    legalName: "Rodamos Chile SpA",
    taxIdKind: "RUT",
    taxId: "76.000.000-0",
    address: "Av. Providencia 1000, Providencia, Santiago, Chile",
    accounts: [{ bank: "Banco de Chile", type: "Cuenta corriente", number: "00-000-00000-00", holder: "Rodamos Chile SpA", holderId: "76.000.000-0", email: "pagos.cl@rodamos.example" }],
  },
  ES: {
    legalName: "Rodamos España S.L.",
    taxIdKind: "NIF",
    taxId: "B00000000",
    address: "Calle de Alcalá 100, 28009 Madrid, España",
    accounts: [{ bank: "CaixaBank", iban: "ES0000000000000000000000", bic: "CAIXESBBXXX", holder: "Rodamos España S.L.", holderId: "B00000000", email: "pagos.es@rodamos.example" }],
  },
  PE: {
    legalName: "Rodamos Perú S.A.C.",
    taxIdKind: "RUC",
    taxId: "20000000000",
    address: "Av. José Larco 100, Miraflores, Lima, Perú",
    accounts: [{ bank: "BCP", type: "Cuenta corriente", number: "000-0000000-0-00", holder: "Rodamos Perú S.A.C.", holderId: "20000000000", email: "pagos.pe@rodamos.example" }],
  },
  MX: {
    legalName: "Rodamos México S.A. de C.V.",
    taxIdKind: "RFC",
    taxId: "RME000000AA0",
    address: "Paseo de la Reforma 100, Cuauhtémoc, Ciudad de México, México",
    accounts: [{ bank: "BBVA México", type: "CLABE", number: "000000000000000000", holder: "Rodamos México S.A. de C.V.", holderId: "RME000000AA0", email: "pagos.mx@rodamos.example" }],
  },
};

/** Colombia's company and account from the older single settings ("NIT 900.000.000-0" names its kind first). */
function colombianSeller(env: SellerSettings): Seller {
  const [, kind, id] = /^(NIT|RUT|NIF|RUC|RFC)\s+(.+)$/.exec(env.SHOP_TAX_ID.trim()) ?? [];
  return {
    legalName: env.SHOP_LEGAL_NAME,
    taxIdKind: kind ?? "NIT",
    taxId: id ?? env.SHOP_TAX_ID,
    address: env.SHOP_LEGAL_ADDRESS,
    accounts: [
      { bank: env.TRANSFER_BANK_NAME, type: env.TRANSFER_ACCOUNT_TYPE, number: env.TRANSFER_ACCOUNT_ID, holder: env.SHOP_LEGAL_NAME, holderId: env.TRANSFER_DNI, email: env.TRANSFER_EMAIL },
    ],
  };
}

/** The company selling a country's events (an unknown country: Colombia's, the shop's home). */
export function sellerOf(env: SellerSettings, country: string): Seller {
  const code = country.toUpperCase() as CountryCode;
  const configured = env.COUNTRY_SELLERS?.[code];
  if (configured) return configured;
  if (code !== "CO" && Object.hasOwn(SAMPLE_SELLERS, code)) return SAMPLE_SELLERS[code as Exclude<CountryCode, "CO">];
  return colombianSeller(env);
}

/** Whether a country's transfer account is still a sample (or missing): a production shop may not sell by transfer so. */
export function transferAccountMissing(env: SellerSettings, country: CountryCode, isSample: (account: BankAccount) => boolean): boolean {
  const seller = sellerOf(env, country);
  return seller.accounts.length === 0 || seller.accounts.every(isSample);
}

/**
 * What a buyer is told to transfer to (the payment page, the instructions mail): the country's first account, in the
 * payment answer's words (`accountId` the number, `dni` the holder's tax id). Spain's has an IBAN and BIC instead of
 * a number and kind.
 */
export interface TransferDetails {
  bankName: string;
  accountType?: string;
  accountId?: string;
  iban?: string;
  bic?: string;
  holder: string;
  dni: string;
  email: string;
}

export function transferDetailsOf(env: SellerSettings, country: string): TransferDetails {
  const seller = sellerOf(env, country);
  const account = seller.accounts[0] ?? sellerOf(env, "CO").accounts[0]!;
  return {
    bankName: account.bank,
    ...(account.type ? { accountType: account.type } : {}),
    ...(account.number ? { accountId: account.number } : {}),
    ...(account.iban ? { iban: formatIban(account.iban) } : {}),
    ...(account.bic ? { bic: account.bic } : {}),
    holder: account.holder,
    dni: account.holderId,
    email: account.email,
  };
}

/** An IBAN as people copy it: groups of four. */
export const formatIban = (iban: string) => iban.replace(/(.{4})(?=.)/g, "$1 ");
