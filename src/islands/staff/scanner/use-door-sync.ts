/**
 * The door's link to the shop while it works: whether it has network, how many scans wait to be sent, the lists
 * taken along (refreshed in the background while online, so their check-ins stay current), and the conflicts the
 * last syncs reported. Sends the waiting scans whenever the network is back and after every offline scan.
 */
import { useCallback, useEffect, useState } from "react";
import { api } from "../../../client/api";
import type { OfflineManifest } from "../../../shared/schemas/answers/door";
import { syncPending, type SyncConflict } from "./door-check";
import { loadManifests, pendingScans, saveKey, saveManifest } from "./offline-store";
import { useOnline } from "./use-online";

/** How often the lists taken along are downloaded again while online. */
const REFRESH_MS = 60_000;

export function useDoorSync(onSynced: (sent: number, conflicts: SyncConflict[]) => void) {
  const online = useOnline();
  const [pending, setPending] = useState(0);
  const [manifests, setManifests] = useState<OfflineManifest[]>([]);
  const [conflicts, setConflicts] = useState<SyncConflict[]>([]);

  const reload = useCallback(async () => {
    setPending((await pendingScans()).length);
    setManifests(await loadManifests());
  }, []);

  const sync = useCallback(async () => {
    if (!navigator.onLine) return;
    try {
      const { sent, conflicts: found } = await syncPending();
      if (found.length) setConflicts((known) => [...known, ...found]);
      if (sent > 0) onSynced(sent, found);
    } catch {
      // Tried again at the next change of network or scan.
    }
    await reload();
  }, [onSynced, reload]);

  /** Downloads the lists of these dates again (all taken along when none are named). */
  const refresh = useCallback(
    async (dateIds?: number[]) => {
      const ids = dateIds ?? (await loadManifests()).map((manifest) => manifest.eventDateId);
      for (const eventDateId of ids)
        await saveManifest(
          await api("GET /shop-api/staff/checkin-manifest", {
            query: { eventDateId: String(eventDateId) },
          }),
        );
      await reload();
    },
    [reload],
  );

  useEffect(() => {
    void reload();
    if (!online) return;
    api("GET /shop-api/staff/ticket-key")
      .then(saveKey)
      .catch(() => undefined);
    // Scans first, so the lists downloaded next carry them.
    void sync().then(() => refresh().catch(() => undefined));
    const timer = window.setInterval(() => void sync().then(() => refresh().catch(() => undefined)), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [online, reload, sync, refresh]);

  return { online, pending, manifests, conflicts, reload, sync, refresh };
}
