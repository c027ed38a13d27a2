/**
 * The line chart of new and active shops, drawn by uPlot (a small canvas chart, loaded with
 * 店铺管理's chunk only). New shops on the left axis, active shops on the right one; the day under
 * the pointer, or else the last day, is read out in words below. For assistive technology the
 * drawing is one image whose name says what it shows.
 */
import { Flex, Typography, theme } from "antd";
import { useEffect, useRef, useState } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { ShopDay } from "@/lib/generated/ops";

const HEIGHT = 260;
/** Day steps of the date axis, and whole-number steps of the counts. */
const DAY_STEPS = [1, 2, 5, 7, 10, 14, 15, 30];
const COUNT_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 100_000];

/** The two lines, in the order uPlot gets them. */
const LINES = [
  { key: "newShops", label: "新增店铺", axis: "左轴" },
  { key: "activeShops", label: "营业中店铺", axis: "右轴" },
] as const;

export interface TrendChartProps {
  days: readonly ShopDay[];
  /** What the chart shows, in words (its accessible name). */
  summary: string;
}

export function TrendChart({ days, summary }: TrendChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const [hovered, setHovered] = useState<number>();
  // The theme's colours (light or dark) as plain strings: the chart is drawn again when they change.
  const { colorPrimary, colorSuccess, colorTextSecondary, colorBorderSecondary, fontFamily } =
    token;
  const colors = [colorPrimary, colorSuccess];

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // The picture a chart left (below), replaced by the chart drawn now.
    element.replaceChildren();
    const dates = days.map((day) => day.date.slice(5));
    const axis = {
      stroke: colorTextSecondary,
      grid: { stroke: colorBorderSecondary, width: 1 },
      ticks: { stroke: colorBorderSecondary, width: 1 },
      font: `12px ${fontFamily}`,
    };
    const counts = {
      range: (_u: uPlot, _min: number, max: number): uPlot.Range.MinMax => [0, Math.max(max, 1)],
    };
    const plot = new uPlot(
      {
        width: element.clientWidth || 640,
        height: HEIGHT,
        scales: { x: { time: false }, new: counts, active: counts },
        series: [
          {},
          { label: LINES[0].label, scale: "new", stroke: colorPrimary, width: 2 },
          { label: LINES[1].label, scale: "active", stroke: colorSuccess, width: 2 },
        ],
        axes: [
          { ...axis, incrs: DAY_STEPS, values: (_u, splits) => splits.map((i) => dates[i] ?? "") },
          { ...axis, scale: "new", incrs: COUNT_STEPS },
          {
            ...axis,
            scale: "active",
            // uPlot's Side is an ambient const enum, out of reach with isolatedModules: 1 = Right.
            // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment
            side: 1,
            incrs: COUNT_STEPS,
            grid: { show: false },
          },
        ],
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        hooks: {
          setCursor: [(u) => setHovered(u.cursor.idx ?? undefined)],
        },
      },
      [days.map((_, i) => i), days.map((day) => day.newShops), days.map((day) => day.activeShops)],
      element,
    );
    const resize =
      typeof ResizeObserver === "undefined"
        ? undefined
        : new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize?.observe(element);
    return () => {
      resize?.disconnect();
      plot.destroy();
      // Its drawing stays as a still picture, with no listeners: a kept tab hidden and shown
      // again shows the chart as it was until the chart is drawn anew (keptTabSwitch).
      element.append(plot.root);
    };
  }, [days, colorPrimary, colorSuccess, colorTextSecondary, colorBorderSecondary, fontFamily]);

  const day = days[hovered ?? days.length - 1];
  return (
    <Flex vertical gap={8}>
      <div ref={box} role="img" aria-label={summary} style={{ minHeight: HEIGHT }} />
      <Flex gap={16} wrap align="center">
        {LINES.map((line, i) => (
          <Flex key={line.key} gap={6} align="center">
            <span
              aria-hidden
              style={{ width: 16, height: 3, background: colors[i], display: "inline-block" }}
            />
            <Typography.Text>
              {line.label}（{line.axis}）{day ? `：${day[line.key]} 家` : ""}
            </Typography.Text>
          </Flex>
        ))}
        {day ? <Typography.Text type="secondary">{day.date}</Typography.Text> : null}
      </Flex>
    </Flex>
  );
}
