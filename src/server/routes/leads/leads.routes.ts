/**
 * The public forms: contact, marriage request and the about-us company request. Bodies are checked with the forms'
 * own schemas; a refusal names each field and stores nothing. Each address may send only so many an hour
 * (RATE_RULES.leadsPerIp, the three forms together): 429 too_many_attempts after that.
 */
import { Hono, type Context } from "hono";
import { spendAttempt } from "../../auth/attempts";
import { clientIp } from "../../auth/bearer";
import { addressLimitsApply } from "../../http/local-only";
import { RATE_RULES } from "../../auth/rate-limit";
import type { AppEnv } from "../../http/context";
import { storeCompanyRequest, storeContactMessage, storeMarriageRequest } from "../../services/leads/leads";
import { documented } from "../contract";

const contact = documented("POST /api/contact");
const marriage = documented("POST /api/marriage");
const companyRequest = documented("POST /api/quote");

/** Counts a valid submission against the sender's address (bad input stores nothing and is not counted). */
async function spendLead(c: Context<AppEnv>) {
  if (!addressLimitsApply(c)) return;
  const deps = c.get("deps");
  await spendAttempt(deps, [{ rule: RATE_RULES.leadsPerIp, subject: clientIp(c) }]);
}

export const leadRoutes = new Hono<AppEnv>()
  .post("/contact", contact.describe, async (c) => {
    const { query, body } = await contact.input(c);
    await spendLead(c);
    return contact.ok(c, { id: await storeContactMessage(c.get("deps").db, query["country-code"], body) });
  })
  .post("/marriage", marriage.describe, async (c) => {
    const { query, body } = await marriage.input(c);
    await spendLead(c);
    return marriage.ok(c, { id: await storeMarriageRequest(c.get("deps").db, query["country-code"], body) });
  })
  .post("/quote", companyRequest.describe, async (c) => {
    const { query, body } = await companyRequest.input(c);
    await spendLead(c);
    return companyRequest.ok(c, { id: await storeCompanyRequest(c.get("deps").db, query["country-code"], body) });
  });
