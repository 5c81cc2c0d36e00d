/**
 * Lanes of stages run at once (`npm test`, scripts/test.ts). A lane runs its stages in turn and stops at its first
 * failure; the other lanes run on to their end, so that one run shows every failing stage. A stage may wait for a
 * stage of another lane to end (`after`), failed or not, or for that lane to stop before reaching it. One lane is
 * live: its output is written as it comes; the others' is kept and written once the live lane has ended, so the log
 * reads one stage at a time.
 */

export interface Stage {
  name: string;
  scripts: string[];
  env?: Record<string, string | undefined>;
  /** The scripts run at once, each one's output written whole when it ends; otherwise one after another. */
  together?: boolean;
  /** A stage of another lane that must have ended before this one starts. */
  after?: string;
}

export interface Lane {
  name: string;
  stages: Stage[];
  /** Its output as it comes; the other lanes' is kept until this one has ended. */
  live: boolean;
}

export interface StageRunner {
  /** Runs one script with `env`, its output to `write`; answers its exit status (null or non-zero: failed). */
  runScript(script: string, env: NodeJS.ProcessEnv, write: (chunk: Buffer) => void): Promise<number | null>;
  /** Before a stage's scripts start (after it has waited for its `after`): may add to its environment. */
  beforeStage?(stage: Stage, env: NodeJS.ProcessEnv, write: (text: string) => void): Promise<void>;
  /** After a stage's scripts, whatever their outcome. */
  afterStage?(stage: Stage): Promise<void>;
  /** Where the output finally goes (this process's stdout unless given). */
  write?(chunk: Buffer): void;
}

export interface LanesOutcome {
  /** Each stage that ran, with its seconds, in the order they ended. */
  times: [string, number][];
  /**
   * The stages that failed, in the order they failed, with the failing script, its status and what it said of its
   * failure (`failureReport`): the run repeats it at its very end, where a log cut to its last lines still shows it.
   */
  failures: { stage: string; script: string; status: number | null; report: string }[];
}

/** At most this much of a script's output is kept for its failure report. */
const KEPT_FOR_REPORT = 512 * 1024;
/** A failure report's longest: the lines that name the failing tests and their first assertion. */
export const REPORT_LINES = 60;

/**
 * What a failed script said of its failure, plain text: from the test runner's summary of failed tests (vitest's
 * "Failed Tests" heading, Playwright's first numbered failure "  1) "), else its last lines; REPORT_LINES at most,
 * each cut to 300 characters. Its whole output stays in the log above, where the live lane's is written as it comes
 * and so can be followed by thousands of other lines.
 */
export function failureReport(output: string): string {
  const lines = output.replace(/\u001b\[[0-9;]*m/g, "").split(/\r?\n/);
  const heading = lines.findIndex((line) => /Failed Tests \d+/.test(line));
  const numbered = lines.findIndex((line) => /^ {2}1\) /.test(line));
  const start = heading !== -1 ? heading : numbered !== -1 ? numbered : Math.max(0, lines.length - REPORT_LINES);
  return lines
    .slice(start, start + REPORT_LINES)
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line))
    .join("\n")
    .trim();
}

/** The last KEPT_FOR_REPORT bytes of what a script wrote. */
class Tail {
  private chunks: Buffer[] = [];
  private size = 0;
  add(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size - this.chunks[0]!.length >= KEPT_FOR_REPORT) this.size -= this.chunks.shift()!.length;
  }
  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }
}

/** A lane's output: written through, or kept until `release`, then written through. */
class Output {
  private kept: Buffer[] | undefined;
  constructor(
    live: boolean,
    private readonly sink: (chunk: Buffer) => void,
  ) {
    this.kept = live ? undefined : [];
  }
  write(text: string | Buffer): void {
    const chunk = Buffer.from(text);
    if (this.kept) this.kept.push(chunk);
    else this.sink(chunk);
  }
  release(): void {
    const kept = this.kept ?? [];
    this.kept = undefined;
    for (const chunk of kept) this.sink(chunk);
  }
}

export async function runLanes(lanes: Lane[], runner: StageRunner): Promise<LanesOutcome> {
  const sink = runner.write ?? ((chunk: Buffer) => void process.stdout.write(chunk));
  const outcome: LanesOutcome = { times: [], failures: [] };
  const ends = new Map<string, { promise: Promise<void>; done: () => void }>();
  for (const stage of lanes.flatMap((lane) => lane.stages)) {
    let done = () => {};
    const promise = new Promise<void>((resolve) => (done = resolve));
    ends.set(stage.name, { promise, done });
  }
  for (const stage of lanes.flatMap((lane) => lane.stages)) {
    if (stage.after && !ends.has(stage.after)) throw new Error(`stage "${stage.name}" waits for "${stage.after}", which no lane has`);
  }

  async function runStages(lane: Lane, output: Output): Promise<void> {
    for (const stage of lane.stages) {
      if (stage.after) await ends.get(stage.after)!.promise;
      output.write(`\n== ${stage.name} (${lane.name} lane${stage.after ? `, after ${stage.after}` : ""})\n`);
      const started = performance.now();
      const env: NodeJS.ProcessEnv = { ...process.env, ...stage.env };
      for (const [key, value] of Object.entries(stage.env ?? {})) if (value === undefined) delete env[key];
      await runner.beforeStage?.(stage, env, (text) => output.write(text));
      const tails = stage.scripts.map(() => new Tail());
      const statuses = stage.together ? await runTogether(stage.scripts, env, output, tails) : await runInTurn(stage.scripts, env, output, tails);
      await runner.afterStage?.(stage);
      outcome.times.push([stage.name, (performance.now() - started) / 1000]);
      ends.get(stage.name)!.done();
      const failed = statuses.findIndex((status) => status !== 0);
      if (failed !== -1) {
        outcome.failures.push({ stage: stage.name, script: stage.scripts[failed]!, status: statuses[failed]!, report: failureReport(tails[failed]!.text()) });
        output.write(`\n== npm run ${stage.scripts[failed]} failed (${stage.name}); the ${lane.name} lane stops here\n`);
        return;
      }
    }
  }

  async function runInTurn(scripts: string[], env: NodeJS.ProcessEnv, output: Output, tails: Tail[]): Promise<(number | null)[]> {
    const statuses: (number | null)[] = [];
    for (const [index, script] of scripts.entries()) {
      const status = await runner.runScript(script, env, (chunk) => {
        tails[index]!.add(chunk);
        output.write(chunk);
      });
      statuses.push(status);
      if (status !== 0) break;
    }
    return statuses;
  }

  function runTogether(scripts: string[], env: NodeJS.ProcessEnv, output: Output, tails: Tail[]): Promise<(number | null)[]> {
    return Promise.all(
      scripts.map(async (script, index) => {
        const chunks: Buffer[] = [];
        const status = await runner.runScript(script, env, (chunk) => {
          tails[index]!.add(chunk);
          chunks.push(chunk);
        });
        output.write(`\n-- npm run ${script}\n`);
        output.write(Buffer.concat(chunks));
        return status;
      }),
    );
  }

  const outputs = lanes.map((lane) => new Output(lane.live, sink));
  await Promise.all(
    lanes.map(async (lane, index) => {
      try {
        await runStages(lane, outputs[index]!);
      } finally {
        // A stopped lane's later stages will not run: whoever waits for them goes on.
        for (const stage of lane.stages) ends.get(stage.name)!.done();
        if (lane.live) for (const output of outputs) output.release();
      }
    }),
  );
  // With no live lane, every lane's output is written at the end.
  for (const output of outputs) output.release();
  return outcome;
}
