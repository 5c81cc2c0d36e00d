/**
 * The publisher's side of the warm renderer (renderer-child.mjs): one child process that made the last full
 * build and keeps its server bundle loaded, so a catalogue change renders only the pages it touches, in well under
 * a second, instead of bundling all the pages again. A full build (at start, or when the set of pages changed)
 * starts a fresh child: the bundle is then made from the sources as they are.
 */
import { fork, type ChildProcess } from "node:child_process";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";

export interface PageRendererOptions {
  apiUrl: string;
  publicUrl: string;
  /** Astro's build cache (pages whose key did not change are copied from it in a full build). */
  cacheDir: string;
  /**
   * The child runs at the operating system's lowest priority (nice 19): on a busy machine the shop's answers come
   * before the pages' rebuild, which is background work; on an idle one it makes no difference.
   */
  background?: boolean;
}

export interface PageRenderer {
  /** A full build into `outDir` (empty), in a new child that then stays warm. */
  build(outDir: string): Promise<void>;
  /**
   * Renders into `outDir` (a copy of the served build) the pages whose key changed and answers their files; `full`
   * when it cannot: no warm bundle yet, or pages were added or removed (then call `build`).
   */
  render(outDir: string): Promise<string[] | "full">;
  /** Whether a full build's bundle is loaded, so that `render` can work. */
  readonly warm: boolean;
  /**
   * The API the pages are read from from now on: a start-up build may read a private server that closes once it is
   * done, and hand the warm renderer to the publisher of the server that stays.
   */
  readFrom(apiUrl: string): void;
  close(): Promise<void>;
}

const CHILD = fileURLToPath(new URL("./renderer-child.mjs", import.meta.url));

interface Answer {
  id?: number;
  ok?: boolean;
  ready?: boolean;
  error?: string;
  full?: boolean;
  rendered?: string[];
}

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  let child: ChildProcess | undefined;
  /** The child finished a full build and holds its bundle. */
  let warm = false;
  let nextId = 0;
  let apiUrl = options.apiUrl;
  const waiting = new Map<number, { done: (answer: Answer) => void; fail: (error: Error) => void }>();

  const stop = async () => {
    const running = child;
    child = undefined;
    warm = false;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    await new Promise<void>((done) => {
      running.once("exit", () => done());
      running.kill();
    });
  };

  const start = () =>
    new Promise<ChildProcess>((ready, fail) => {
      // Plain Node, without the TypeScript loader of the shop's process (execArgv): see the child's header. The
      // bundler's allocator (mimalloc, in rolldown) gives freed memory back at once: 560 instead of 730 MB resident.
      const process_ = fork(CHILD, [], {
        execArgv: [],
        stdio: ["ignore", "inherit", "inherit", "ipc"],
        env: { ...process.env, ASTRO_TELEMETRY_DISABLED: "1", MIMALLOC_PURGE_DELAY: "0" },
      });
      if (options.background && process_.pid !== undefined) {
        try {
          setPriority(process_.pid, 19);
        } catch {
          // A system that refuses (no permission to change it) runs the child at the shop's own priority.
        }
      }
      process_.on("message", (answer: Answer) => {
        if (answer.ready) return ready(process_);
        const pending = answer.id === undefined ? undefined : waiting.get(answer.id);
        if (!pending || answer.id === undefined) return;
        waiting.delete(answer.id);
        if (answer.ok) pending.done(answer);
        else pending.fail(new Error(answer.error ?? "the page renderer failed"));
      });
      process_.once("error", fail);
      process_.once("exit", (code) => {
        if (child === process_) {
          child = undefined;
          warm = false;
        }
        fail(new Error(`the page renderer exited with ${code}`));
        for (const [id, pending] of waiting) {
          waiting.delete(id);
          pending.fail(new Error(`the page renderer exited with ${code}`));
        }
      });
    });

  const ask = (to: ChildProcess, message: Record<string, unknown>) =>
    new Promise<Answer>((done, fail) => {
      const id = (nextId += 1);
      waiting.set(id, { done, fail });
      to.send({ id, ...message });
    });

  return {
    get warm() {
      return warm;
    },
    readFrom(url) {
      apiUrl = url;
    },
    async build(outDir) {
      await stop();
      child = await start();
      await ask(child, { kind: "build", outDir, apiUrl, publicUrl: options.publicUrl, cacheDir: options.cacheDir });
      warm = true;
    },
    async render(outDir) {
      if (!child || !warm) return "full";
      const answer = await ask(child, { kind: "render", outDir, apiUrl });
      return answer.full ? "full" : (answer.rendered ?? []);
    },
    close: stop,
  };
}
