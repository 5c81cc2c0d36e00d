import { afterEach, describe, expect, it } from "vitest";
import { farColumnList, guestListXlsx, xlsDeclaringWholeGrid } from "../../../tests/helpers/private-event-files";
import { translate } from "../../shared/i18n";
import { readSheetCells } from "./sheet-cells";
import { readGuestSheet, SheetReader } from "./spreadsheet";

const bounds = { maxRows: 2050, maxColumns: 26 };

describe("readSheetCells", () => {
  it("reads only the cells present, within the bounds, whatever range the sheet declares", () => {
    const rows = readSheetCells(farColumnList(2), bounds);
    expect(rows).toEqual([
      { line: 1, cells: ["name", "email", "phone"] },
      { line: 2, cells: ["Invitado 0", "g0@example.com", "3001234567"] },
      { line: 3, cells: ["Invitado 1", "g1@example.com", "3001234567"] },
    ]);
    expect(readSheetCells(xlsDeclaringWholeGrid(1), bounds)).toHaveLength(2);
    expect(readSheetCells(farColumnList(5), { maxRows: 3, maxColumns: 2 })).toEqual([
      { line: 1, cells: ["name", "email"] },
      { line: 2, cells: ["Invitado 0", "g0@example.com"] },
      { line: 3, cells: ["Invitado 1", "g1@example.com"] },
    ]);
  });
});

describe("the reading thread's limits", () => {
  let reader: SheetReader | undefined;
  afterEach(() => reader?.stop());

  it("refuses a list it cannot read within the deadline, naming both limits, and reads the next one with a new thread", async () => {
    reader = new SheetReader({ seconds: 0.001, megabytes: 32 });
    const list = await guestListXlsx(Array.from({ length: 2000 }, (_, i) => [`Invitado ${i}`, `g${i}@example.com`, ""]));
    const refusal = await readGuestSheet(list, reader).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "guest_list_too_complex", params: { seconds: 0.001, megabytes: 32 } });
    expect(translate("es_CO", "errors.guest_list_too_complex", { seconds: 3, megabytes: 32 })).toContain("3 segundos y 32 MB");
  });

  it("refuses a list whose reading passes the memory cap, and the shop's process goes on", async () => {
    reader = new SheetReader({ seconds: 30, megabytes: 4 });
    const refusal = await readGuestSheet(farColumnList(2000), reader).catch((error: unknown) => error);
    expect(refusal).toMatchObject({ code: "guest_list_too_complex", params: { megabytes: 4 } });
    const roomy = new SheetReader({ seconds: 30, megabytes: 32 });
    try {
      expect(await readGuestSheet(farColumnList(3), roomy)).toHaveLength(3);
    } finally {
      roomy.stop();
    }
  });
});
