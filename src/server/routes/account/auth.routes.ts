/**
 * Sign-up, verification, log-in, session check, recovery and reset under /shop-api (storefront spec
 * section 7). The spec's `POST /reset-password?token` lives at /shop-api/reset-password (docs/api.md).
 */
import { Hono } from "hono";
import { loginSchema, oneTimeTokenQuery, recoverySchema, resetPasswordSchema, signUpSchema } from "../../../shared/schemas/auth";
import { authKit } from "../../auth/auth-kit";
import { callerOf, clientIp, requireCaller, type AuthEnv } from "../../auth/bearer";
import { ok } from "../../http/answer";
import type { AppEnv } from "../../http/context";
import { readJson, readQuery } from "../../http/validate";
import { logIn } from "../../services/account/login";
import { limitRecovery, requestRecovery, resetPassword } from "../../services/account/recovery";
import { registerCustomer, resendVerification, verifyAccount } from "../../services/account/registration";

export const authRoutes = new Hono<AppEnv>();

authRoutes.post("/register", async (c) => {
  const body = await readJson(c, signUpSchema);
  const deps = c.get("deps");
  const created = await registerCustomer(deps, body, c.get("locale"), authKit(deps).now());
  return ok(c, created, 201);
});

authRoutes.get("/verify-account", async (c) => {
  const { token } = readQuery(c, oneTimeTokenQuery);
  const deps = c.get("deps");
  const verified = await verifyAccount(deps.db, token, authKit(deps).now());
  return ok(c, { verified: true, ...verified });
});

authRoutes.post("/resend-verification", async (c) => {
  const { email } = await readJson(c, recoverySchema);
  const deps = c.get("deps");
  const now = authKit(deps).now();
  await limitRecovery(deps, email, clientIp(c), now);
  await resendVerification(deps, email, now);
  return ok(c, { sent: true });
});

authRoutes.post("/login", async (c) => {
  const body = await readJson(c, loginSchema);
  return ok(c, await logIn(c.get("deps"), body, clientIp(c)));
});

authRoutes.post("/recovery", async (c) => {
  const { email } = await readJson(c, recoverySchema);
  await requestRecovery(c.get("deps"), email, clientIp(c));
  return ok(c, { sent: true });
});

authRoutes.post("/reset-password", async (c) => {
  // The body first: a mismatch must not spend the link.
  const { token } = readQuery(c, oneTimeTokenQuery);
  const body = await readJson(c, resetPasswordSchema);
  await resetPassword(c.get("deps"), token, body);
  return ok(c, { reset: true });
});

/** The session check that follows log-in (storefront spec section 7: path not shown). */
export const sessionRoutes = new Hono<AuthEnv>();
sessionRoutes.use("*", requireCaller);
sessionRoutes.get("/", (c) => {
  const caller = callerOf(c);
  return ok(c, { userId: caller.id, role: caller.role, expiresAt: new Date(caller.tokenExpiresAt * 1000).toISOString() });
});
