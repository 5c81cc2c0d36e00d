/**
 * The signed-in person's places on waiting lists, as the booking wizard shows them beside a sold-out subcategory:
 * loaded once a wizard needs them, changed by joining and leaving.
 */
import { atom } from "nanostores";
import { api } from "../client/api";
import type { WaitingEntry } from "../shared/schemas/answers/waiting-list";
import type { JoinWaitingListInput } from "../shared/schemas/waiting-list";

export const $waitingPlaces = atom<WaitingEntry[] | null>(null);

export async function loadWaitingPlaces(): Promise<WaitingEntry[]> {
  const places = await api("GET /shop-api/waiting-list", {});
  $waitingPlaces.set(places);
  return places;
}

/** Joins a list; refusals (seats on sale again, already in line) reach the caller as ApiFailure. */
export async function joinWaitingList(body: JoinWaitingListInput): Promise<WaitingEntry> {
  const entry = await api("POST /shop-api/waiting-list", { body });
  $waitingPlaces.set([entry, ...($waitingPlaces.get() ?? []).filter((place) => place.id !== entry.id)]);
  return entry;
}

export async function leaveWaitingList(id: number): Promise<WaitingEntry> {
  const entry = await api("DELETE /shop-api/waiting-list/:id", { params: { id } });
  $waitingPlaces.set(($waitingPlaces.get() ?? []).map((place) => (place.id === id ? entry : place)));
  return entry;
}
