/**
 * People who never signed up (private-event guests) get mails they did not ask for: each carries a one-click
 * unsubscribe link (List-Unsubscribe, RFC 8058) signed for its address, and an address that used it gets no more.
 */
import { eq } from "drizzle-orm";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { mailOptOuts } from "../../db/schema";
import { publicOrigin } from "../../origin";

const normal = (email: string) => email.trim().toLowerCase();

/** The address's one-click unsubscribe URL. */
export function unsubscribeUrl(deps: Pick<ShopContext, "auth" | "env">, email: string): string {
  const address = normal(email);
  const sig = deps.auth.signer.sign("unsubscribe-v1", address);
  return `${publicOrigin(deps.env)}/shop-api/unsubscribe?email=${encodeURIComponent(address)}&sig=${sig}`;
}

/** Records the address's wish; refuses `token_invalid` unless `sig` is the shop's signature of it. */
export async function optOut(deps: Pick<ShopContext, "auth" | "db">, email: string, sig: string): Promise<void> {
  const address = normal(email);
  if (!deps.auth.signer.verify("unsubscribe-v1", address, sig)) throw new ShopError("token_invalid");
  await deps.db.insert(mailOptOuts).values({ email: address }).onConflictDoNothing();
}

export async function hasOptedOut(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ email: mailOptOuts.email }).from(mailOptOuts).where(eq(mailOptOuts.email, normal(email)));
  return row !== undefined;
}
