/**
 * A guest list as uploaded, read to plain rows.
 * One reader for both formats, SheetJS (`@e965/xlsx`), so an .xls and an .xlsx of the same sheet give the same
 * guests. The format is told by content: a zip (.xlsx, checked by the zip guard before anything inflates it) or an
 * OLE compound file (.xls, whose size is the upload's). Anything else is refused. The first sheet's first
 * non-empty row is the header: name, email, phone, and optionally seats (Spanish and Portuguese headers too).
 *
 * A file is read within bounds whatever it declares (decisions.md "Guest lists: bounded reading"): only the cells
 * it holds, in its first `MAX_SHEET_ROWS` rows and `MAX_SHEET_COLUMNS` columns, on a worker thread of its own
 * (sheet-cells.ts) with a memory cap and a deadline, so the shop's event loop keeps answering everyone else while a
 * list is read. A file past the cap or the deadline is refused with `guest_list_too_complex`, which names both.
 * Lists are read one at a time per process: several at once would multiply the memory it takes.
 */
import { Worker } from "node:worker_threads";
import { ShopError } from "../../shared/domain/shop-error";
import { MAX_GUESTS, MAX_SHEET_COLUMNS, MAX_SHEET_INFLATED_BYTES, MAX_SHEET_ROWS, SHEET_READ_MEMORY_MB, SHEET_READ_SECONDS } from "./limits";
import type { SheetAnswer, SheetBounds } from "./sheet-cells";
import { checkZip, ZipRefused } from "./zip-guard";

export interface SheetRow {
  /** The row's line number in the sheet (1 is the sheet's first row). */
  line: number;
  name: string;
  email: string;
  phone: string;
  /** Empty when the sheet has no seats column. */
  seats: string;
}

type Column = "name" | "email" | "phone" | "seats";
const HEADERS: Record<string, Column> = {
  name: "name",
  nombre: "name",
  nome: "name",
  email: "email",
  "e-mail": "email",
  correo: "email",
  phone: "phone",
  telefono: "phone",
  teléfono: "phone",
  telefone: "phone",
  celular: "phone",
  seats: "seats",
  cupos: "seats",
  asientos: "seats",
  lugares: "seats",
};

const unreadable = () => new ShopError("guest_list_unreadable", { file: "errors.guest_list_unreadable" });

const isZip = (bytes: Buffer) => bytes.length > 4 && bytes.readUInt32LE(0) === 0x04034b50;
const isOle = (bytes: Buffer) => bytes.length > 8 && bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]));

const BOUNDS: SheetBounds = { maxRows: MAX_SHEET_ROWS, maxColumns: MAX_SHEET_COLUMNS };
/** A reader left idle this long ends, giving its memory back; the next list starts another (some 100 ms). */
const IDLE_MS = 60_000;

export interface SheetReaderLimits {
  /** The reading thread's heap cap (at least 4: V8 cannot start a thread in less, and ends the whole process trying). */
  megabytes: number;
  /** Each list's deadline, from the moment the thread is ready. */
  seconds: number;
}

/** What a list's reading may not exceed, named in the refusal. */
export const SHEET_READ_LIMITS: SheetReaderLimits = { megabytes: SHEET_READ_MEMORY_MB, seconds: SHEET_READ_SECONDS };
/** How long a new reading thread may take to load: a shop too busy to start one in this long refuses the list. */
const START_SECONDS = 15;

const tooComplex = (limits: SheetReaderLimits) => new ShopError("guest_list_too_complex", { file: "errors.guest_list_too_complex" }, { seconds: limits.seconds, megabytes: limits.megabytes });

interface Reading {
  worker: Worker;
  ready: Promise<void>;
}

/**
 * The worker thread that reads lists, started on the first one and kept while lists keep coming. Its heap is
 * capped (resourceLimits: past it the thread dies, not the shop) and each read has a deadline, past which the
 * thread is ended; either way the list is refused and the next one gets a fresh thread.
 */
export class SheetReader {
  private current: Reading | null = null;
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;

  constructor(private readonly limits: SheetReaderLimits = SHEET_READ_LIMITS) {}

  private start(): Reading {
    const worker = new Worker(new URL("./sheet-cells.ts", import.meta.url), {
      workerData: { sheetBounds: BOUNDS },
      resourceLimits: { maxOldGenerationSizeMb: Math.max(4, this.limits.megabytes), maxYoungGenerationSizeMb: 8, codeRangeSizeMb: 16, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    // Each read listens for its own failure; this keeps a failure between reads from being an unhandled event.
    worker.on("error", () => undefined);
    const ready = new Promise<void>((resolve, reject) => {
      const late = setTimeout(() => reject(tooComplex(this.limits)), START_SECONDS * 1000);
      const settle = (outcome: () => void) => {
        clearTimeout(late);
        worker.off("message", onReady);
        outcome();
      };
      const onReady = (message: SheetAnswer) => {
        if ("ready" in message) settle(resolve);
      };
      worker.on("message", onReady);
      worker.once("error", (error: Error & { code?: string }) => settle(() => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooComplex(this.limits) : error)));
      worker.once("exit", () => settle(() => reject(tooComplex(this.limits))));
    });
    const reading = { worker, ready };
    worker.once("exit", () => {
      if (this.current === reading) this.current = null;
    });
    ready.catch(() => this.stop(reading));
    return reading;
  }

  /** The present cells of the file's first sheet, or a refusal. */
  async read(bytes: Buffer): Promise<{ line: number; cells: string[] }[]> {
    if (this.idle) clearTimeout(this.idle);
    const reading = (this.current ??= this.start());
    try {
      await reading.ready;
      return await this.ask(reading, bytes);
    } finally {
      this.idle = setTimeout(() => this.stop(), IDLE_MS);
      this.idle.unref();
    }
  }

  private ask({ worker }: Reading, bytes: Buffer): Promise<{ line: number; cells: string[] }[]> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const finish = (outcome: () => void) => {
        clearTimeout(deadline);
        worker.off("message", onMessage);
        worker.off("error", onError);
        worker.off("exit", onExit);
        outcome();
      };
      const onMessage = (answer: SheetAnswer) => {
        if (!("id" in answer) || answer.id !== id) return;
        finish(() => ("rows" in answer ? resolve(answer.rows) : reject(unreadable())));
      };
      // Past the heap cap the thread ends with ERR_WORKER_OUT_OF_MEMORY: the file asked for more than a list may.
      const onError = (error: Error & { code?: string }) => finish(() => reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? tooComplex(this.limits) : unreadable()));
      const onExit = () => finish(() => reject(tooComplex(this.limits)));
      const deadline = setTimeout(() => {
        finish(() => reject(tooComplex(this.limits)));
        this.stop();
      }, this.limits.seconds * 1000);
      worker.on("message", onMessage);
      worker.once("error", onError);
      worker.once("exit", onExit);
      worker.postMessage({ id, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    });
  }

  /** Ends the reading thread (the current one, or the one given if it is still current). */
  stop(which: Reading | null = this.current) {
    if (!which) return;
    if (this.current === which) this.current = null;
    void which.worker.terminate();
  }
}

const reader = new SheetReader();

/** The sheet's non-empty rows as text, header row first, each with its line number. */
async function sheetLines(bytes: Buffer, sheets: SheetReader): Promise<{ line: number; cells: string[] }[]> {
  if (isZip(bytes)) {
    try {
      await checkZip(bytes, MAX_SHEET_INFLATED_BYTES);
    } catch (error) {
      if (error instanceof ZipRefused) throw unreadable();
      throw error;
    }
  } else if (!isOle(bytes)) {
    // An .xls is an OLE compound file of at most the upload's size, not compressed: the worker's bounds guard it.
    throw unreadable();
  }
  return sheets.read(bytes);
}

/** One sheet read at a time in this process: the next waits for the one before to end, however it ends. */
let reading: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = reading.then(work, work);
  reading = run.catch(() => undefined);
  return run;
}

/** The guest rows under the header; refuses an unreadable file, a missing name or email column, or too many rows. */
export async function readGuestSheet(bytes: Buffer, sheets: SheetReader = reader): Promise<SheetRow[]> {
  const lines = await oneAtATime(() => sheetLines(bytes, sheets));
  const header = lines.shift();
  if (!header) throw unreadable();
  const columns = new Map<Column, number>();
  header.cells.forEach((cell, index) => {
    const column = HEADERS[cell.trim().toLowerCase()];
    if (column && !columns.has(column)) columns.set(column, index);
  });
  if (!columns.has("name") || !columns.has("email")) throw unreadable();
  if (lines.length > MAX_GUESTS) throw new ShopError("guest_list_too_long", { file: "errors.guest_list_too_long" }, { max: MAX_GUESTS });
  const cell = (cells: string[], column: Column) => {
    const index = columns.get(column);
    return index === undefined ? "" : (cells[index] ?? "").trim();
  };
  return lines.map((row) => ({
    line: row.line,
    name: cell(row.cells, "name"),
    email: cell(row.cells, "email"),
    phone: cell(row.cells, "phone"),
    seats: cell(row.cells, "seats"),
  }));
}
