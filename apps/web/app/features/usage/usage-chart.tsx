import { useEffect, useRef } from 'react';
import type { Figure } from './usage-figures';
import styles from './usage-page.module.css';

/** How many series colours the design tokens hold (`--color-chart-1` …), the swatches' too. */
const PALETTE_SIZE = 6;

/** The series colours from the design tokens (styles/tokens.css): uPlot draws on a canvas, which takes colour values. */
function palette(element: Element): string[] {
  const style = getComputedStyle(element);
  return Array.from({ length: PALETTE_SIZE }, (_, index) =>
    style.getPropertyValue(`--color-chart-${index + 1}`).trim(),
  );
}
const HEIGHT_PX = 220;

/**
 * A line chart of a figure's daily values, drawn by uPlot, which this screen alone loads
 * (a dynamic import: no other page pays for it). The chart is a picture for sighted
 * readers; the table beside it carries the same numbers for everyone.
 */
export function UsageChart({ figure }: { figure: Figure }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let disposed = false;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let observer: ResizeObserver | undefined;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([{ default: UPlot }]) => {
      if (disposed) return;
      const x = figure.days.map((day) => Date.parse(day) / 1000);
      const colours = palette(element);
      plot = new UPlot(
        {
          width: element.clientWidth,
          height: HEIGHT_PX,
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'UTC'),
          legend: { show: false },
          scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
          series: [
            { label: 'Day' },
            ...figure.series.map((series, index) => ({
              label: series.label,
              stroke: colours[index % PALETTE_SIZE],
              width: 2,
              points: { show: figure.days.length <= 31 },
            })),
          ],
          axes: [{}, { values: (_u, ticks) => ticks.map((tick) => (Number.isInteger(tick) ? String(tick) : '')) }],
        },
        [x, ...figure.series.map((series) => series.values)],
        element,
      );
      observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: HEIGHT_PX }));
      observer.observe(element);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [figure]);

  return (
    <div aria-hidden="true" className={styles.chart}>
      <div ref={container} data-testid={`${figure.id}-chart`} />
      <ul className={styles.key}>
        {figure.series.map((series, index) => (
          <li key={series.label}>
            <span className={styles.swatch} data-colour={index % PALETTE_SIZE} />
            {series.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
