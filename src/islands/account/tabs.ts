/** account.md section 2: the five tabs by route segment, in tab-index order (profile 0 is the default). */
export const ACCOUNT_TABS = ["profile", "payments", "events", "frecuentAddresses", "frecuentFriends"] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];

/** The tab a path names (/my-account/{tab}, under any site prefix); unknown or missing is the profile. */
export function tabFromPath(pathname: string): AccountTab {
  const parts = pathname.split("/").filter(Boolean);
  const at = parts.lastIndexOf("my-account");
  const segment = at >= 0 ? parts[at + 1] : undefined;
  return (ACCOUNT_TABS as readonly string[]).includes(segment ?? "") ? (segment as AccountTab) : "profile";
}

export function tabIndex(tab: AccountTab): number {
  return ACCOUNT_TABS.indexOf(tab);
}

/** The order states of account.md section 4: both awaiting_* are Pending (yellow), paid green, cancelled red, any other dark green. */
export function stateLook(state: string): { tone: "pending" | "paid" | "cancelled" | "other"; label: "account.state.pending" | "account.state.paid" | "account.state.cancelled" | "account.state.expired" | "account.state.other" } {
  if (state === "awaiting_payment" || state === "awaiting_transfer_payment") return { tone: "pending", label: "account.state.pending" };
  if (state === "paid") return { tone: "paid", label: "account.state.paid" };
  if (state === "cancelled") return { tone: "cancelled", label: "account.state.cancelled" };
  return { tone: "other", label: state === "expired" ? "account.state.expired" : "account.state.other" };
}
