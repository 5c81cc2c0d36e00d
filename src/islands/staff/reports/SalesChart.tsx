/** Paid tickets by day as a small bar chart (SVG, no library): each bar names its day, tickets and money. */
import { fill } from "../../ui/texts";
import type { StaffTexts } from "../texts";

const HEIGHT = 120;
const BAR = 18;
const GAP = 6;

export function SalesChart({ days, texts, money }: { days: { day: string; tickets: number; amount: number }[]; texts: StaffTexts; money(amount: number): string }) {
  if (days.length === 0) return <p className="staff-muted">{texts["reports.none"]}</p>;
  const most = Math.max(...days.map((day) => day.tickets), 1);
  const width = days.length * (BAR + GAP);
  return (
    <svg className="sales-chart" role="img" aria-label={texts["reports.by_day"]} viewBox={`0 0 ${width} ${HEIGHT + 16}`} width="100%" height={HEIGHT + 16} preserveAspectRatio="xMinYMax meet">
      {days.map((day, i) => {
        const height = Math.max(2, Math.round((day.tickets / most) * HEIGHT));
        return (
          <g key={day.day}>
            <title>{fill(texts["reports.bar"], { day: day.day, tickets: day.tickets, amount: money(day.amount) })}</title>
            <rect x={i * (BAR + GAP)} y={HEIGHT - height} width={BAR} height={height} rx={3} fill="currentColor" />
            <text x={i * (BAR + GAP) + BAR / 2} y={HEIGHT + 12} fontSize="8" textAnchor="middle">
              {day.day.slice(8)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
