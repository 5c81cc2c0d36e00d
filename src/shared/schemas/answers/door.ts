/** The van-door check-in's answers: whether the ticket may board, with its holder, plus the leg and who scanned first. */
import * as z from "zod/mini";
import { SYNC_OUTCOMES } from "../../domain/door-sync";
import { BOARDING_LEGS } from "../door";

export const ticketPublicKeySchema = z.object({ kty: z.literal("OKP"), crv: z.literal("Ed25519"), x: z.string(), kid: z.string() });

const ticketHolder = {
  customer: z.object({ name: z.string(), email: z.string() }),
  /** The ride's date (the event date, or the day chosen for a date-range event), ISO. */
  date: z.nullable(z.string()),
  event: z.object({ name: z.string(), placeName: z.string() }),
  ticketQuantity: z.number(),
};

/** A passenger's check-in of a leg: when it was first scanned and by whom (null: a staff account since removed). */
export const boardingEntrySchema = z.object({ passengerId: z.number(), leg: z.enum(BOARDING_LEGS), at: z.string(), staffName: z.nullable(z.string()) });

/** A scan as staff see it: when and by whom. */
const scanSchema = z.object({ at: z.string(), staffName: z.nullable(z.string()) });

export const checkCompleteAnswerSchema = z.object({
  orderId: z.number(),
  ...ticketHolder,
  /** The order's event date (null for a date-range event's chosen day). */
  eventDateId: z.nullable(z.number()),
  leg: z.enum(BOARDING_LEGS),
  /** The leg's check-in time: this scan's, or on a repeat scan the first scan's. */
  checkedInAt: z.string(),
  /** True when this scan boarded nobody new (the passenger, or every passenger of an order's code, was in already): `checkedInAt` and `checkedInBy` are the first scan's. */
  alreadyCheckedIn: z.boolean(),
  checkedInBy: z.nullable(z.string()),
  /** The passenger a passenger's code names; null for the order's code (every passenger of the order). */
  passenger: z.nullable(z.object({ passengerId: z.number(), name: z.string() })),
  /** Every passenger of the order and whether they are checked in on this leg now. */
  passengers: z.array(z.object({ passengerId: z.number(), name: z.string(), checkedIn: z.boolean() })),
  /** How many of the order's passengers are checked in on this leg now. */
  checkedInCount: z.number(),
  /** The event country's clock (IANA), in which the ride's date and the scan times are read. */
  timeZone: z.string(),
});
export type CheckCompleteAnswer = z.infer<typeof checkCompleteAnswerSchema>;

/** The paid orders of one event date, for checking tickets at the door without network. */
export const offlineManifestSchema = z.object({
  eventDateId: z.number(),
  date: z.string(),
  event: z.object({ name: z.string(), placeName: z.string() }),
  generatedAt: z.string(),
  /** The event country's clock (IANA), in which its times are read; absent from lists a door kept from before. */
  timeZone: z.optional(z.string()),
  publicKey: ticketPublicKeySchema,
  orders: z.array(
    z.object({
      orderId: z.number(),
      /** paid, or cancelled: a cancelled order's codes are refused offline too. */
      state: z.string(),
      /** A payment of the order was given back: its codes are refused. */
      refunded: z.boolean(),
      eventDateId: z.nullable(z.number()),
      ...ticketHolder,
      passengers: z.array(z.object({ passengerId: z.number(), name: z.string() })),
      checkIns: z.array(boardingEntrySchema),
    }),
  ),
});
export type OfflineManifest = z.infer<typeof offlineManifestSchema>;

/** The next event dates with paid orders (from yesterday on), to choose which manifest to take along. */
/** `timeZone`: the event country's clock (IANA), in which its times are read; absent from lists a door kept from before. */
export const doorDatesSchema = z.array(z.object({ eventDateId: z.number(), date: z.string(), eventName: z.string(), paidOrders: z.number(), timeZone: z.optional(z.string()) }));

/** A passenger boarded twice on one leg by two doors offline: the scan that stands (the earliest) and the other. */
export const boardingConflictSchema = z.object({
  passengerId: z.number(),
  name: z.string(),
  leg: z.enum(BOARDING_LEGS),
  kept: scanSchema,
  other: scanSchema,
  /** The event country's clock (IANA), in which both scans' times are read. */
  timeZone: z.string(),
});

/**
 * What became of each offline check-in (src/shared/domain/door-sync.ts): `new` recorded now; `repeat` this
 * nonce was already applied (a replay), or boarded nobody new; `conflict` another door had let one of its
 * passengers in on the same leg (both scans kept, listed); `refused` with the code.
 */
export const doorSyncAnswerSchema = z.object({
  results: z.array(
    z.object({
      nonce: z.string(),
      outcome: z.enum(SYNC_OUTCOMES),
      orderId: z.nullable(z.number()),
      code: z.optional(z.string()),
      checkedInAt: z.optional(z.string()),
      checkedInBy: z.optional(z.nullable(z.string())),
      conflicts: z.array(boardingConflictSchema),
    }),
  ),
});
export type DoorSyncAnswer = z.infer<typeof doorSyncAnswerSchema>;

const boardedSchema = z.object({ checkedIn: z.number(), expected: z.number() });

/** GET /shop-api/staff/checkins/progress: how many of an event date's paid passengers have boarded. */
export const boardingProgressSchema = z.object({
  eventDateId: z.number(),
  /** The leg the runs are counted on. */
  leg: z.enum(BOARDING_LEGS),
  outbound: boardedSchema,
  return: boardedSchema,
  /** Whether the date and leg have a dispatch plan with runs. */
  planned: z.boolean(),
  /**
   * The dispatch runs of the date and leg, in the plan's order (`number` from 1), each with its paid passengers on
   * board (door or driver), those still missing and the driver's no-shows; last, `runId` null and `number` 0, the
   * paid passengers in no run.
   */
  runs: z.array(
    z.object({
      runId: z.nullable(z.number()),
      number: z.number(),
      vehicle: z.nullable(z.string()),
      driver: z.nullable(z.string()),
      departsAt: z.nullable(z.string()),
      checkedIn: z.number(),
      expected: z.number(),
      missing: z.array(z.object({ name: z.string(), phone: z.string() })),
      noShows: z.array(z.object({ name: z.string(), phone: z.string() })),
    }),
  ),
  /** Passengers two offline doors both let in on one leg. */
  conflicts: z.array(z.object({ orderId: z.number(), ...boardingConflictSchema.shape })),
});
export type BoardingProgress = z.infer<typeof boardingProgressSchema>;
