/**
 * The van door without network: a code is checked against the signature (public key only), the date the door
 * works, the downloaded lists and every scan this device made; a second scan of a passenger's leg is flagged, also
 * once the first was sent; and a sync's conflicts are read from the shop's answer.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { OfflineManifest } from "../../../shared/schemas/answers/door";
import {
  passengerCodeFields,
  passengerTicketMessage,
  ticketMessage,
  verifyTicket,
  type PassengerTicket,
  type VerifiedTicket,
} from "../../../shared/tickets/ticket-code";
import { checkOfflineTicket, offlineCount, type DeviceScan, type OfflineInput } from "./offline-check";

let keys: CryptoKeyPair;
const KID = "test-kid-0000000";
const DATE = 41;
const OTHER_DATE = 42;

const base64url = (bytes: ArrayBuffer) => Buffer.from(bytes).toString("base64url");

async function passengerCode(orderId: number, ticket: PassengerTicket, signer = keys.privateKey): Promise<string> {
  const sig = base64url(await crypto.subtle.sign({ name: "Ed25519" }, signer, passengerTicketMessage(orderId, ticket) as Uint8Array<ArrayBuffer>));
  return JSON.stringify({
    ...passengerCodeFields(orderId, ticket),
    kid: KID,
    sig,
  });
}
async function orderCode(orderId: number): Promise<string> {
  const sig = base64url(await crypto.subtle.sign({ name: "Ed25519" }, keys.privateKey, ticketMessage(orderId) as Uint8Array<ArrayBuffer>));
  return JSON.stringify({ orderId, kid: KID, sig });
}

const ana = {
  passengerId: 11,
  eventDateId: DATE,
  day: "2026-12-12",
  legs: ["outbound", "return"],
} satisfies PassengerTicket;
const beto = { ...ana, passengerId: 12 };

function manifest(eventDateId: number, orders: Partial<OfflineManifest["orders"][number]>[]): OfflineManifest {
  return {
    eventDateId,
    date: eventDateId === DATE ? "2026-12-12T20:00:00.000Z" : "2026-12-19T20:00:00.000Z",
    event: { name: "Festival", placeName: "Parque" },
    generatedAt: "2026-12-12T15:00:00.000Z",
    publicKey: { kty: "OKP", crv: "Ed25519", x: "x", kid: KID },
    orders: orders.map((order) => ({
      orderId: 1,
      state: "paid",
      refunded: false,
      eventDateId,
      customer: { name: "Lucía Viajera", email: "lucia@example.com" },
      date: "2026-12-12T20:00:00.000Z",
      event: { name: "Festival", placeName: "Parque" },
      ticketQuantity: 2,
      passengers: [
        { passengerId: 11, name: "Ana" },
        { passengerId: 12, name: "Beto" },
      ],
      checkIns: [],
      ...order,
    })),
  };
}

const input = (ticket: VerifiedTicket, overrides: Partial<OfflineInput> = {}): OfflineInput => ({
  ticket,
  leg: "outbound",
  workDateId: DATE,
  manifests: [manifest(DATE, [{}])],
  scans: [],
  ...overrides,
});
const scan = (overrides: Partial<DeviceScan>): DeviceScan => ({
  nonce: "n1",
  qr: "{}",
  leg: "outbound",
  orderId: 1,
  passengerIds: [11],
  scannedAt: "2026-12-12T19:00:00.000Z",
  synced: false,
  staffName: "Pedro Portero",
  ...overrides,
});

beforeAll(async () => {
  keys = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
});

describe("the signature", () => {
  it("verifies a passenger's code and an order's code with the public key, and refuses a forged or altered one", async () => {
    expect(await verifyTicket(keys.publicKey, KID, await passengerCode(1, ana))).toEqual({ orderId: 1, passenger: ana });
    expect(await verifyTicket(keys.publicKey, KID, await orderCode(1))).toEqual({ orderId: 1, passenger: null });
    const forger = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
    expect(await verifyTicket(keys.publicKey, KID, await passengerCode(1, ana, forger.privateKey))).toBeNull();
    const altered = {
      ...(JSON.parse(await passengerCode(1, ana)) as object),
      d: "2026-12-19",
    };
    expect(await verifyTicket(keys.publicKey, KID, JSON.stringify(altered))).toBeNull();
    expect(await verifyTicket(keys.publicKey, "another-kid", await passengerCode(1, ana))).toBeNull();
  });
});

describe("the date", () => {
  it("refuses a ticket of another date than the door works, naming the ticket's date, and takes any date when none is worked", () => {
    const ticket = {
      orderId: 2,
      passenger: { ...ana, eventDateId: OTHER_DATE, day: "2026-12-19" },
    };
    expect(checkOfflineTicket(input(ticket))).toEqual({
      refused: { key: "errors.wrong_date", date: "2026-12-19" },
    });
    // Listed in a downloaded list of its date: that list's date is named.
    const lists = [manifest(DATE, []), manifest(OTHER_DATE, [{ orderId: 2, eventDateId: OTHER_DATE }])];
    expect(checkOfflineTicket(input({ orderId: 2, passenger: null }, { manifests: lists }))).toEqual({
      refused: { key: "errors.wrong_date", date: "2026-12-19T20:00:00.000Z" },
    });
    expect("admitted" in checkOfflineTicket(input(ticket, { workDateId: null, manifests: [] }))).toBe(true);
  });

  it("names the clock of the list that holds the ticket: the refusal's date and the admission are read on the event's", () => {
    const madrid = (list: OfflineManifest): OfflineManifest => ({ ...list, timeZone: "Europe/Madrid" });
    const lists = [manifest(DATE, []), madrid(manifest(OTHER_DATE, [{ orderId: 2, eventDateId: OTHER_DATE }]))];
    expect(checkOfflineTicket(input({ orderId: 2, passenger: null }, { manifests: lists }))).toEqual({
      refused: { key: "errors.wrong_date", date: "2026-12-19T20:00:00.000Z", timeZone: "Europe/Madrid" },
    });
    const verdict = checkOfflineTicket(input({ orderId: 2, passenger: null }, { manifests: lists, workDateId: null }));
    expect("admitted" in verdict && verdict.admitted.timeZone).toBe("Europe/Madrid");
  });

  it("refuses an order's code that the worked date's list does not name", () => {
    expect(checkOfflineTicket(input({ orderId: 99, passenger: null }))).toEqual({ refused: { key: "scanner.refused.not_listed" } });
  });
});

describe("the downloaded state", () => {
  it("refuses a cancelled or refunded order, a passenger taken off it, and a leg the ticket does not ride", () => {
    expect(checkOfflineTicket(input({ orderId: 1, passenger: ana }, { manifests: [manifest(DATE, [{ state: "cancelled" }])] }))).toEqual({
      refused: { key: "errors.ticket_cancelled" },
    });
    expect(checkOfflineTicket(input({ orderId: 1, passenger: ana }, { manifests: [manifest(DATE, [{ refunded: true }])] }))).toEqual({
      refused: { key: "errors.ticket_refunded" },
    });
    expect(checkOfflineTicket(input({ orderId: 1, passenger: { ...ana, passengerId: 13 } }))).toEqual({ refused: { key: "errors.ticket_cancelled" } });
    expect(checkOfflineTicket(input({ orderId: 1, passenger: { ...ana, legs: ["return"] } }))).toEqual({ refused: { key: "errors.ticket_wrong_leg" } });
  });

  it("flags a passenger the list shows on board already (a ticket used online before the download)", () => {
    const list = manifest(DATE, [
      {
        checkIns: [
          {
            passengerId: 11,
            leg: "outbound",
            at: "2026-12-12T14:00:00.000Z",
            staffName: "Olga Otra",
          },
        ],
      },
    ]);
    const verdict = checkOfflineTicket(input({ orderId: 1, passenger: ana }, { manifests: [list] }));
    expect(verdict).toMatchObject({
      admitted: {
        alreadyCheckedIn: true,
        first: { at: "2026-12-12T14:00:00.000Z", staffName: "Olga Otra" },
        boarding: [],
      },
    });
    // Beto is not on board: his code boards him; the order's code boards him alone.
    expect(checkOfflineTicket(input({ orderId: 1, passenger: beto }, { manifests: [list] }))).toMatchObject({
      admitted: {
        alreadyCheckedIn: false,
        boarding: [12],
        passenger: { passengerId: 12, name: "Beto" },
      },
    });
    expect(checkOfflineTicket(input({ orderId: 1, passenger: null }, { manifests: [list] }))).toMatchObject({
      admitted: { alreadyCheckedIn: false, boarding: [12] },
    });
    // The way back is its own leg.
    expect(checkOfflineTicket(input({ orderId: 1, passenger: ana }, { manifests: [list], leg: "return" }))).toMatchObject({
      admitted: { alreadyCheckedIn: false, boarding: [11] },
    });
  });
});

describe("this device's scans", () => {
  it("flag a second scan of the same passenger and leg, before and after the scans were sent", () => {
    for (const synced of [false, true]) {
      const verdict = checkOfflineTicket(input({ orderId: 1, passenger: ana }, { scans: [scan({ synced })] }));
      expect(verdict, String(synced)).toMatchObject({
        admitted: {
          alreadyCheckedIn: true,
          first: { at: "2026-12-12T19:00:00.000Z", staffName: "Pedro Portero" },
        },
      });
    }
    // An order's code scanned on the device boards the whole order: each passenger's code is then a repeat.
    const whole = scan({ passengerIds: null });
    expect(checkOfflineTicket(input({ orderId: 1, passenger: beto }, { scans: [whole] }))).toMatchObject({ admitted: { alreadyCheckedIn: true } });
    // An order no list names is flagged by its own scans too.
    const unlisted = { orderId: 7, passenger: null };
    expect(checkOfflineTicket(input(unlisted, { workDateId: null, manifests: [] }))).toMatchObject({ admitted: { alreadyCheckedIn: false, boarding: null } });
    expect(
      checkOfflineTicket(
        input(unlisted, {
          workDateId: null,
          manifests: [],
          scans: [scan({ orderId: 7, passengerIds: null })],
        }),
      ),
    ).toMatchObject({ admitted: { alreadyCheckedIn: true } });
  });

  it("count the date's passengers on board with the list's check-ins", () => {
    const list = manifest(DATE, [
      {
        checkIns: [
          {
            passengerId: 11,
            leg: "outbound",
            at: "2026-12-12T14:00:00.000Z",
            staffName: null,
          },
        ],
      },
      { orderId: 3, passengers: [{ passengerId: 31, name: "Carla" }] },
      {
        orderId: 4,
        state: "cancelled",
        passengers: [{ passengerId: 41, name: "Dario" }],
      },
    ]);
    expect(offlineCount(list, "outbound", [])).toEqual({
      checkedIn: 1,
      expected: 3,
    });
    expect(offlineCount(list, "outbound", [scan({ orderId: 3, passengerIds: [31] })])).toEqual({ checkedIn: 2, expected: 3 });
    expect(offlineCount(list, "return", [])).toEqual({
      checkedIn: 0,
      expected: 3,
    });
  });
});
