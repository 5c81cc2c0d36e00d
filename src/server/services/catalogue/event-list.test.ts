import { describe, expect, it } from "vitest";
import { foldText } from "./event-list";

describe("foldText", () => {
  it("drops accents and case the way the search's SQL does", () => {
    expect(foldText("Bogotá")).toBe("bogota");
    expect(foldText("PEÑOL")).toBe("penol");
    expect(foldText("Clássico São Paulo")).toBe("classico sao paulo");
    expect(foldText("Ágora Bogotá, Catedral de Sal")).toBe("agora bogota, catedral de sal");
  });
});
