/** What a browser does against a listening test shop, without following redirects so the test can read them. */

export function visit(url: string, init: RequestInit = {}) {
  return fetch(url, { ...init, redirect: "manual" });
}

/** A form submission. */
export function postForm(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return visit(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body: new URLSearchParams(fields).toString() });
}

/** The query parameters of a redirect, checked to go back to `expectedBase`. */
export function redirectParams(response: Response, expectedBase: string): Record<string, string> {
  const location = response.headers.get("location");
  if (!location) throw new Error(`expected a redirect, got ${response.status}`);
  const url = new URL(location);
  if (`${url.origin}${url.pathname}` !== expectedBase) throw new Error(`redirected to ${location}, not ${expectedBase}`);
  return Object.fromEntries(url.searchParams);
}

/** The action and hidden fields of the auto-submitted form a provider returns by POST. */
export function autoPostForm(page: string): { action: string; fields: Record<string, string> } {
  const action = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error("no return form on the page");
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[match[1]!] = match[2]!;
  return { action: action.replaceAll("&amp;", "&"), fields };
}

/** The buyer approves a started card payment in its gateway's simulator, as their browser would, and comes back. */
export async function approveInSimulator(origin: string, paymentCode: "mercadopago" | "webpay", started: { preference_id?: string; webpay_url?: string; webpay_token?: string }) {
  if (paymentCode === "mercadopago") {
    const back = await postForm(`${origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: started.preference_id!, action: "approve" });
    await visit(back.headers.get("location")!);
    return;
  }
  await postForm(started.webpay_url!, { token_ws: started.webpay_token! });
  const back = await postForm(`${origin}/payments-sim/webpay/webpayserver/decide`, { token_ws: started.webpay_token!, action: "approve" });
  await visit(back.headers.get("location")!);
}
