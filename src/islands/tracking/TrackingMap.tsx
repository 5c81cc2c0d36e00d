/**
 * The passenger's map, drawn without tiles or a map library (the page is public and must stay light): their stop,
 * the venue and the van (when it shares its position), each labelled, placed by an equirectangular projection
 * fitted to the three points, with the straight line from the van to where it heads next. The distance in words
 * sits under it (`TrackingPage`), so the map says something on a phone with no data to spare.
 */
import type { LatLonPoint } from "../../shared/geo/straight-line";

export interface MapPoint extends LatLonPoint {
  label: string;
  kind: "stop" | "venue" | "vehicle";
}

const WIDTH = 320;
const HEIGHT = 200;
const PAD = 36;

/** Each point's place in the drawing: longitudes shrunk by the cosine of the latitude, north up, one scale for both. */
function project(points: readonly MapPoint[]): { x: number; y: number }[] {
  const meanLat = points.reduce((sum, point) => sum + point.lat, 0) / points.length;
  const shrink = Math.cos((meanLat * Math.PI) / 180);
  const xs = points.map((point) => point.lon * shrink);
  const ys = points.map((point) => -point.lat);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale = Math.min(spanX > 0 ? (WIDTH - 2 * PAD) / spanX : Infinity, spanY > 0 ? (HEIGHT - 2 * PAD) / spanY : Infinity);
  const k = Number.isFinite(scale) ? scale : 0;
  // Centred: the drawing's spare room is shared on both sides.
  const offsetX = (WIDTH - spanX * k) / 2;
  const offsetY = (HEIGHT - spanY * k) / 2;
  return points.map((_, index) => ({ x: offsetX + (xs[index]! - minX) * k, y: offsetY + (ys[index]! - minY) * k }));
}

const MARK: Record<MapPoint["kind"], { fill: string; stroke: string; r: number }> = {
  stop: { fill: "#fff", stroke: "#111", r: 7 },
  venue: { fill: "#1f3a5f", stroke: "#1f3a5f", r: 7 },
  vehicle: { fill: "#c2410c", stroke: "#7c2d12", r: 8 },
};

/** `line`: indexes of the two points joined by the straight line (the van and where it heads), or null. */
export function TrackingMap({ points, line, label }: { points: readonly MapPoint[]; line: [number, number] | null; label: string }) {
  const placed = project(points);
  return (
    <svg className="tracking-map" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} data-points={points.map((point) => point.kind).join(" ")}>
      <rect x="0" y="0" width={WIDTH} height={HEIGHT} rx="8" fill="#eef2f5" />
      {line ? (
        <line
          x1={placed[line[0]]!.x}
          y1={placed[line[0]]!.y}
          x2={placed[line[1]]!.x}
          y2={placed[line[1]]!.y}
          stroke="#555"
          strokeWidth="2"
          strokeDasharray="6 5"
        />
      ) : null}
      {points.map((point, index) => {
        const { x, y } = placed[index]!;
        const mark = MARK[point.kind];
        // Labels lean inwards so they stay inside the drawing; the van's sits above its dot, the others below.
        const anchor = x > WIDTH * 0.66 ? "end" : x < WIDTH * 0.33 ? "start" : "middle";
        const dy = point.kind === "vehicle" ? -mark.r - 6 : mark.r + 15;
        return (
          <g key={point.kind} className={`tracking-map-${point.kind}`}>
            {point.kind === "venue" ? (
              <rect x={x - mark.r} y={y - mark.r} width={mark.r * 2} height={mark.r * 2} fill={mark.fill} stroke={mark.stroke} strokeWidth="2" />
            ) : (
              <circle cx={x} cy={y} r={mark.r} fill={mark.fill} stroke={mark.stroke} strokeWidth="2.5" />
            )}
            <text x={x} y={y + dy} textAnchor={anchor} fontSize="13" fontWeight="600" fill="#111" stroke="#fff" strokeWidth="4" paintOrder="stroke" strokeLinejoin="round">
              {point.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
