import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { DateRangePicker, lastDays, QUICK_RANGES } from "@/kit/DateRangePicker";
import { must } from "@/test/must";
import { renderRouted } from "@/test/renderRouted";

describe("DateRangePicker", () => {
  it("offers 今天, 近7天 and 近30天 on every date range filter", async () => {
    renderRouted(<DateRangePicker id="period" />);
    await userEvent.click(must(screen.getAllByRole("textbox")[0]));
    for (const label of ["今天", "近7天", "近30天"]) {
      expect(await screen.findByText(label)).toBeInTheDocument();
    }
    expect(QUICK_RANGES.map((range) => range.label)).toEqual(["今天", "近7天", "近30天"]);
  });

  it("counts whole days back from today, today included", () => {
    const now = dayjs("2026-03-07T15:20:00");
    const [start, end] = lastDays(7, now);
    expect(start.format("YYYY-MM-DD HH:mm:ss")).toBe("2026-03-01 00:00:00");
    expect(end.format("YYYY-MM-DD HH:mm:ss")).toBe("2026-03-07 23:59:59");
    const [today] = lastDays(1, now);
    expect(today.format("YYYY-MM-DD HH:mm")).toBe("2026-03-07 00:00");
  });
});
