import { describe, expect, it } from "vitest";
import { formatMessage } from "./format-message";

const ORDERS = "La fecha {date} tiene {count, plural, one {# pedido} other {# pedidos}}";

describe("formatMessage", () => {
  it("fills placeholders and leaves unknown ones as written", () => {
    expect(formatMessage("Hola {name}, {missing}", { name: "Ana" })).toBe("Hola Ana, {missing}");
  });

  it("chooses the plural branch by the locale's rules, # as the number", () => {
    expect(formatMessage(ORDERS, { date: "1/5", count: 1 }, "es")).toBe("La fecha 1/5 tiene 1 pedido");
    expect(formatMessage(ORDERS, { date: "1/5", count: 3 }, "es")).toBe("La fecha 1/5 tiene 3 pedidos");
    expect(formatMessage(ORDERS, { date: "1/5", count: 0 }, "es")).toBe("La fecha 1/5 tiene 0 pedidos");
    // Portuguese counts 0 as singular.
    expect(formatMessage("{n, plural, one {# pedido} other {# pedidos}}", { n: 0 }, "pt-BR")).toBe("0 pedido");
  });

  it("prefers an exact branch and reads placeholders inside a branch", () => {
    const text = "{count, plural, =0 {Sin invitados} one {Un invitado de {owner}} other {# invitados de {owner}}}";
    expect(formatMessage(text, { count: 0, owner: "Laura" })).toBe("Sin invitados");
    expect(formatMessage(text, { count: 1, owner: "Laura" })).toBe("Un invitado de Laura");
    expect(formatMessage(text, { count: 12, owner: "Laura" })).toBe("12 invitados de Laura");
  });

  it("leaves a plural without its number as written", () => {
    expect(formatMessage("{count, plural, one {# x} other {# xs}}", {})).toBe("{count, plural, one {# x} other {# xs}}");
  });
});
