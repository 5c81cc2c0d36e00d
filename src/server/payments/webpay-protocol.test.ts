import { describe, expect, it } from "vitest";
import { isAuthorized } from "./webpay";
import { buyOrderFor, classifyWebpayReturn, orderIdFromBuyOrder } from "./webpay-protocol";

describe("Webpay return flows", () => {
  const token = "e".repeat(64);
  it("tells the four documented flows apart", () => {
    expect(classifyWebpayReturn({ token_ws: token })).toEqual({ kind: "normal", token });
    expect(classifyWebpayReturn({ TBK_TOKEN: token, TBK_ORDEN_COMPRA: "R1-a", TBK_ID_SESION: "s" })).toEqual({ kind: "aborted", token, buyOrder: "R1-a", sessionId: "s" });
    expect(classifyWebpayReturn({ token_ws: token, TBK_TOKEN: "x", TBK_ORDEN_COMPRA: "R1-a", TBK_ID_SESION: "s" })).toEqual({ kind: "form_error", token, buyOrder: "R1-a", sessionId: "s" });
    expect(classifyWebpayReturn({ TBK_ORDEN_COMPRA: "R1-a", TBK_ID_SESION: "s" })).toEqual({ kind: "timeout", buyOrder: "R1-a", sessionId: "s" });
  });

  it("calls anything else invalid", () => {
    expect(classifyWebpayReturn({}).kind).toBe("invalid");
    expect(classifyWebpayReturn({ TBK_TOKEN: token }).kind).toBe("invalid");
    expect(classifyWebpayReturn({ token_ws: " " }).kind).toBe("invalid");
    expect(classifyWebpayReturn({ token_ws: token, TBK_ORDEN_COMPRA: "R1-a" }).kind).toBe("invalid");
  });
});

describe("Webpay buy order", () => {
  it("carries the order id within Transbank's 26 characters", () => {
    const buyOrder = buyOrderFor(123456789, "0a1b2c3d");
    expect(buyOrder).toBe("R123456789-0a1b2c3d");
    expect(buyOrder.length).toBeLessThanOrEqual(26);
    expect(orderIdFromBuyOrder(buyOrder)).toBe(123456789);
    expect(orderIdFromBuyOrder("ordenCompra123")).toBeNull();
  });
});

describe("Webpay approval rule", () => {
  it("approves only response_code 0 with status AUTHORIZED", () => {
    expect(isAuthorized({ response_code: 0, status: "AUTHORIZED" })).toBe(true);
    expect(isAuthorized({ response_code: -1, status: "AUTHORIZED" })).toBe(false);
    expect(isAuthorized({ response_code: 0, status: "FAILED" })).toBe(false);
    expect(isAuthorized({ response_code: undefined, status: "INITIALIZED" })).toBe(false);
  });
});
