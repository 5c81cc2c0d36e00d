/**
 * The plan on a map (Leaflet): the venue, each run's stops as numbered circles joined in driving order, one colour
 * per run. Tiles come from the MAP_TILE_URL setting; without one the stops and routes are drawn on a blank map,
 * and nothing is ever fetched from another host.
 */
import { useEffect, useRef } from "react";
import L from "leaflet";
import "leaflet/dist/leaflet.css";
import type { DispatchPlan } from "../../../shared/schemas/answers/dispatch";
import { LEG } from "../../../shared/domain/legs";

const COLOURS = ["#f26522", "#2563eb", "#16a34a", "#9333ea", "#dc2626", "#0891b2", "#ca8a04", "#db2777"];

export function runColour(index: number) {
  return COLOURS[index % COLOURS.length]!;
}

export function PlanMap({ plan, venue, tileUrl, label }: { plan: DispatchPlan; venue: { name: string; lat: number; lon: number }; tileUrl: string | null; label: string }) {
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

  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const layer = L.layerGroup().addTo(current);
    const points: L.LatLngExpression[] = [[venue.lat, venue.lon]];
    L.circleMarker([venue.lat, venue.lon], { radius: 9, color: "#111", fillColor: "#111", fillOpacity: 0.9 }).bindTooltip(venue.name).addTo(layer);
    plan.runs.forEach((run, index) => {
      const colour = runColour(index);
      const route: L.LatLngExpression[] = run.stops.map((stop) => [stop.lat, stop.lon]);
      const path = plan.leg === LEG.outbound ? [...route, [venue.lat, venue.lon] as L.LatLngExpression] : [[venue.lat, venue.lon] as L.LatLngExpression, ...route];
      L.polyline(path, { color: colour, weight: 3, opacity: 0.8 }).addTo(layer);
      run.stops.forEach((stop) => {
        points.push([stop.lat, stop.lon]);
        L.circleMarker([stop.lat, stop.lon], { radius: 7, color: colour, fillColor: "#fff", fillOpacity: 1, dashArray: stop.approximate ? "3" : undefined })
          .bindTooltip(`${index + 1}.${stop.position + 1} ${stop.address}`)
          .addTo(layer);
      });
    });
    current.fitBounds(L.latLngBounds(points).pad(0.15), { maxZoom: 14 });
    return () => {
      layer.remove();
    };
  }, [plan, venue]);

  return <div ref={element} className="dispatch-map" role="region" aria-label={label} />;
}
