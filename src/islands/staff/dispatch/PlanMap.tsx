/**
 * The plan on a map (Leaflet): the venue, each run's stops as numbered circles joined in driving order, one colour
 * per run. Tiles come from the MAP_TILE_URL setting; without one the stops and routes are drawn on a blank map,
 * and nothing is ever fetched from another host.
 */
import { useEffect } from "react";
import L from "leaflet";
import { useLeafletMap } from "../../ui/use-leaflet-map";
import type { DispatchPlan } from "../../../shared/schemas/answers/dispatch";
import { LEG } from "../../../shared/domain/legs";

const COLOURS = ["#f26522", "#2563eb", "#16a34a", "#9333ea", "#dc2626", "#0891b2", "#ca8a04", "#db2777"];

export function runColour(index: number) {
  return COLOURS[index % COLOURS.length]!;
}

/** A vehicle on the map: its run's colour, where it last was and what its tooltip says. */
export interface VehicleMark {
  runIndex: number;
  lat: number;
  lon: number;
  label: string;
}

export function PlanMap({ plan, venue, tileUrl, label, vehicles = [] }: { plan: DispatchPlan; venue: { name: string; lat: number; lon: number }; tileUrl: string | null; label: string; vehicles?: VehicleMark[] }) {
  const { element, map } = useLeafletMap(tileUrl);

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
        L.circleMarker([stop.lat, stop.lon], { radius: 7, color: colour, fillColor: "#fff", fillOpacity: 1, dashArray: stop.approximate ? "3" : undefined, className: "dispatch-stop-mark" })
          .bindTooltip(`${index + 1}.${stop.position + 1} ${stop.address}`)
          .addTo(layer);
      });
    });
    current.fitBounds(L.latLngBounds(points).pad(0.15), { maxZoom: 14 });
    return () => {
      layer.remove();
    };
  }, [plan, venue]);

  // The vans move without the view jumping: only their layer is drawn again.
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    const layer = L.layerGroup().addTo(current);
    for (const vehicle of vehicles) {
      L.circleMarker([vehicle.lat, vehicle.lon], { radius: 10, color: "#111", weight: 2, fillColor: runColour(vehicle.runIndex), fillOpacity: 1, className: "dispatch-van" })
        // The plate stays written beside the van: a dispatcher tells vans apart at a glance, not by hovering.
        .bindTooltip(vehicle.label, { permanent: true, direction: "top", offset: [0, -8], className: "dispatch-van-plate" })
        .addTo(layer);
    }
    return () => {
      layer.remove();
    };
  }, [vehicles]);

  return <div ref={element} className="dispatch-map" role="region" aria-label={label} />;
}
