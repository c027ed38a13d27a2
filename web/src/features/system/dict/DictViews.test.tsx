import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
/**
 * 视图 and 列设置 (kit/views.tsx) on a real list screen: opening a view (address, layout, dropped
 * keys named), saving the current state, a default opening a bare list, and no 视图 where a page
 * has none.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { DictList } from "@/features/system/dict/DictList";
import { ops, type DictEntry, type ViewRow, type ViewSaveParams } from "@/lib/generated/ops";
import { fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { testQueryClient } from "@/test/queryClient";
import { renderUi } from "@/test/render";
import { useColumnsStore } from "@/stores/columns";
import { TabContext } from "@/stores/tabs";

const LIST = "system/dict";
let gateway: FakeGateway;
let views: ViewRow[];
const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
const where = { search: "" };

function entry(id: number): DictEntry {
  return {
    id,
    type: "shop_level",
    key: `k${id}`,
    label: `标签 ${id}`,
    value: String(id),
    sort: id,
    remark: "",
    status: "enabled",
    version: 1,
    createdAt: 0,
    updatedAt: 0,
  };
}

function view(id: number, name: string, change: Partial<ViewRow> = {}): ViewRow {
  return {
    id,
    list: LIST,
    name,
    owner: "系统管理员",
    mine: true,
    shared: false,
    isDefault: false,
    content: { filters: {}, columns: [] },
    version: 1,
    updatedAt: 0,
    ...change,
  };
}

/** `inTab`: drawn in the workspace's tab of 数据字典 (else outside any tab: no views). */
function renderList(url = "/system/dict", inTab = true) {
  const client = testQueryClient();
  function Location() {
    where.search = useLocation().search;
    return null;
  }
  renderUi(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <TabContext value={inTab ? LIST : undefined}>
          <DictList />
        </TabContext>
        <Location />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const headers = () =>
  screen
    .getAllByRole("columnheader")
    .map((h) => h.textContent.trim())
    .filter(Boolean);

beforeEach(() => {
  localStorage.clear();
  useColumnsStore.setState({ layouts: {} });
  gateway = fakeGateway();
  views = [];
  gateway.answer(
    ops.dict.list,
    ok({ list: [entry(1), entry(2)], total: 2, page: 1, pageSize: 20 }),
  );
  gateway.answer(ops.view.list, () => ok(views));
});

describe("视图", () => {
  it("opens a view: its filters in the address, its layout on the table, dropped keys named", async () => {
    views = [
      view(7, "启用中", {
        content: {
          filters: { status: "enabled", gone: "x" },
          pageSize: 50,
          columns: [
            { key: "label", hidden: false },
            { key: "key", hidden: true },
          ],
        },
      }),
      view(8, "他人的", { mine: false, shared: true, owner: "运营小王" }),
    ];
    renderList();
    await screen.findByText("k1", { selector: "td" });
    await user.click(screen.getByRole("button", { name: /^视图/ }));
    expect(await screen.findByRole("menuitem", { name: "他人的 · 运营小王" })).toBeTruthy();
    await user.click(screen.getByRole("menuitem", { name: "启用中" }));
    await waitFor(() => expect(where.search).toContain("status=enabled"));
    expect(where.search).toContain("pageSize=50");
    expect(where.search).not.toContain("gone");
    expect(
      await screen.findByText("视图「启用中」中的筛选条件 gone 已不在此列表中，已略过"),
    ).toBeTruthy();
    // 标签 first, 键 hidden, the columns the view did not name after it, shown.
    await waitFor(() => expect(headers()[0]).toBe("标签"));
    expect(headers()).not.toContain("键");
    expect(headers()).toContain("值");
    expect(screen.getByRole("button", { name: /^视图：启用中/ })).toBeTruthy();
  });

  it("saves the current filters and layout under a name, and a default opens a bare list", async () => {
    views = [
      view(3, "默认的", { isDefault: true, content: { filters: { type: "unit" }, columns: [] } }),
    ];
    gateway.answer(ops.view.save, (params: ViewSaveParams) =>
      ok(view(9, params.name, { shared: params.shared, content: params.content })),
    );
    renderList();
    await waitFor(() => expect(where.search).toContain("type=unit"));

    // 列设置: 备注 hidden.
    await user.click(screen.getByRole("button", { name: /列设置/ }));
    const settings = screen.getByRole("group", { name: "列设置" });
    await user.click(within(settings).getByRole("checkbox", { name: "备注" }));
    await waitFor(() => expect(headers()).not.toContain("备注"));
    expect(screen.getByRole("button", { name: /^视图：默认的（已修改）/ })).toBeTruthy();

    await user.click(screen.getByRole("button", { name: /^视图/ }));
    await user.click(await screen.findByRole("menuitem", { name: "保存为新视图…" }));
    // (By its title's text: under test antd gives every generated id the same value.)
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("保存为新视图")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("视图名称"), "无备注");
    await user.click(within(dialog).getByRole("switch", { name: "共享" }));
    await user.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await waitFor(() => expect(gateway.calls(ops.view.save)).toHaveLength(1));
    const sent = gateway.calls(ops.view.save)[0] as ViewSaveParams | undefined;
    expect(sent?.list).toBe(LIST);
    expect(sent?.name).toBe("无备注");
    expect(sent?.shared).toBe(true);
    expect(sent?.content.filters).toEqual({ type: "unit" });
    expect(sent?.content.columns.find((c) => c.key === "remark")).toEqual({
      key: "remark",
      hidden: true,
    });
  });

  it("is not offered on a page without views", async () => {
    renderList("/system/dict", false);
    await screen.findByText("k1", { selector: "td" });
    expect(screen.queryByRole("button", { name: /^视图/ })).toBeNull();
    expect(gateway.calls(ops.view.list)).toHaveLength(0);
  });
});
