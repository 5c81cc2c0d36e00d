/** What `npm start` prints once the shop serves: where it runs and, in demo mode, what it does not do for real. */
import type { Env } from "./env";
import { shopMode } from "./env";

export interface BannerAccount {
  email: string;
  password: string;
}

/** The lines after "The shop is running at …": empty in production. Mail is described as it is set up. */
export function demoBanner(env: Pick<Env, "NODE_ENV" | "SMTP_URL">, url: string, accounts: readonly BannerAccount[]): string[] {
  if (shopMode(env) !== "demo") return [];
  const mail = env.SMTP_URL
    ? `Mails are sent through the SMTP server of SMTP_URL (${smtpHost(env.SMTP_URL)}).`
    : `Mails are not sent; read them at ${url}/dev/outbox.`;
  return [
    "  DEMO MODE: not for real customers.",
    `  ${mail} Payments go to built-in simulators (nothing is charged).`,
    `  The ${env.SMTP_URL ? "" : "outbox and the "}simulators answer only requests from this machine. For a real shop set NODE_ENV=production (README "Production").`,
    `  Demo accounts: ${accounts.map((account) => `${account.email} / ${account.password}`).join(", ")}`,
    "",
  ];
}

/** The host and port of an SMTP URL, never its user or password. */
function smtpHost(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.port ? `${parsed.hostname}:${parsed.port}` : parsed.hostname;
  } catch {
    return "as set";
  }
}
