import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { zip, zipBomb } from "../../../tests/helpers/private-event-files";
import { checkZip, MAX_ENTRIES, ZipRefused } from "./zip-guard";

const MB = 1024 * 1024;
const refusal = (bytes: Buffer, budget = 8 * MB) => checkZip(bytes, budget).then(() => undefined, (error: unknown) => error);

describe("the zip guard", () => {
  it("takes an archive whose entries inflate within the budget", async () => {
    expect(await refusal(zip([{ name: "a.xml", data: Buffer.alloc(100_000, 65) }, { name: "b.xml", data: Buffer.from("hola") }]))).toBeUndefined();
  });

  it("refuses from the declared sizes alone, before inflating anything, an archive that says it inflates past the budget", async () => {
    // The entry's data is not even deflate: only the central directory can have refused it.
    const declaredBig = zip([{ name: "sheet.xml", data: Buffer.alloc(10), declared: 39 * MB, raw: Buffer.from("not deflate data") }]);
    const error = await refusal(declaredBig);
    expect(error).toBeInstanceOf(ZipRefused);
    expect((error as ZipRefused).reason).toBe("declared_size");
  });

  it("refuses an archive that lies about its sizes as soon as an entry gives more than it declared", async () => {
    const error = await refusal(zipBomb(120 * MB));
    expect((error as ZipRefused).reason).toBe("inflated_size");
  });

  it("refuses more entries than a workbook has", async () => {
    const many = zip(Array.from({ length: MAX_ENTRIES + 1 }, (_, index) => ({ name: `part${index}.xml`, data: Buffer.from("x") })));
    expect(((await refusal(many)) as ZipRefused).reason).toBe("entry_count");
  });

  it("refuses a truncated archive and a corrupt entry", async () => {
    const good = zip([{ name: "a.xml", data: Buffer.alloc(1000, 65) }]);
    expect(((await refusal(good.subarray(0, good.length - 30))) as ZipRefused).reason).toBe("unreadable");
    const corrupt = zip([{ name: "a.xml", data: Buffer.alloc(1000, 65), raw: deflateRawSync(Buffer.alloc(1000, 65)).subarray(0, 5) }]);
    expect(await refusal(corrupt)).toBeInstanceOf(ZipRefused);
  });
});
