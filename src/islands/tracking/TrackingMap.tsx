/**
 * The passenger's map: their stop and their van's last position (nothing else of the run). Tiles from the shop's
 * MAP_TILE_URL; without one the two points are drawn on a blank map and nothing is fetched from another host.
 */
import { useEffect } from "react";
import L from "leaflet";
import { useLeafletMap } from "../ui/use-leaflet-map";
import type { TrackingLeg } from "../../shared/schemas/answers/live";

export function TrackingMap({ leg, tileUrl, label, stopLabel, vanLabel }: { leg: TrackingLeg; tileUrl: string | null; label: string; stopLabel: string; vanLabel: string }) {
  const { element, map } = useLeafletMap(tileUrl);

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const layer = L.layerGroup().addTo(current);
    const points: L.LatLngExpression[] = [[leg.stop.lat, leg.stop.lon]];
    L.circleMarker([leg.stop.lat, leg.stop.lon], { radius: 8, color: "#111", fillColor: "#fff", fillOpacity: 1 }).bindTooltip(stopLabel).addTo(layer);
    if (leg.van) {
      points.push([leg.van.lat, leg.van.lon]);
      L.circleMarker([leg.van.lat, leg.van.lon], { radius: 9, color: "#f26522", fillColor: "#f26522", fillOpacity: 0.9 }).bindTooltip(vanLabel).addTo(layer);
    }
    current.fitBounds(L.latLngBounds(points).pad(0.3), { maxZoom: 15 });
    return () => {
      layer.remove();
    };
  }, [leg, stopLabel, vanLabel]);

  return <div ref={element} className="tracking-map" role="region" aria-label={label} />;
}
