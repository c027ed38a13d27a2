/**
 * The chart of a kept tab: hidden, uPlot is destroyed (no listeners while the tab is hidden) and
 * its drawing stays as a still picture; shown again, the picture is replaced by a chart drawn anew.
 */
import { Activity } from "react";
import { describe, expect, it, vi } from "vitest";
import { TrendChart } from "@/features/shop/TrendChart";
import { renderUi } from "@/test/render";

// uPlot draws on a canvas, which the test DOM does not draw: the stand-in puts a numbered root
// into its target and takes it out when destroyed, as uPlot does.
const plots = vi.hoisted(() => ({ made: 0, alive: 0 }));
vi.mock("uplot", () => ({
  default: class {
    root: HTMLDivElement;
    constructor(_options: unknown, _data: unknown, target: HTMLElement) {
      plots.made += 1;
      plots.alive += 1;
      this.root = document.createElement("div");
      this.root.dataset.plot = String(plots.made);
      target.append(this.root);
    }
    setSize() {
      return undefined;
    }
    destroy() {
      plots.alive -= 1;
      this.root.remove();
    }
  },
}));

const DAYS = [
  { date: "2026-12-01", newShops: 2, activeShops: 10 },
  { date: "2026-12-02", newShops: 3, activeShops: 12 },
];

function Chart({ mode }: { mode: "visible" | "hidden" }) {
  return (
    <Activity mode={mode}>
      <TrendChart days={DAYS} summary="近两天的店铺" />
    </Activity>
  );
}

const drawn = (box: Element) =>
  [...box.querySelectorAll<HTMLElement>("[data-plot]")].map((p) => p.dataset.plot);

describe("TrendChart in a kept tab", () => {
  it("keeps its drawing as a still picture while hidden, and draws anew when shown", () => {
    const view = renderUi(<Chart mode="visible" />);
    const box = view.container.querySelector('[role="img"]');
    if (box === null) throw new Error("no chart");
    expect(drawn(box)).toEqual(["1"]);

    view.rerender(<Chart mode="hidden" />);
    // Destroyed (no listeners while hidden), its drawing still in place.
    expect(plots.alive).toBe(0);
    expect(drawn(box)).toEqual(["1"]);

    view.rerender(<Chart mode="visible" />);
    expect(plots.alive).toBe(1);
    expect(drawn(box)).toEqual(["2"]);
  });
});
