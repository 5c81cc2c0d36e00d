/**
 * A Leaflet map on the element the caller renders: tiles from the shop's MAP_TILE_URL, or, without one, a blank map
 * (no attribution, nothing fetched from another host) on which the caller's layers are drawn all the same. Call it
 * before the effects that draw on `map.current`: React runs a component's effects in order.
 */
import { useEffect, useRef } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";

export function useLeafletMap(tileUrl: string | null) {
  const element = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  useEffect(() => {
    if (!element.current) return;
    const created = L.map(element.current, { attributionControl: Boolean(tileUrl), zoomControl: true });
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 19 }).addTo(created);
    map.current = created;
    return () => {
      created.remove();
      map.current = null;
    };
  }, [tileUrl]);
  return { element, map };
}
