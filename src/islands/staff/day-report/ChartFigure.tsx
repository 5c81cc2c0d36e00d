/**
 * One chart of the day's report with its table one toggle away: the chart (Observable Plot's SVG, drawn at the
 * figure's own width, so it reads at 390 px as at 1280 px) or the same figures as a table for screen readers and
 * copying. The chart library is in this section's own chunk, loaded when the section is opened, never on a public page.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import * as Plot from "@observablehq/plot";
import type { PlotOptions } from "@observablehq/plot";

interface Props {
  title: string;
  hint?: string;
  showTable: string;
  showChart: string;
  /** The chart's marks for a given width in pixels. */
  chart: (width: number) => PlotOptions;
  table: ReactNode;
  testId?: string;
}

export function ChartFigure({ title, hint, showTable, showChart, chart, table, testId }: Props) {
  const [asTable, setAsTable] = useState(false);
  const holder = useRef<HTMLDivElement>(null);
  const captionId = useId();

  useEffect(() => {
    const box = holder.current;
    if (!box || asTable) return;
    let live = true;
    const draw = () => {
      if (!live) return;
      const width = Math.max(280, Math.floor(box.clientWidth));
      const svg = Plot.plot({ ...chart(width), width, ariaLabel: title });
      box.replaceChildren(svg);
    };
    draw();
    const resize = new ResizeObserver(() => draw());
    resize.observe(box);
    return () => {
      live = false;
      resize.disconnect();
    };
  }, [asTable, chart, title]);

  return (
    <figure className="day-chart" aria-labelledby={captionId} data-testid={testId}>
      <figcaption id={captionId}>
        <span className="day-chart-title">{title}</span>
        <button type="button" className="btn btn-ghost btn-small" aria-pressed={asTable} onClick={() => setAsTable((shown) => !shown)}>
          {asTable ? showChart : showTable}
        </button>
      </figcaption>
      {hint ? <p className="staff-muted">{hint}</p> : null}
      {asTable ? <div className="day-chart-table">{table}</div> : <div ref={holder} className="day-chart-plot" />}
    </figure>
  );
}
