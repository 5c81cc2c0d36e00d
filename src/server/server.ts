/** The running shop: the API plus the prerendered site, on one port. */
import { serve, type ServerType } from "@hono/node-server";
import { eq, inArray, sql } from "drizzle-orm";
import { createApp } from "./app";
import type { CatalogueChanges } from "./catalogue/changes";
import type { Database, Db } from "./db/client";
import { paymentMethods, users } from "./db/schema";
import { DEMO_ACCOUNTS } from "./db/seed/users";
import { verifyPassword } from "./auth/passwords";
import { assertReadyToServe, shopMode, type Env } from "./env";
import { internalOrigin, publicOrigin } from "./origin";

export interface RunningServer {
  /** What a person opens. */
  url: string;
  /** The origin in absolute links (sitemap, mails, payment returns): PUBLIC_URL, else `url`. */
  publicUrl: string;
  /** What this machine's own processes (the site build) call: no name resolution involved. */
  internalUrl: string;
  /** This shop's announcements of catalogue changes (the static-page publisher listens to them). */
  catalogue: CatalogueChanges;
  close(): Promise<void>;
}

/** The payment codes some country offers: production needs real gateway settings for exactly these. */
export async function enabledPaymentMethods(db: Db): Promise<string[]> {
  const rows = await db.selectDistinct({ code: paymentMethods.code }).from(paymentMethods).where(eq(paymentMethods.enabled, true));
  return rows.map((row) => row.code);
}

/** Demo accounts that still open with the password printed in the README: in production, anyone's way in. */
async function demoPasswordsInUse(db: Db): Promise<string[]> {
  const demo = Object.values(DEMO_ACCOUNTS);
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, demo.map((account) => account.email)));
  const open: string[] = [];
  for (const row of rows) {
    const account = demo.find((candidate) => candidate.email === row.email.toLowerCase());
    if (account && (await verifyPassword(row.passwordHash, account.password))) open.push(row.email);
  }
  return open;
}

/**
 * Serves the shop. In production it refuses (throws, saying what is missing) unless mail, gateways and keys are
 * real and no demo account keeps its published password.
 */
export async function startServer(database: Database, env: Env): Promise<RunningServer> {
  assertReadyToServe(env, await enabledPaymentMethods(database.db));
  if (shopMode(env) === "production") {
    const open = await demoPasswordsInUse(database.db);
    if (open.length) {
      throw new Error(`Refusing to start in production (NODE_ENV=production):\n  demo accounts still have their published passwords: ${open.join(", ")} (change or delete them)`);
    }
  }
  // Filled in below once the port is known, so links made while serving name the port actually listened on.
  const runtimeEnv: Env = { ...env };
  const app = createApp({ db: database.db, env: runtimeEnv }, { distDir: env.DIST_DIR, outboxWorker: true });
  let server: ServerType;
  const port = await new Promise<number>((resolvePort, reject) => {
    server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => resolvePort(info.port));
    server.once("error", reject);
  });
  // Longer than the idle timeout of proxies and HTTP clients, so a client never reuses a socket the shop is closing
  // (Node's 5 s default made a keep-alive request fail with ECONNRESET now and then).
  if ("keepAliveTimeout" in server!) {
    server.keepAliveTimeout = 65_000;
    server.headersTimeout = 66_000;
  }
  const url = publicOrigin({ HOST: env.HOST, PORT: port });
  runtimeEnv.PUBLIC_URL ??= url;
  return {
    // Where it listens, with the port it got (PORT=0 picks a free one); PUBLIC_URL is for what the shop sends out.
    internalUrl: internalOrigin({ HOST: env.HOST, PORT: port }),
    url,
    publicUrl: publicOrigin(runtimeEnv),
    catalogue: app.catalogue,
    close: () => new Promise((done) => server.close(() => done())),
  };
}
