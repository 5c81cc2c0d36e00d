import { describe, expect, it } from "vitest";
import { orderIdFrom, viewOf } from "./order-id";

describe("orderIdFrom", () => {
  it("reads the id from the path, also under a site prefix", () => {
    expect(orderIdFrom({ pathname: "/order-detail/42", search: "" })).toBe("42");
    expect(orderIdFrom({ pathname: "/cl/es-cl/order-detail/ORD-7", search: "?token_ws=abc" })).toBe("ORD-7");
  });

  it("falls back to the query string", () => {
    expect(orderIdFrom({ pathname: "/order-detail", search: "?orderId=17" })).toBe("17");
    expect(orderIdFrom({ pathname: "/order-detail", search: "?id=9" })).toBe("9");
  });

  it("refuses a missing or odd id", () => {
    expect(orderIdFrom({ pathname: "/order-detail", search: "" })).toBeUndefined();
    expect(orderIdFrom({ pathname: "/order-detail/..%2f", search: "" })).toBeUndefined();
  });
});

describe("viewOf", () => {
  it("maps the payment state to the view the spec names", () => {
    expect(viewOf("paid")).toBe("success");
    expect(viewOf("cancelled")).toBe("cancelled");
    expect(viewOf("awaiting_payment")).toBe("error");
    expect(viewOf(undefined)).toBe("error");
  });
});
