/**
 * What follows a successful log-in (a session check and a fetch of the user's data): the token is checked with GET /shop-api/session, the profile read with
 * GET /shop-api/me, and only then kept in the session store, so the header greets by name at once.
 */
import { api } from "../../client/api";
import type { ProfileAnswer } from "../../shared/schemas/answers/account";
import { logIn, setUser, type SessionUser } from "../../stores/session";

/** GET /shop-api/me, as the contract answers it. */
export type MeAnswer = ProfileAnswer;

export function sessionUserOf(me: MeAnswer): SessionUser {
  return { id: me.id, email: me.email, firstName: me.firstName, lastName: me.lastName, role: me.role };
}

export async function signIn(email: string, password: string): Promise<MeAnswer> {
  const { token } = await api("POST /shop-api/login", { body: { email, password } });
  const headers = { authorization: `Bearer ${token}` };
  await api("GET /shop-api/session", { headers });
  const me = await api("GET /shop-api/me", { headers });
  logIn(token, sessionUserOf(me));
  return me;
}

/** Re-reads the profile (after a save) and refreshes the name the header shows. */
export async function reloadMe(): Promise<MeAnswer> {
  const me = await api("GET /shop-api/me");
  setUser(sessionUserOf(me));
  return me;
}
