/** The van door's journeys: paid tickets bought through the API, and a fake camera that shows one of them. */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { expect, type APIRequestContext, type Locator } from "@playwright/test";
import QRCode from "qrcode";
import sharp from "sharp";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { PASSWORD, verifiedCustomer } from "./account-helpers";
import { FESTIVAL } from "./booking-helpers";
import type { Need } from "../../src/shared/domain/needs";

async function data<T>(answer: Promise<{ status(): number; json(): Promise<unknown> }>, status = 200): Promise<T> {
  const response = await answer;
  const body = (await response.json()) as { data: T };
  expect(response.status(), JSON.stringify(body)).toBe(status);
  return body.data;
}

export async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  return (await data<{ token: string }>(request.post("/shop-api/login", { data: { email, password } }))).token;
}

export interface PaidTicket {
  orderId: number;
  qr: string;
  customer: { name: string; email: string };
  /** Each passenger's own code, as the account page shows them. */
  passengers: { passengerId: number; name: string; qr: string }[];
}

/**
 * One seat per passenger named to an event's first date, to pay by bank transfer, booked through the API by the
 * account `auth` speaks for (its mail on every passenger), on the site `site` ("" for Colombia's): the order's id and
 * the account number the answer tells the buyer to transfer to.
 */
export async function transferOrder(
  request: APIRequestContext,
  auth: { authorization: string },
  email: string,
  passengerNames: string[],
  slug: string,
  pickup: { address: string; phone: string; needs?: Need[] },
  site = "",
): Promise<{ orderId: number; iban: string }> {
  const event = await data<{ id: number; calendars: { id: number }[]; place: { id: number } }>(request.get(`/api/events/${slug}`));
  const eventDateId = event.calendars[0]!.id;
  const categories = await data<{ subCategories: { productVariantId: number; provinceId: number; approach: unknown[]; stock: number }[] }[]>(
    request.get(`/api/events/${event.id}/product-variant?eventDateId=${eventDateId}`),
  );
  const variant = categories.flatMap((category) => category.subCategories).find((sub) => sub.approach.length === 0 && sub.stock > 0)!;
  const provinces = await data<{ id: number; counties: { id: number }[] }[]>(request.get(`/api/provinces/by-event/${event.id}`));
  const county = provinces.find((province) => province.id === variant.provinceId)!.counties[0]!.id;
  return data<{ orderId: number; iban: string }>(
    request.post("/shop-api/init-payment", {
      headers: auth,
      data: {
        url: `${site}/event/${slug}`,
        eventDateId,
        provinceId: variant.provinceId,
        paymentCode: "transferencia",
        tickets: passengerNames.map((name) => ({
          placeId: event.place.id,
          productVariantId: variant.productVariantId,
          passengers: [{ name, email, phone: pickup.phone, passengerAddress: pickup.address, ...(pickup.needs ? { needs: pickup.needs } : {}) }],
          addresses: [{ address: pickup.address, commune_id: county }],
        })),
      },
    }),
    201,
  );
}

/**
 * A new customer buys one festival seat per passenger named (one, the buyer, by default) by bank transfer and
 * staff confirm the transfer: a paid order whose codes are the ones the account page shows.
 */
export async function paidTicket(
  request: APIRequestContext,
  firstName: string,
  passengerNames: string[] = [`${firstName} Pasajera`],
  slug = FESTIVAL,
  /** Where the passengers are picked up, the phone they give, and what they need on board. */
  pickup: { address?: string; phone?: string; needs?: Need[] } = {},
): Promise<PaidTicket> {
  const person = await verifiedCustomer(request, firstName, "Pasajera");
  const auth = { authorization: `Bearer ${await tokenOf(request, person.email, PASSWORD)}` };
  const started = await transferOrder(request, auth, person.email, passengerNames, slug, {
    address: pickup.address ?? "Calle 1 # 2-3",
    phone: pickup.phone ?? "3001234567",
    ...(pickup.needs ? { needs: pickup.needs } : {}),
  });
  const staff = { authorization: `Bearer ${await tokenOf(request, DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password)}` };
  await data(request.post(`/shop-api/staff/orders/${started.orderId}/confirm-transfer`, { headers: staff }));
  const detail = await data<{ qr: string; passengerTickets: { passengerId: number; name: string; qr: string }[] }>(
    request.get(`/shop-api/order-detail/${started.orderId}`, { headers: auth }),
  );
  return {
    orderId: started.orderId,
    qr: detail.qr,
    customer: { name: `${person.firstName} ${person.lastName}`, email: person.email },
    passengers: detail.passengerTickets.map(({ passengerId, name, qr }) => ({ passengerId, name, qr })),
  };
}

/** The code's width in pixels and its shift from the centre, frame group by frame group. */
const FAKE_CAMERA_VIEWS: [number, number][] = [
  [280, 0],
  [236, 7],
  [320, -5],
  [258, -9],
  [300, 11],
];

/**
 * A Y4M video (what Chromium's --use-file-for-fake-video-capture plays in a loop) of the QR code on white, at
 * five sizes in turn, each a few pixels off centre: the decoder misses some codes at one size and position (about
 * one code in forty at all of three centred sizes, so a door journey's six reads failed one run in seven) and finds
 * them at another, as a hand moving a phone gives it. I420: the grey picture is the Y plane; both colour planes
 * are neutral (128). A miss is the same on every loop of the same video: `variant` draws the code bigger and turned
 * a few degrees, for a second try that the decoder sees differently.
 */
export async function writeFakeCamera(file: string, text: string, variant = 0): Promise<void> {
  const [width, height] = [640, 480];
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frames: Buffer[] = [];
  for (const [baseSize, baseShift] of FAKE_CAMERA_VIEWS) {
    const [size, shift] = [baseSize + 14 * variant, baseShift - 4 * variant];
    const square = await QRCode.toBuffer(text, { errorCorrectionLevel: "M", margin: 4, width: size });
    const png = variant === 0 ? square : await sharp(square).rotate(variant % 2 === 1 ? 3 : -3, { background: "#ffffff" }).png().toBuffer();
    const { width: drawn = size } = await sharp(png).metadata();
    const luma = await sharp({ create: { width, height, channels: 3, background: "#ffffff" } })
      .composite([{ input: png, left: Math.round((width - drawn) / 2) + shift, top: Math.round((height - drawn) / 2) + shift }])
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const y = Buffer.alloc(width * height);
    for (let i = 0; i < width * height; i += 1) y[i] = luma.data[i * luma.info.channels]!;
    const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
    for (let copy = 0; copy < 3; copy += 1) frames.push(frame);
  }
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  mkdirSync(dirname(file), { recursive: true });
  // Written beside and renamed over the old file: a camera that opens while the test writes gets a whole video,
  // never a half-written one whose missing frames Chromium would play as blank.
  writeFileSync(`${file}.new`, Buffer.concat([header, ...frames]));
  renameSync(`${file}.new`, file);
}

/** Takes the festival's first listed date along for working offline, and waits until its list is on the device. */
export async function takeFestivalAlong(door: Locator): Promise<void> {
  await door.getByText("Listado para trabajar sin conexión").click();
  const festival = door.getByRole("checkbox", { name: /Festival Sonidos de la Sabana/ }).first();
  if (!(await festival.isChecked())) {
    await festival.check();
    await door.getByRole("button", { name: "Descargar listados" }).click();
  }
  await expect(door.locator(".door-manifest-saved").getByText(/Festival Sonidos de la Sabana, .*: \d+ pedidos?/)).toBeVisible();
}

/**
 * Waits until the door's camera reads the order's code (`qr`, what the fake camera file shows). The decoder misses
 * a few codes in a given drawing of them, and misses them on every loop of the video: after a miss the code is drawn
 * otherwise (bigger, turned) and the camera turned off and on, four times at most. The file keeps the drawing that was
 * read, so later reads of the same code find it at once.
 */
export async function readByCamera(door: Locator, cameraFile: string, orderId: number, qr: string): Promise<void> {
  const read = door.getByText(`Código leído: pedido N.º ${orderId}`);
  for (let variant = 1; ; variant += 1) {
    try {
      await expect(read).toBeVisible({ timeout: 12_000 });
      return;
    } catch (missed) {
      if (variant > 4) throw missed;
      await writeFakeCamera(cameraFile, qr, variant);
      await door.getByRole("button", { name: "Detener cámara" }).click();
      await door.getByRole("button", { name: "Activar cámara" }).click();
    }
  }
}
