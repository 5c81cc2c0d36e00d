/**
 * The catalogues' message format: `{name}` placeholders and ICU plurals,
 * `{count, plural, =0 {no orders} one {# order} other {# orders}}`, whose branch is chosen by the locale's
 * plural rules (Intl.PluralRules: Portuguese counts 0 as "one", Spanish and English do not) and whose `#` is the
 * number. Only what the catalogues use is read: plural, exact `=N` branches and nested placeholders.
 */
const rulesByLocale = new Map<string, Intl.PluralRules>();

function pluralRules(localeTag: string): Intl.PluralRules {
  let rules = rulesByLocale.get(localeTag);
  if (!rules) {
    rules = new Intl.PluralRules(localeTag);
    rulesByLocale.set(localeTag, rules);
  }
  return rules;
}

export type MessageParams = Record<string, string | number>;

/** The index just past the `}` that closes the `{` at `open`, or -1. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at += 1) {
    if (text[at] === "{") depth += 1;
    else if (text[at] === "}") {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
  }
  return -1;
}

function pluralBranch(body: string, value: number, localeTag: string): string | undefined {
  const branches = new Map<string, string>();
  const pattern = /\s*(=\d+|zero|one|two|few|many|other)\s*\{/g;
  let at = 0;
  while (at < body.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(body);
    if (!match || match.index !== at) break;
    const open = match.index + match[0].length - 1;
    const end = closing(body, open);
    if (end < 0) break;
    branches.set(match[1]!, body.slice(open + 1, end - 1));
    at = end;
    while (at < body.length && /\s/.test(body[at]!)) at += 1;
  }
  return branches.get(`=${value}`) ?? branches.get(pluralRules(localeTag).select(value)) ?? branches.get("other");
}

/** `text` with its placeholders filled from `params` (unknown ones left as written) and its plurals chosen. */
export function formatMessage(text: string, params: MessageParams | undefined, localeTag = "es"): string {
  if (!params || !text.includes("{")) return text;
  let out = "";
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf("{", at);
    if (open < 0) {
      out += text.slice(at);
      break;
    }
    out += text.slice(at, open);
    const end = closing(text, open);
    if (end < 0) {
      out += text.slice(open);
      break;
    }
    const inner = text.slice(open + 1, end - 1);
    const plural = /^\s*(\w+)\s*,\s*plural\s*,([\s\S]*)$/.exec(inner);
    if (plural) {
      const [, name = "", body = ""] = plural;
      const value = Number(params[name]);
      const branch = name in params && Number.isFinite(value) ? pluralBranch(body, value, localeTag) : undefined;
      out += branch === undefined ? text.slice(open, end) : formatMessage(branch.replace(/#/g, String(params[name])), params, localeTag);
    } else {
      const name = inner.trim();
      out += /^\w+$/.test(name) && name in params ? String(params[name]) : text.slice(open, end);
    }
    at = end;
  }
  return out;
}
