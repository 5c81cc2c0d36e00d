/**
 * Sign-up, verification, log-in, session check, recovery and reset under /shop-api. The reset call
 * lives under it too, at `POST /shop-api/reset-password?token=` (docs/api.md).
 */
import { Hono } from "hono";
import { callerOf, clientIp, requireCaller, type AuthEnv } from "../../auth/bearer";
import { spendAttempt } from "../../auth/attempts";
import { addressLimitsApply } from "../../http/local-only";
import { RATE_RULES } from "../../auth/rate-limit";
import type { AppEnv } from "../../http/context";
import { logIn } from "../../services/account/login";
import { limitRecovery, requestRecovery, resetPassword } from "../../services/account/recovery";
import { registerCustomer, resendVerification, verifyAccount } from "../../services/account/registration";
import { confirmEmailChange, endSessions } from "../../services/account/sessions";
import { ShopError } from "../../../shared/domain/shop-error";
import { documented, redirectOrJson } from "../contract";

const register = documented("POST /shop-api/register");
const verify = documented("GET /shop-api/verify-account");
const resend = documented("POST /shop-api/resend-verification");
const login = documented("POST /shop-api/login");
const recovery = documented("POST /shop-api/recovery");
const reset = documented("POST /shop-api/reset-password");
const session = documented("GET /shop-api/session");
const logout = documented("POST /shop-api/logout");
const confirmEmail = documented("GET /shop-api/confirm-email");

export const authRoutes = new Hono<AppEnv>();

authRoutes.post("/register", register.describe, async (c) => {
  const { body } = await register.input(c);
  const deps = c.get("deps");
  // Each sign-up sends a mail: one address may open only so many accounts an hour.
  if (addressLimitsApply(c)) await spendAttempt(deps, [{ rule: RATE_RULES.signUpPerIp, subject: clientIp(c) }]);
  const created = await registerCustomer(deps, body, c.get("locale"), deps.now());
  return register.ok(c, created);
});

authRoutes.get("/verify-account", verify.describe, async (c) => {
  const { token } = verify.query(c);
  const deps = c.get("deps");
  const verified = await verifyAccount(deps.db, token, deps.now());
  return verify.ok(c, { verified: true, ...verified });
});

authRoutes.post("/resend-verification", resend.describe, async (c) => {
  const { body: { email } } = await resend.input(c);
  const deps = c.get("deps");
  const now = deps.now();
  await limitRecovery(deps, email, clientIp(c));
  await resendVerification(deps, email, now);
  return resend.ok(c, { sent: true });
});

authRoutes.post("/login", login.describe, async (c) => {
  const { body } = await login.input(c);
  return login.ok(c, await logIn(c.get("deps"), body, clientIp(c)));
});

authRoutes.post("/recovery", recovery.describe, async (c) => {
  const { body: { email } } = await recovery.input(c);
  await requestRecovery(c.get("deps"), email, clientIp(c));
  return recovery.ok(c, { sent: true });
});

authRoutes.post("/reset-password", reset.describe, async (c) => {
  // The body first: a mismatch must not spend the link.
  const { query: { token }, body } = await reset.input(c);
  await resetPassword(c.get("deps"), token, body);
  return reset.ok(c, { reset: true });
});

/** The mailed email-change link: the person lands on their site's home, told by `?email-change=` how it went. */
authRoutes.get("/confirm-email", confirmEmail.describe, async (c) => {
  const { token } = confirmEmail.query(c);
  try {
    const { sitePrefix } = await confirmEmailChange(c.get("deps"), token);
    return redirectOrJson(c, `${sitePrefix}/?email-change=confirmed`);
  } catch (error) {
    if (!(error instanceof ShopError)) throw error;
    return redirectOrJson(c, `/?email-change=${error.code}`);
  }
});

/** Log-out ends the session on the server too: the token (and every other of the account) stops working. */
export const logoutRoutes = new Hono<AuthEnv>();
logoutRoutes.use("*", requireCaller);
logoutRoutes.post("/", logout.describe, async (c) => {
  await endSessions(c.get("deps").db, callerOf(c).id);
  return logout.ok(c, { loggedOut: true });
});

/** The session check that follows log-in (GET /shop-api/session: is this token still good, and whose is it). */
export const sessionRoutes = new Hono<AuthEnv>();
sessionRoutes.use("*", requireCaller);
sessionRoutes.get("/", session.describe, (c) => {
  const caller = callerOf(c);
  return session.ok(c, { userId: caller.id, role: caller.role, expiresAt: new Date(caller.tokenExpiresAt * 1000).toISOString() });
});
