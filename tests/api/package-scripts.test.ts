/**
 * Every script in package.json runs: its file exists and `--help` prints usage and exits 0 (start and the
 * benchmarks included), so a renamed or missing script file fails here rather than on a fresh machine.
 */
import { existsSync, readFileSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runToEnd, stopStarted } from "../helpers/processes";

const root = resolve(import.meta.dirname, "../..");
const scripts = (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts;
const env = { ...process.env, PATH: `${join(root, "node_modules/.bin")}${delimiter}${process.env.PATH ?? ""}`, NO_COLOR: "1" };

/** `npm run a && npm run b`: the names it chains. */
const chained = (command: string) => [...command.matchAll(/npm run ([\w:-]+)/g)].map((match) => match[1]!);

// A script that hangs or a test that fails half-way leaves nothing running: its whole process group is killed.
afterAll(() => stopStarted());

/**
 * `--help` answers before the shop loads (a few seconds on a quiet machine); the limit leaves a machine three
 * times slower, busy with the other test files, room to be slow and still pass.
 */
const HELP_LIMIT_MS = 90_000;

describe("package.json scripts", () => {
  for (const [name, command] of Object.entries(scripts)) {
    const names = chained(command);
    if (names.length > 0) {
      it(`${name} chains scripts that exist`, () => {
        for (const other of names) expect(scripts, `${name} runs "${other}"`).toHaveProperty(other);
      });
      continue;
    }
    it(`${name} answers --help with exit 0`, async () => {
      // tsx watch never exits by itself: the help of the script it watches is the same.
      const direct = command.replace(/^tsx watch /, "tsx ");
      const file = /^(?:exec node --import )?tsx (\S+)/.exec(direct)?.[1];
      if (file) expect(existsSync(join(root, file)), `${file} exists`).toBe(true);
      // Each tool of a chain (`madge … && depcruise …`) is asked for its help: the whole chain would run the first.
      const help = direct
        .split("&&")
        .map((part) => `${part.trim()} --help`)
        .join(" && ");
      const { stdout } = await runToEnd("sh", ["-c", help], { cwd: root, env, timeoutMs: HELP_LIMIT_MS });
      // The shop's own scripts print their usage; tools print their own help.
      if (file) expect(stdout).toMatch(/^Usage: /);
      else expect(stdout.trim()).not.toBe("");
    }, HELP_LIMIT_MS + 10_000);
  }
});
