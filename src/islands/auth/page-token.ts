/** The token at the end of /verify-account/{token} or /recovery-account/{token}, under any site prefix. */
export function tokenFromPath(pathname: string, page: "verify-account" | "recovery-account"): string {
  const parts = pathname.split("/").filter(Boolean);
  const at = parts.lastIndexOf(page);
  return at >= 0 ? decodeURIComponent(parts[at + 1] ?? "") : "";
}
