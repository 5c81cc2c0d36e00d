import { describe, expect, it } from "vitest";
import { formatMessage } from "./message-format";

const ORDERS = "La fecha {date} tiene {count, plural, one {# pedido} other {# pedidos}}";

describe("formatMessage (ICU through intl-messageformat)", () => {
  it("fills placeholders and leaves unknown ones as written", () => {
    expect(formatMessage("Hola {name}, {missing}", { name: "Ana" })).toBe("Hola Ana, {missing}");
    expect(formatMessage("Pedido {id}", { id: 12345 })).toBe("Pedido 12345");
  });

  it("chooses the plural branch by the locale's rules, # as the number", () => {
    expect(formatMessage(ORDERS, { date: "1/5", count: 1 }, "es")).toBe("La fecha 1/5 tiene 1 pedido");
    expect(formatMessage(ORDERS, { date: "1/5", count: 3 }, "es")).toBe("La fecha 1/5 tiene 3 pedidos");
    expect(formatMessage(ORDERS, { date: "1/5", count: 0 }, "es")).toBe("La fecha 1/5 tiene 0 pedidos");
    // Portuguese counts 0 as singular.
    expect(formatMessage("{n, plural, one {# pedido} other {# pedidos}}", { n: 0 }, "pt-BR")).toBe("0 pedido");
    expect(formatMessage("{n, plural, one {# order} other {# orders}}", { n: 12500 }, "en-US")).toBe("12,500 orders");
  });

  it("prefers an exact branch and reads placeholders inside a branch", () => {
    const text = "{count, plural, =0 {Sin invitados} one {Un invitado de {owner}} other {# invitados de {owner}}}";
    expect(formatMessage(text, { count: 0, owner: "Laura" })).toBe("Sin invitados");
    expect(formatMessage(text, { count: 1, owner: "Laura" })).toBe("Un invitado de Laura");
    expect(formatMessage(text, { count: 12, owner: "Laura" })).toBe("12 invitados de Laura");
  });

  it("formats select, number and date arguments", () => {
    const who = "{role, select, driver {Conductor} dispatcher {Despachador} other {Equipo}} {name}";
    expect(formatMessage(who, { role: "driver", name: "Luis" }, "es-CO")).toBe("Conductor Luis");
    expect(formatMessage(who, { role: "finance", name: "Ana" }, "es-CO")).toBe("Equipo Ana");
    expect(formatMessage("{km, number} km", { km: 1234.5 }, "es-CO")).toBe("1.234,5 km");
    expect(formatMessage("{km, number} km", { km: 1234.5 }, "en-US")).toBe("1,234.5 km");
    expect(formatMessage("Desde el {day, date, long}", { day: new Date(Date.UTC(2026, 4, 1, 12)) }, "es-CO")).toBe("Desde el 1 de mayo de 2026");
  });

  it("leaves a plural without its number as written, and a text that is not ICU as it is", () => {
    expect(formatMessage("{count, plural, one {# x} other {# xs}}", {})).toBe("{count, plural, one {# x} other {# xs}}");
    expect(formatMessage("Calle 93 #11-26 {", {})).toBe("Calle 93 #11-26 {");
    expect(formatMessage("<strong>{name}</strong>", { name: "Ana" })).toBe("<strong>Ana</strong>");
  });
});

describe("every catalogue text", () => {
  it("is valid ICU MessageFormat in every locale", async () => {
    const { IntlMessageFormat } = await import("intl-messageformat");
    const { catalogues } = await import("./index");
    const broken: string[] = [];
    for (const [locale, messages] of Object.entries(catalogues)) {
      for (const [key, text] of Object.entries(messages)) {
        try {
          new IntlMessageFormat(text, locale.replace("_", "-"), undefined, { ignoreTag: true });
        } catch (error) {
          broken.push(`${locale} ${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
