import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useSearchParams } from "react-router";
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

/** A name and a status filter, and a status tab beside the form: the URL changes from outside. */
const NAMED: ColumnSpec<{ name: string; status: string }>[] = [
  { key: "name", title: "店铺名称", filter: { kind: "text" } },
  {
    key: "status",
    title: "状态",
    filter: {
      kind: "select",
      options: [
        { value: "pending", label: "待审核" },
        { value: "active", label: "营业中" },
      ],
    },
  },
];
const NAMED_FIELDS = filterFields(NAMED);
const NAMED_KEYS = filterKeys(NAMED_FIELDS);

function NamedFilters() {
  const table = useTableQuery(NAMED_KEYS);
  const [, setSearchParams] = useSearchParams();
  return (
    <>
      <button type="button" onClick={() => setSearchParams({ status: "active" })}>
        营业中
      </button>
      <FilterForm name="named" fields={NAMED_FIELDS} table={table} />
    </>
  );
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

  it("keeps what is typed when the URL's filters change from outside (a status tab)", async () => {
    const view = renderRouted(<NamedFilters />, "/list?status=pending");
    const name = screen.getByLabelText("店铺名称");
    await user.type(name, "义乌小商品");
    await user.click(screen.getByRole("button", { name: "营业中" }));
    await waitFor(() => expect(view.location()).toBe("/list?status=active"));
    // The field the URL changed follows it; the one it did not keeps the typing.
    expect(await screen.findByTitle("营业中")).toBeInTheDocument();
    expect(screen.getByLabelText("店铺名称")).toHaveValue("义乌小商品");
    await user.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() =>
      expect(view.location()).toBe(`/list?name=${encodeURIComponent("义乌小商品")}&status=active`),
    );

    // 重置 clears every field, the typed ones included.
    await user.type(screen.getByLabelText("店铺名称"), "又一家");
    await user.click(screen.getByRole("button", { name: /重\s*置/ }));
    await waitFor(() => expect(view.location()).toBe("/list"));
    expect(screen.getByLabelText("店铺名称")).toHaveValue("");
  });
});
