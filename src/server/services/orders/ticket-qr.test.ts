import { describe, expect, it } from "vitest";
import { parseEnv } from "../../env";
import { readTicketQr, ticketQrImage, ticketQrText } from "./ticket-qr";

const env = parseEnv({ NODE_ENV: "test", JWT_SECRET: "qr-tests-secret-that-is-long-enough-000" });
const otherShop = parseEnv({ NODE_ENV: "test", JWT_SECRET: "another-shop-secret-that-is-long-enough" });

describe("ticket QR", () => {
  it("carries the order id and a signature the shop recognises", () => {
    const text = ticketQrText(env, 42);
    expect(JSON.parse(text)).toMatchObject({ orderId: 42, sig: expect.any(String) });
    expect(readTicketQr(env, text)).toBe(42);
  });

  it("tells a forged code: another order id under the same signature", () => {
    const { sig } = JSON.parse(ticketQrText(env, 42)) as { sig: string };
    expect(readTicketQr(env, JSON.stringify({ orderId: 43, sig }))).toBeNull();
  });

  it("tells a code signed with another key, or with no signature", () => {
    expect(readTicketQr(env, ticketQrText(otherShop, 42))).toBeNull();
    expect(readTicketQr(env, JSON.stringify({ orderId: 42 }))).toBeNull();
    expect(readTicketQr(env, "not json")).toBeNull();
  });

  it("renders as a PNG data URL", async () => {
    const image = await ticketQrImage(ticketQrText(env, 7));
    expect(image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
  });
});
