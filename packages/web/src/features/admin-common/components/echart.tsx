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
 * Charts are made one per task of the browser, in the order they mount: the big screen's five,
 * made in the one task that ran their effects, held the main thread 400 ms on a phone
 * (Lighthouse's total blocking time; docs/decisions.md, issue 38). A page's other work and a
 * reader's input get in between.
 */
const waiting: (() => void)[] = [];
function inTurn(work: () => void): void {
  waiting.push(work);
  if (waiting.length === 1) setTimeout(nextTurn, 0);
}
/** The next is asked for first: a chart that fails (reported as any error in a timer) stops none. */
function nextTurn(): void {
  const work = waiting.shift();
  if (waiting.length > 0) setTimeout(nextTurn, 0);
  work?.();
}

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
  // What the chart shows once it is made, if its option changed while it waited for its turn.
  const latest = useRef(option);

  useEffect(() => {
    const el = box.current!;
    let gone = false;
    let made: echarts.ECharts | undefined;
    let resized: ResizeObserver | undefined;
    inTurn(() => {
      if (gone) return;
      made = echarts.init(el, dark ? 'dark' : undefined);
      chart.current = made;
      draw(made, latest.current);
      resized = new ResizeObserver(() => made?.resize());
      resized.observe(el);
    });
    return () => {
      gone = true;
      resized?.disconnect();
      made?.dispose();
      chart.current = null;
    };
  }, [dark]);

  useEffect(() => {
    latest.current = option;
    if (chart.current) draw(chart.current, option);
  }, [option, dark]);

  return <div ref={box} role="img" aria-label={label} style={{ height, width: '100%' }} />;
}

function draw(chart: echarts.ECharts, option: ChartOption): void {
  chart.setOption({ ...option, animation: !lessMotion() }, { notMerge: true });
}
