/**
 * The signed-in customer: a bearer JWT kept in localStorage, valid only while its expiry is more
 * than 5 s ahead; an unreadable token is removed and the person is treated as logged out.
 * The user's name is cached beside it so the header can greet without a request or React.
 */
import { atom, computed } from "nanostores";
import { provideApiContext } from "../client/api-context";

export const TOKEN_KEY = "shop.token";
export const USER_KEY = "shop.user";
/** How long before its expiry a token counts as expired (so a call never carries one that runs out in flight). */
export const TOKEN_EXPIRY_MARGIN_MS = 5_000;

export interface SessionUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role?: string;
}

function storage(): Storage | undefined {
  try {
    // Checked through window: on the server (static build) Node's own localStorage warns when touched.
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** Seconds-since-epoch expiry of a JWT, or undefined when it cannot be read. */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split(".")[1];
  if (!payload) return undefined;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { exp?: unknown };
    return typeof json.exp === "number" ? json.exp : undefined;
  } catch {
    return undefined;
  }
}

export function isTokenValid(token: string, now = Date.now()): boolean {
  const exp = tokenExpiry(token);
  return exp !== undefined && exp * 1000 - now > TOKEN_EXPIRY_MARGIN_MS;
}

function readUser(): SessionUser | null {
  const text = storage()?.getItem(USER_KEY);
  if (!text) return null;
  try {
    return JSON.parse(text) as SessionUser;
  } catch {
    return null;
  }
}

export const $token = atom<string | null>(storage()?.getItem(TOKEN_KEY) ?? null);
export const $user = atom<SessionUser | null>(readUser());
export const $loggedIn = computed($token, (token) => token !== null && isTokenValid(token));

/** The stored token when still valid; removes it (and the cached user) when expired or unreadable. */
export function getValidToken(): string | null {
  const token = $token.get();
  if (!token) return null;
  if (isTokenValid(token)) return token;
  logOut();
  return null;
}

// The API client sends this session's token (it imports no store; the header loads this module on every page).
provideApiContext({ token: getValidToken });

export function logIn(token: string, user: SessionUser) {
  storage()?.setItem(TOKEN_KEY, token);
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  $token.set(token);
  $user.set(user);
}

export function setUser(user: SessionUser) {
  storage()?.setItem(USER_KEY, JSON.stringify(user));
  $user.set(user);
}

export function logOut() {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(USER_KEY);
  $token.set(null);
  $user.set(null);
}

/**
 * Salir: ends the session on the server too (POST /shop-api/logout), then forgets it here even if that call fails
 * (offline, or already ended). The API client loads on this call only: the header stays light on every page.
 */
export async function endSession(): Promise<void> {
  try {
    const { api } = await import("../client/api");
    await api("POST /shop-api/logout");
  } catch {
    // Offline or already ended: the token is dropped here all the same.
  }
  logOut();
}

/** Where a person sent home from a signed-in area (no valid token) goes once they log in: this tab only. */
export const AFTER_LOGIN_KEY = "shop.afterLogin";

function tabStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Keeps the address (a path on this site, with its query: an invitation's claim) for after the log-in. */
export function rememberAfterLogin(path: string) {
  if (path.startsWith("/") && !path.startsWith("//")) tabStorage()?.setItem(AFTER_LOGIN_KEY, path);
}

/** Whether an address waits for a log-in. */
export function awaitsLogin(): boolean {
  return Boolean(tabStorage()?.getItem(AFTER_LOGIN_KEY));
}

/** The address kept for after the log-in, forgotten as it is read. */
export function takeAfterLogin(): string | null {
  const path = tabStorage()?.getItem(AFTER_LOGIN_KEY) ?? null;
  tabStorage()?.removeItem(AFTER_LOGIN_KEY);
  return path && path.startsWith("/") && !path.startsWith("//") ? path : null;
}
