import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ticketKeyFrom } from "../../auth/ticket-key";
import { importTicketKey, verifyTicketCode } from "../../../shared/tickets/ticket-code";
import { readTicketQr, ticketQrImage, ticketQrText } from "./ticket-qr";

const shopKey = ticketKeyFrom(generateKeyPairSync("ed25519").privateKey);
const otherShop = ticketKeyFrom(generateKeyPairSync("ed25519").privateKey);

describe("ticket QR", () => {
  it("carries the order id, the key's id and a signature the shop recognises", () => {
    const text = ticketQrText(shopKey, 42);
    expect(JSON.parse(text)).toEqual({ orderId: 42, kid: shopKey.publicJwk.kid, sig: expect.stringMatching(/^[\w-]{86}$/) });
    expect(readTicketQr(shopKey, text)).toBe(42);
  });

  it("tells a forged code: another order id under the same signature", () => {
    const code = JSON.parse(ticketQrText(shopKey, 42)) as { kid: string; sig: string };
    expect(readTicketQr(shopKey, JSON.stringify({ ...code, orderId: 43 }))).toBeNull();
  });

  it("tells a code signed with another key (even one naming this key's id), or with no signature", () => {
    expect(readTicketQr(shopKey, ticketQrText(otherShop, 42))).toBeNull();
    const forged = { ...(JSON.parse(ticketQrText(otherShop, 42)) as object), kid: shopKey.publicJwk.kid };
    expect(readTicketQr(shopKey, JSON.stringify(forged))).toBeNull();
    expect(readTicketQr(shopKey, JSON.stringify({ orderId: 42 }))).toBeNull();
    expect(readTicketQr(shopKey, "not json")).toBeNull();
  });

  it("is checked the same way in the browser, with only the public key (WebCrypto Ed25519)", async () => {
    const { publicJwk } = shopKey;
    const key = await importTicketKey(publicJwk);
    const text = ticketQrText(shopKey, 42);
    expect(await verifyTicketCode(key, publicJwk.kid, text)).toBe(42);
    const code = JSON.parse(text) as { kid: string; sig: string };
    expect(await verifyTicketCode(key, publicJwk.kid, JSON.stringify({ ...code, orderId: 43 }))).toBeNull();
    const flipped = code.sig.slice(0, 10) + (code.sig[10] === "A" ? "B" : "A") + code.sig.slice(11);
    expect(await verifyTicketCode(key, publicJwk.kid, JSON.stringify({ ...code, sig: flipped }))).toBeNull();
    const other = JSON.parse(ticketQrText(otherShop, 42)) as object;
    expect(await verifyTicketCode(key, publicJwk.kid, JSON.stringify({ ...other, kid: publicJwk.kid }))).toBeNull();
    expect(await verifyTicketCode(key, publicJwk.kid, '{"orderId":42}')).toBeNull();
  });

  it("renders as a PNG data URL", async () => {
    const image = await ticketQrImage(ticketQrText(shopKey, 7));
    expect(image).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/=]{200,}$/);
  });
});
