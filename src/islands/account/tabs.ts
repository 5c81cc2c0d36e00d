/** The account's five tabs by route segment, in tab-index order (profile 0 is the default). */
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
