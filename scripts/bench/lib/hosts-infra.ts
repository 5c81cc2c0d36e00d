/**
 * The machinery of `bench:hosts`: network namespaces for the hosts on one bridge, a PostgreSQL cluster of the
 * bench's own with a streaming replica made by pg_basebackup, Redis and HAProxy, all from Debian. Everything it makes
 * is written down in a state file as it is made, so that the bench removes it when it ends, on SIGINT/SIGTERM too,
 * and a run that was killed outright (SIGKILL) is cleaned up by the next one before it starts. Every step here is
 * synchronous, so that a signal handler can run it to the end.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync, chmodSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";

export const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";
const STATE_FILE = "/tmp/rodamos-bench-hosts.json";
export const BRIDGE = "rdmbr0";
/** The bridge's address: PostgreSQL, Redis, the payment gateway and HAProxy's health checks meet the hosts there. */
export const GATEWAY_ADDRESS = "10.77.0.1";
export const hostAddress = (index: number) => `10.77.0.${11 + index}`;
export const namespaceOf = (index: number) => `rodamos-h${index + 1}`;
const vethOf = (index: number) => `rdmh${index + 1}`;
/** The port each host listens on inside its namespace, as `npm start` does by default. */
export const HOST_PORT = 4321;

interface State {
  namespaces: string[];
  links: string[];
  clusters: string[];
  pids: { pid: number; name: string }[];
  folders: string[];
}

const state: State = { namespaces: [], links: [], clusters: [], pids: [], folders: [] };
const save = () => writeFileSync(STATE_FILE, JSON.stringify(state));

function run(command: string, args: string[], options: { user?: string; allowFail?: boolean } = {}): string {
  const [file, argv] = options.user ? ["runuser", ["-u", options.user, "--", command, ...args]] : [command, args];
  const result = spawnSync(file, argv, { encoding: "utf8" });
  if (result.status !== 0 && !options.allowFail) throw new Error(`${command} ${args.join(" ")}: ${result.stderr || result.stdout || result.error?.message}`);
  return result.stdout;
}

/** Why this machine cannot run the bench, or null: root, iproute2's netns, HAProxy and PostgreSQL's binaries. */
export function hostsRefusal(): string | null {
  if (process.platform !== "linux") return "it needs Linux (network namespaces)";
  if (process.getuid?.() !== 0) return "it needs root (network namespaces, a bridge, PostgreSQL run as the postgres user)";
  if (spawnSync("ip", ["netns", "list"]).status !== 0) return "`ip netns` does not work here (iproute2, or a container without the rights)";
  if (spawnSync("haproxy", ["-v"]).status !== 0) return "HAProxy is not installed (apt-get install haproxy)";
  if (spawnSync("redis-server", ["--version"]).status !== 0) return "redis-server is not installed (apt-get install redis-server)";
  if (!existsSync(join(PG_BIN, "initdb")) || !existsSync(join(PG_BIN, "pg_basebackup"))) return `PostgreSQL's initdb and pg_basebackup are not in ${PG_BIN} (set PG_BIN)`;
  if (spawnSync("id", ["postgres"]).status !== 0) return "there is no postgres user to run PostgreSQL as";
  return null;
}

/** Removes whatever a run left (the state file's list, and anything under the bench's names). */
export function cleanUp(): void {
  let previous: State = { namespaces: [], links: [], clusters: [], pids: [], folders: [] };
  try {
    previous = JSON.parse(readFileSync(STATE_FILE, "utf8")) as State;
  } catch {
    // nothing recorded
  }
  const all: State = {
    namespaces: [...new Set([...previous.namespaces, ...state.namespaces, namespaceOf(0), namespaceOf(1)])],
    links: [...new Set([...previous.links, ...state.links, BRIDGE, vethOf(0), vethOf(1)])],
    clusters: [...new Set([...previous.clusters, ...state.clusters])],
    pids: [...previous.pids, ...state.pids],
    folders: [...new Set([...previous.folders, ...state.folders])],
  };
  const existing = run("ip", ["netns", "list"], { allowFail: true });
  for (const namespace of all.namespaces) {
    if (!existing.split("\n").some((line) => line.split(" ")[0] === namespace)) continue;
    killNamespace(namespace);
    run("ip", ["netns", "del", namespace], { allowFail: true });
  }
  for (const { pid, name } of all.pids) {
    // Only a process that is still the one recorded (a pid may have been reused since).
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(name)) process.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
  }
  for (const cluster of all.clusters) {
    if (existsSync(join(cluster, "postmaster.pid"))) run(join(PG_BIN, "pg_ctl"), ["-D", cluster, "-m", "immediate", "-w", "stop"], { user: "postgres", allowFail: true });
  }
  for (const link of all.links) {
    if (spawnSync("ip", ["link", "show", link]).status === 0) run("ip", ["link", "del", link], { allowFail: true });
  }
  for (const folder of all.folders) rmSync(folder, { recursive: true, force: true });
  state.namespaces = [];
  state.links = [];
  state.clusters = [];
  state.pids = [];
  state.folders = [];
  rmSync(STATE_FILE, { force: true });
}

/** SIGKILL to every process of a namespace: a host's whole tree, as a machine that loses power. */
export function killNamespace(namespace: string): number {
  const pids = run("ip", ["netns", "pids", namespace], { allowFail: true }).split("\n").filter(Boolean).map(Number);
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
  }
  return pids.length;
}

/** Signals end the bench through `cleanUp`, which removes what it made. */
export function cleanUpOnSignals(): void {
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: removing what the bench made ...`);
      cleanUp();
      process.exit(130);
    });
  }
}

/** A folder the bench removes at the end. */
export function ownFolder(path: string): string {
  state.folders.push(path);
  save();
  rmSync(path, { recursive: true, force: true });
  mkdirSync(path, { recursive: true });
  return path;
}

export function ownProcess(child: ChildProcess, name: string): ChildProcess {
  state.pids.push({ pid: child.pid!, name });
  save();
  return child;
}

/** The bridge, and for each host a namespace with its end of a veth pair on the bridge. */
export function makeNetwork(hosts: number): void {
  state.links.push(BRIDGE);
  save();
  run("ip", ["link", "add", BRIDGE, "type", "bridge"]);
  run("ip", ["addr", "add", `${GATEWAY_ADDRESS}/24`, "dev", BRIDGE]);
  run("ip", ["link", "set", BRIDGE, "up"]);
  for (let index = 0; index < hosts; index += 1) {
    const namespace = namespaceOf(index);
    const veth = vethOf(index);
    state.namespaces.push(namespace);
    state.links.push(veth);
    save();
    run("ip", ["netns", "add", namespace]);
    run("ip", ["link", "add", veth, "type", "veth", "peer", "name", "eth0", "netns", namespace]);
    run("ip", ["link", "set", veth, "master", BRIDGE]);
    run("ip", ["link", "set", veth, "up"]);
    run("ip", ["-n", namespace, "addr", "add", `${hostAddress(index)}/24`, "dev", "eth0"]);
    run("ip", ["-n", namespace, "link", "set", "eth0", "up"]);
    run("ip", ["-n", namespace, "link", "set", "lo", "up"]);
    run("ip", ["-n", namespace, "route", "add", "default", "via", GATEWAY_ADDRESS]);
  }
}

/** The commands that made the replica, printed by the bench as its set-up. */
export const replicaSteps: string[] = [];

export interface Clusters {
  primaryPort: number;
  replicaPort: number;
  /** Seconds pg_basebackup took. */
  basebackupSeconds: number;
}

/**
 * A PostgreSQL cluster of the bench's own (initdb in a temporary folder, run as the postgres user) listening on
 * loopback and the bridge, and its streaming replica made with pg_basebackup, started on the next port.
 */
export function makeClusters(primaryPort: number, replicaPort: number): Clusters {
  const folder = mkdtempSync("/tmp/rodamos-bench-hosts-pg-");
  state.folders.push(folder);
  save();
  chmodSync(folder, 0o700);
  chownSync(folder, Number(run("id", ["-u", "postgres"]).trim()), Number(run("id", ["-g", "postgres"]).trim()));
  const primary = join(folder, "primary");
  const replica = join(folder, "replica");
  run(join(PG_BIN, "initdb"), ["-D", primary, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"], { user: "postgres" });
  appendFileSync(
    join(primary, "postgresql.conf"),
    [
      `listen_addresses = '127.0.0.1,${GATEWAY_ADDRESS}'`,
      `unix_socket_directories = '${folder}'`,
      "max_connections = 200",
      "wal_level = replica",
      "max_wal_senders = 4",
      "hot_standby = on",
      "",
    ].join("\n"),
  );
  appendFileSync(join(primary, "pg_hba.conf"), `host all all 10.77.0.0/24 trust\nhost replication all 127.0.0.1/32 trust\n`);
  state.clusters.push(primary);
  save();
  run(join(PG_BIN, "pg_ctl"), ["-D", primary, "-l", join(folder, "primary.log"), "-o", `-p ${primaryPort}`, "-w", "start"], { user: "postgres" });
  const basebackup = ["-h", "127.0.0.1", "-p", String(primaryPort), "-U", "postgres", "-D", replica, "-R", "-X", "stream", "-c", "fast"];
  replicaSteps.push(`pg_basebackup ${basebackup.join(" ")}`);
  const started = performance.now();
  run(join(PG_BIN, "pg_basebackup"), basebackup, { user: "postgres" });
  const basebackupSeconds = (performance.now() - started) / 1000;
  state.clusters.push(replica);
  save();
  replicaSteps.push(`pg_ctl -D ${replica} -o "-p ${replicaPort}" start   (-R wrote standby.signal and primary_conninfo)`);
  run(join(PG_BIN, "pg_ctl"), ["-D", replica, "-l", join(folder, "replica.log"), "-o", `-p ${replicaPort}`, "-w", "start"], { user: "postgres" });
  return { primaryPort, replicaPort, basebackupSeconds };
}

/** Redis without persistence on loopback and the bridge. */
export function startRedis(port: number): ChildProcess {
  const child = spawn("redis-server", ["--port", String(port), "--bind", `127.0.0.1 ${GATEWAY_ADDRESS}`, "--save", "", "--appendonly", "no", "--protected-mode", "no"], {
    stdio: "ignore",
  });
  return ownProcess(child, "redis-server");
}

/**
 * The load balancer's configuration: the hosts' `/api/ready` checked every second (down after two failures, up
 * after two successes), a request whose connection a host refused sent to the other (`option redispatch`), and
 * nothing retried once it reached a host (a purchase is not sent twice).
 */
export function haproxyConfig(options: { port: number; socket: string; servers: { name: string; address: string }[] }): string {
  return [
    "global",
    "    maxconn 4096",
    `    stats socket ${options.socket} mode 600 level admin`,
    "",
    "defaults",
    "    mode http",
    "    option forwardfor",
    "    option redispatch",
    "    retries 3",
    "    timeout connect 2s",
    "    timeout client 30s",
    "    timeout server 30s",
    "    timeout http-keep-alive 10s",
    "",
    "frontend shop",
    `    bind 127.0.0.1:${options.port}`,
    "    default_backend hosts",
    "",
    "backend hosts",
    "    balance roundrobin",
    "    option httpchk GET /api/ready",
    "    http-check expect status 200",
    "    default-server inter 1s fall 2 rise 2",
    ...options.servers.map((server) => `    server ${server.name} ${server.address} check`),
    "",
  ].join("\n");
}

export function startHaproxy(configFile: string): ChildProcess {
  // -db: stays in the foreground, a child of the bench; -W would fork a master.
  const child = spawn("haproxy", ["-f", configFile, "-db"], { stdio: ["ignore", "ignore", "pipe"] });
  let said = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    said = (said + chunk.toString()).slice(-4000);
    if (process.env.BENCH_VERBOSE) process.stderr.write(chunk);
  });
  // HAProxy that could not start (a port taken, a bad line) exits at once: say why, or the bench only sees no servers.
  child.once("exit", (code) => {
    if (code !== null && code !== 0) process.stderr.write(`HAProxy exited with status ${code}:\n${said}\n`);
  });
  return ownProcess(child, "haproxy");
}

/** Each server's status as HAProxy sees it ("UP", "DOWN", "UP 1/2" ...), from its stats socket. */
export function haproxyStatus(socket: string): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    const status: Record<string, string> = {};
    let output = "";
    const connection = connect(socket);
    connection.setTimeout(2000, () => connection.destroy());
    connection.on("data", (chunk: Buffer) => (output += chunk.toString()));
    connection.on("error", () => resolve(status));
    connection.on("close", () => {
      // `show stat` is CSV: pxname,svname,...,status (the 18th field).
      for (const line of output.split("\n")) {
        const fields = line.split(",");
        if (fields[0] === "hosts" && fields[1] && !["BACKEND", "FRONTEND"].includes(fields[1])) status[fields[1]] = fields[17] ?? "";
      }
      resolve(status);
    });
    connection.write("show stat\n");
  });
}

/** Writes a file the bench made (its folder is removed at the end). */
export function writeOwn(path: string, text: string): string {
  writeFileSync(path, text);
  return path;
}
