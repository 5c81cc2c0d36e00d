/** A line of a gateway's settlement file, as every gateway's reader gives it (settlement.ts). */
import type { MovementKind } from "../../shared/domain/reconciliation";

/** One movement the gateway settled, in the file's currency (the account's). */
export interface SettlementLine {
  /** The gateway's id of the movement it settled: MercadoPago's payment id (SOURCE_ID). */
  gatewayId: string;
  /** A capture paid out, or a refund taken back. */
  kind: MovementKind;
  /** Minor units, positive: what the movement was worth (gross). */
  gross: number;
  /** Minor units: what the gateway kept of it (its fee, financing fee), positive. */
  fee: number;
  /** Minor units: what reached (or left) the account: gross − fee for a capture. */
  net: number;
  /** When the money was released to the account, ISO instant. */
  settledAt: string;
  /** The shop's reference the gateway carried (EXTERNAL_REFERENCE), when any. */
  reference: string | null;
  /** The line's number in the file (1 = the header), so finance can find it. */
  line: number;
}

/** A refusal of a settlement file, naming what is wrong (a missing column, a line that is not a number). */
export class SettlementFileError extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

