import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

// Only what the overview draws: ECharts' tree-shaken core (about a third of the whole library).
echarts.use([
  BarChart,
  LineChart,
  PieChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

/** A reader who asked the system for less motion gets charts drawn at once, not animated. */
const lessMotion = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * One ECharts chart, sized by its box (it follows the box's resizes). A canvas says nothing to a
 * screen reader: `label` does, as the image's text (the figures in words). Loaded only with the
 * pages and parts that draw charts, never with a first paint.
 */
export function EChart({
  option,
  label,
  height,
  dark = false,
}: {
  option: ChartOption;
  label: string;
  height: number | string;
  dark?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);

  useEffect(() => {
    const el = box.current!;
    const made = echarts.init(el, dark ? 'dark' : undefined);
    chart.current = made;
    const resized = new ResizeObserver(() => made.resize());
    resized.observe(el);
    return () => {
      resized.disconnect();
      made.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    chart.current?.setOption({ ...option, animation: !lessMotion() }, { notMerge: true });
  }, [option, dark]);

  return <div ref={box} role="img" aria-label={label} style={{ height, width: '100%' }} />;
}
