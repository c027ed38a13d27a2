import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { formatTimestamp } from "@/lib/core";
import { TimeField } from "@/kit/TimeField";
import { renderRouted } from "@/test/renderRouted";

describe("TimeField", () => {
  it("shows an epoch-ms value as a date and time people read", () => {
    const ms = new Date(2026, 10, 30, 9, 30).getTime();
    renderRouted(<TimeField aria-label="开始时间" value={ms} />);
    expect(screen.getByRole("textbox", { name: "开始时间" })).toHaveValue(
      formatTimestamp(ms).slice(0, 16),
    );
  });

  it("is empty without a value", () => {
    renderRouted(<TimeField aria-label="结束时间" />);
    expect(screen.getByRole("textbox", { name: "结束时间" })).toHaveValue("");
  });
});
