/**
 * A local Webpay Plus that speaks Transbank's REST v1.2 (create, commit, status, refund; keys checked) and serves the
 * payment form the browser posts token_ws to, with approve, reject, cancel and timeout. Returns follow
 * Transbank's flows: token_ws by GET (approved or rejected, decided at commit), TBK_TOKEN + TBK_ORDEN_COMPRA +
 * TBK_ID_SESION by POST (cancel, as in Transbank's integration environment), only TBK_ORDEN_COMPRA +
 * TBK_ID_SESION (timeout). State lives in memory, per app instance, and is lost on restart.
 */
import { randomBytes } from "node:crypto";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { html } from "hono/html";
import { localeTag } from "../../../shared/locales";
import type { AppEnv } from "../../http/context";
import type { PaymentSettings } from "../config";
import {
  WEBPAY_FORM_PATH,
  WEBPAY_TRANSACTIONS_PATH,
  createTransactionSchema,
  refundRequestSchema,
  type RefundAnswer,
  type TransactionAnswer,
  type WebpayErrorAnswer,
} from "../webpay-protocol";
import { messagePage, renderPage, returnByPost, translator } from "./page";
import { withParams } from "./return-url";

/** Transbank's integration environment times the payment form out after 10 minutes. */
export const WEBPAY_FORM_TIMEOUT_MINUTES = 10;

const PROVIDER = "Webpay Plus";

type Decision = "approved" | "rejected" | "aborted" | "timeout";

interface SimulatedTransaction {
  token: string;
  buyOrder: string;
  sessionId: string;
  amount: number;
  returnUrl: string;
  createdAt: Date;
  decision: Decision | null;
  /** The first commit's answer: a second commit is refused and status repeats this. */
  committed: TransactionAnswer | null;
  refunds: RefundAnswer[];
}

/** What a call to the simulator's Transbank API answers: a status and its JSON body. */
export interface SimulatorAnswer {
  status: 200 | 400 | 401 | 404 | 422;
  body: unknown;
}

/**
 * The simulator's transactions and its two hot calls (the key check, the create), shared by its Hono routes below and
 * by a benchmark's plain node:http answer path (scripts/bench/purchase-gateway.ts), which stands for Transbank
 * without Hono's Request/Response objects per call: both open the same transactions, which the other routes read.
 */
export function webpayTransactions(settings: PaymentSettings, now: () => Date) {
  const transactions = new Map<string, SimulatedTransaction>();
  const formUrl = `${settings.publicUrl}/payments-sim/webpay${WEBPAY_FORM_PATH}`;
  return {
    transactions,
    /** Transbank authenticates every API call with the commerce code and its secret key. */
    keysValid: (id: string | undefined, secret: string | undefined) => id === settings.webpay.commerceCode && secret === settings.webpay.apiKey,
    /** Creates a transaction from a parsed JSON body (undefined: the body was not JSON). */
    open(body: unknown): SimulatorAnswer {
      if (body === undefined) return { status: 400, body: { error_message: "Invalid JSON body" } satisfies WebpayErrorAnswer };
      const parsed = createTransactionSchema.safeParse(body);
      if (!parsed.success) {
        return { status: 422, body: { error_message: `Invalid value for parameter: ${String(parsed.error.issues[0]?.path[0] ?? "body")}` } satisfies WebpayErrorAnswer };
      }
      const token = randomBytes(32).toString("hex");
      transactions.set(token, {
        token,
        buyOrder: parsed.data.buy_order,
        sessionId: parsed.data.session_id,
        amount: parsed.data.amount,
        returnUrl: parsed.data.return_url,
        createdAt: now(),
        decision: null,
        committed: null,
        refunds: [],
      });
      return { status: 200, body: { token, url: formUrl } };
    },
  };
}

export function webpaySimulator(settings: PaymentSettings, now: () => Date, store = webpayTransactions(settings, now)) {
  const app = new Hono<AppEnv>();
  const { transactions } = store;

  const refuse = (c: Context<AppEnv>, status: 400 | 401 | 404 | 422, message: string) =>
    c.json({ error_message: message } satisfies WebpayErrorAnswer, status);

  // Transbank authenticates every API call with the commerce code and its secret key.
  const requireKeys: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (!store.keysValid(c.req.header("tbk-api-key-id"), c.req.header("tbk-api-key-secret"))) return refuse(c, 401, "Not Authorized");
    await next();
  };
  app.use(WEBPAY_TRANSACTIONS_PATH, requireKeys);
  app.use(`${WEBPAY_TRANSACTIONS_PATH}/*`, requireKeys);

  app.post(WEBPAY_TRANSACTIONS_PATH, async (c) => {
    const body: unknown = await c.req.json().catch(() => undefined);
    const answer = store.open(body);
    return c.json(answer.body as object, answer.status);
  });

  app.put(`${WEBPAY_TRANSACTIONS_PATH}/:token`, (c) => {
    const transaction = transactions.get(c.req.param("token"));
    if (!transaction) return refuse(c, 404, "Transaction not found");
    if (transaction.committed) return refuse(c, 422, "Invalid status for transaction while authorizing: already committed");
    if (transaction.decision === null) return refuse(c, 422, "Invalid status for transaction while authorizing: not yet authorized");
    if (transaction.decision === "aborted" || transaction.decision === "timeout") {
      return refuse(c, 422, `Invalid status for transaction while authorizing: ${transaction.decision}`);
    }
    transaction.committed = commitAnswer(transaction, now());
    return c.json(transaction.committed);
  });

  // Transbank's refund: a nullification of all or part of what is left (the balance); more than is left is refused.
  app.post(`${WEBPAY_TRANSACTIONS_PATH}/:token/refunds`, async (c) => {
    const transaction = transactions.get(c.req.param("token"));
    if (!transaction) return refuse(c, 404, "Transaction not found");
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return refuse(c, 400, "Invalid JSON body");
    }
    const parsed = refundRequestSchema.safeParse(body);
    if (!parsed.success) return refuse(c, 422, "Invalid value for parameter: amount");
    const committed = transaction.committed;
    if (!committed || (committed.status !== "AUTHORIZED" && committed.status !== "NULLIFIED")) {
      return refuse(c, 422, "Invalid status for transaction while refunding");
    }
    const balance = committed.balance ?? committed.amount;
    if (parsed.data.amount > balance) return refuse(c, 422, "Amount to refund exceeds the balance of the transaction");
    const left = balance - parsed.data.amount;
    transaction.committed = { ...committed, status: "NULLIFIED", balance: left };
    const answer = {
      type: "NULLIFIED",
      authorization_code: String(100000 + Math.floor(Math.random() * 900000)),
      authorization_date: now().toISOString(),
      nullified_amount: parsed.data.amount,
      balance: left,
      response_code: 0,
    } satisfies RefundAnswer;
    transaction.refunds.push(answer);
    return c.json(answer);
  });

  /** Simulator only (Transbank lists none): every refund it granted on a transaction, to check none was paid twice. */
  app.get(`${WEBPAY_TRANSACTIONS_PATH}/:token/refunds`, (c) => {
    const transaction = transactions.get(c.req.param("token"));
    if (!transaction) return refuse(c, 404, "Transaction not found");
    return c.json(transaction.refunds);
  });

  app.get(`${WEBPAY_TRANSACTIONS_PATH}/:token`, (c) => {
    const transaction = transactions.get(c.req.param("token"));
    if (!transaction) return refuse(c, 404, "Transaction not found");
    if (transaction.committed) return c.json(transaction.committed);
    const initialized: TransactionAnswer = {
      amount: transaction.amount,
      status: "INITIALIZED",
      buy_order: transaction.buyOrder,
      session_id: transaction.sessionId,
      accounting_date: accountingDate(transaction.createdAt),
      transaction_date: transaction.createdAt.toISOString(),
      installments_number: 0,
    };
    return c.json(initialized);
  });

  /** The payment form, or the way back when the token is used up or the form timed out. */
  const showForm = async (c: Context<AppEnv>, token: string | undefined) => {
    const transaction = token ? transactions.get(token) : undefined;
    if (!transaction) return messagePage(c, PROVIDER, "unknown");
    if (transaction.decision) return messagePage(c, PROVIDER, "done", transaction.returnUrl);
    if (timedOut(transaction, now())) return returnAfterTimeout(c, transaction);
    const t = translator(c);
    const amount = new Intl.NumberFormat(localeTag(c.get("locale"))).format(transaction.amount);
    return renderPage(c, {
      title: t("payments.sim.title_webpay"),
      provider: PROVIDER,
      body: html`<dl>
          <dt>${t("payments.sim.merchant")}</dt>
          <dd>${settings.webpay.commerceCode}</dd>
          <dt>${t("payments.sim.order")}</dt>
          <dd>${transaction.buyOrder}</dd>
          <dt>${t("payments.sim.amount")}</dt>
          <dd>$ ${amount}</dd>
        </dl>
        <form method="post" action="${settings.publicUrl}/payments-sim/webpay/webpayserver/decide">
          <input type="hidden" name="token_ws" value="${transaction.token}" />
          <fieldset>
            <legend>${t("payments.sim.choose")}</legend>
            <button type="submit" name="action" value="approve" class="approve">${t("payments.sim.approve")}</button>
            <button type="submit" name="action" value="reject" class="reject">${t("payments.sim.reject")}</button>
            <button type="submit" name="action" value="cancel" class="cancel">${t("payments.sim.cancel")}</button>
            <button type="submit" name="action" value="timeout" class="timeout">${t("payments.sim.timeout")}</button>
          </fieldset>
        </form>`,
    });
  };

  const returnAfterTimeout = (c: Context<AppEnv>, transaction: SimulatedTransaction) => {
    transaction.decision = "timeout";
    return c.redirect(withParams(transaction.returnUrl, { TBK_ORDEN_COMPRA: transaction.buyOrder, TBK_ID_SESION: transaction.sessionId }), 303);
  };

  app.post(WEBPAY_FORM_PATH, async (c) => {
    const form = await c.req.parseBody();
    return showForm(c, typeof form.token_ws === "string" ? form.token_ws : undefined);
  });
  app.get(WEBPAY_FORM_PATH, (c) => showForm(c, c.req.query("token_ws")));

  app.post("/webpayserver/decide", async (c) => {
    const form = await c.req.parseBody();
    const transaction = typeof form.token_ws === "string" ? transactions.get(form.token_ws) : undefined;
    if (!transaction) return messagePage(c, PROVIDER, "unknown");
    if (transaction.decision) return messagePage(c, PROVIDER, "done", transaction.returnUrl);
    if (timedOut(transaction, now()) || form.action === "timeout") return returnAfterTimeout(c, transaction);
    switch (form.action) {
      case "approve":
      case "reject":
        transaction.decision = form.action === "approve" ? "approved" : "rejected";
        return c.redirect(withParams(transaction.returnUrl, { token_ws: transaction.token }), 303);
      case "cancel":
        transaction.decision = "aborted";
        return returnByPost(c, PROVIDER, transaction.returnUrl, {
          TBK_TOKEN: transaction.token,
          TBK_ORDEN_COMPRA: transaction.buyOrder,
          TBK_ID_SESION: transaction.sessionId,
        });
      default:
        return showForm(c, transaction.token);
    }
  });

  return app;
}

function timedOut(transaction: SimulatedTransaction, at: Date): boolean {
  return at.getTime() - transaction.createdAt.getTime() > WEBPAY_FORM_TIMEOUT_MINUTES * 60_000;
}

function accountingDate(at: Date): string {
  return `${String(at.getUTCMonth() + 1).padStart(2, "0")}${String(at.getUTCDate()).padStart(2, "0")}`;
}

/** Transbank's commit answer; a rejection is status FAILED with a non-zero response_code. */
function commitAnswer(transaction: SimulatedTransaction, at: Date): TransactionAnswer {
  const approved = transaction.decision === "approved";
  return {
    vci: approved ? "TSY" : "TSN",
    amount: transaction.amount,
    status: approved ? "AUTHORIZED" : "FAILED",
    buy_order: transaction.buyOrder,
    session_id: transaction.sessionId,
    card_detail: { card_number: "6623" },
    accounting_date: accountingDate(at),
    transaction_date: at.toISOString(),
    authorization_code: approved ? String(100000 + Math.floor(Math.random() * 900000)) : "000000",
    payment_type_code: "VN",
    response_code: approved ? 0 : -1,
    installments_number: 0,
  };
}
