/**
 * A gateway's side of the money: what it settled (paid out to the shop's account), line by line, read from the
 * settlement file or report the gateway gives (each gateway's reader sits beside its payment adapter). The
 * reconciliation sets these lines against the shop's payments and refunds (services/reports/settlement-match.ts).
 */
import type { SettlementGateway } from "../../shared/domain/reconciliation";
import { readMercadoPagoReleases } from "./mercadopago-settlement";
import type { SettlementLine } from "./settlement-line";

export { SettlementFileError, type SettlementLine } from "./settlement-line";

/** Reads a gateway's settlement file to its lines, amounts in `currency`'s minor units; throws SettlementFileError. */
export type SettlementReader = (bytes: Buffer, currency: string) => SettlementLine[];

/**
 * The gateways whose settlement the shop reads. Webpay (Transbank) is not among them: its settlement ("liquidación")
 * file is handed to the merchant in Transbank's portal, and its layout is not public (docs/decisions.md).
 */
export const SETTLEMENT_READERS: Record<SettlementGateway, SettlementReader> = { mercadopago: readMercadoPagoReleases };
