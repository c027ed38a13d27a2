import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Region } from "@/lib/generated/ops";
import { filterFields, filterKeys, type ColumnSpec } from "@/kit/columns";
import { lastDays } from "@/kit/DateRangePicker";
import { FilterForm } from "@/kit/FilterForm";
import { useTableQuery } from "@/kit/useTableQuery";
import { renderRouted } from "@/test/renderRouted";

/** 杭州 in two provinces: the cascader's path tells them apart. */
const REGIONS: Region[] = [
  { province: "江苏", cities: ["杭州", "苏州"] },
  { province: "浙江", cities: ["杭州", "义乌"] },
];

interface Row {
  region: string;
  createdAt: number;
}

const COLUMNS: ColumnSpec<Row>[] = [
  {
    key: "region",
    title: "所在地区",
    filter: { kind: "region", keys: ["province", "city"], label: "地区", regions: REGIONS },
  },
  { key: "createdAt", title: "注册时间", filter: { kind: "dateRange", keys: ["from", "to"] } },
];
const FIELDS = filterFields(COLUMNS);
const KEYS = filterKeys(FIELDS);

function Filters() {
  const table = useTableQuery(KEYS);
  return <FilterForm name="probe" fields={FIELDS} table={table} />;
}

const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });

describe("FilterForm", () => {
  it("keeps a region's province and city under their own keys, a province alone too", async () => {
    expect(KEYS).toEqual(["province", "city", "from", "to"]);
    const view = renderRouted(<Filters />, "/list");
    await user.click(screen.getByLabelText("地区"));
    await user.click(await screen.findByTitle("江苏"));
    await user.click(await screen.findByTitle("杭州"));
    await user.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() =>
      expect(view.location()).toBe(
        `/list?province=${encodeURIComponent("江苏")}&city=${encodeURIComponent("杭州")}`,
      ),
    );

    await user.click(screen.getByRole("button", { name: /重\s*置/ }));
    await waitFor(() => expect(view.location()).toBe("/list"));
    await user.click(screen.getByLabelText("地区"));
    await user.click(await screen.findByTitle("浙江"));
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() =>
      expect(view.location()).toBe(`/list?province=${encodeURIComponent("浙江")}`),
    );
  });

  it("shows a region from the URL as its path", async () => {
    renderRouted(
      <Filters />,
      `/list?province=${encodeURIComponent("浙江")}&city=${encodeURIComponent("杭州")}`,
    );
    expect(await screen.findByText("浙江 / 杭州")).toBeInTheDocument();
  });

  it("offers the quick ranges on its date range: 近7天 filters today and the six days before", async () => {
    const view = renderRouted(<Filters />, "/list");
    await user.click(screen.getByPlaceholderText("开始日期"));
    for (const label of ["今天", "近7天", "近30天"]) {
      expect(await screen.findByText(label)).toBeInTheDocument();
    }
    await user.click(screen.getByText("近7天"));
    await user.click(screen.getByRole("button", { name: /查\s*询/ }));
    const [from, to] = lastDays(7);
    await waitFor(() =>
      expect(view.location()).toBe(`/list?from=${from.valueOf()}&to=${to.valueOf()}`),
    );
  });
});
