import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { bindEffects, formatTimestamp } from "@/lib/core";
import { ops, type EntryListParams, type EntryRow } from "@/lib/generated/ops";
import { EntryList } from "@/features/entry/EntryList";
import { findDialog } from "@/test/dialogs";
import { ENTRIES, entryRow, pageOf, UPDATED_AT } from "@/test/entries";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { layOutRows } from "@/test/layout";
import { must } from "@/test/must";
import { captureDownloads } from "@/test/downloads";
import { renderRouted } from "@/test/renderRouted";

const PATH = "/operate/abilityEntry";
const SAVE = /保\s*存/;

let gateway: FakeGateway;

/** The gateway's filters: part of the name, shown or hidden (a number or a numeric string). */
function matching(params: EntryListParams | undefined): EntryRow[] {
  return ENTRIES.filter(
    (e) =>
      (params?.name === undefined || e.name.includes(params.name)) &&
      (params?.visible === undefined || String(e.visible) === String(params.visible)),
  );
}

function rowOf(name: string): HTMLElement {
  const row = screen.getByText(name, { selector: "td, td *" }).closest("tr");
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

const rowNames = () =>
  Array.from(document.querySelectorAll("tr[data-row-key]")).map(
    (tr) => tr.querySelectorAll("td")[1]?.textContent,
  );

beforeEach(() => {
  gateway = fakeGateway();
  gateway.answer(ops.entry.list, (params) => ok(pageOf(matching(params))));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("EntryList (功能入口)", () => {
  it("shows every entry in display order: its icon drawn and named, link, visibility, last change", async () => {
    renderRouted(<EntryList />, PATH);
    await screen.findByText("找工厂");
    expect(rowNames()).toEqual(["找工厂", "采购指南", "产业带"]);
    // All of them, in the gateway's display order (no sort asked).
    expect(gateway.calls(ops.entry.list)).toEqual([{ page: 1, pageSize: 100 }]);
    const factory = rowOf("找工厂");
    expect(within(factory).getByText("ShopOutlined")).toBeInTheDocument();
    expect(within(factory).getByRole("img", { name: "shop" })).toBeInTheDocument();
    expect(within(factory).getByText("/pages/factory")).toBeInTheDocument();
    expect(within(factory).getByText("显示", { selector: ".ant-tag" })).toBeInTheDocument();
    expect(within(factory).getByText(formatTimestamp(UPDATED_AT))).toBeInTheDocument();
    const guide = rowOf("采购指南");
    expect(within(guide).getByText("隐藏", { selector: ".ant-tag" })).toBeInTheDocument();
    expect(within(guide).getByRole("button", { name: "显示" })).toBeInTheDocument();
    expect(within(factory).getByRole("button", { name: "拖动排序：找工厂" })).toHaveAttribute(
      "aria-roledescription",
      "sortable",
    );
  });

  it("filters by name and visibility, kept in the URL", async () => {
    const view = renderRouted(<EntryList />, `${PATH}?visible=0`);
    await screen.findByText("采购指南");
    expect(screen.queryByText("找工厂")).toBeNull();
    expect(gateway.calls(ops.entry.list)).toEqual([{ page: 1, pageSize: 100, visible: "0" }]);
    // The form shows what the URL says.
    expect(screen.getByTitle("隐藏")).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: /重\s*置/ }));
    await screen.findByText("找工厂");
    await userEvent.type(screen.getByRole("textbox", { name: "入口名称" }), "产业");
    await userEvent.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() => expect(rowNames()).toEqual(["产业带"]));
    expect(view.location()).toBe(`${PATH}?name=%E4%BA%A7%E4%B8%9A`);
  });

  it("reorders from the keyboard and saves every entry's new order", async () => {
    layOutRows();
    gateway.answer(ops.entry.sort, ({ ids }) =>
      ok(ids.map((id) => must(ENTRIES.find((e) => e.id === id)))),
    );
    renderRouted(<EntryList />, PATH);
    await screen.findByText("找工厂");
    within(rowOf("找工厂")).getByRole("button", { name: "拖动排序：找工厂" }).focus();
    await userEvent.keyboard("[Space]");
    await userEvent.keyboard("[ArrowDown]");
    await userEvent.keyboard("[Space]");
    expect(await screen.findByText("已保存新的顺序")).toBeInTheDocument();
    expect(gateway.calls(ops.entry.sort)).toEqual([{ ids: [3, 1, 2] }]);
  });

  it("in a filtered view, the rows shown swap among the places they held among all", async () => {
    layOutRows();
    gateway.answer(ops.entry.sort, () => ok([]));
    renderRouted(<EntryList />, `${PATH}?visible=1`);
    await screen.findByText("找工厂");
    expect(rowNames()).toEqual(["找工厂", "产业带"]);
    within(rowOf("找工厂")).getByRole("button", { name: "拖动排序：找工厂" }).focus();
    await userEvent.keyboard("[Space]");
    await userEvent.keyboard("[ArrowDown]");
    await userEvent.keyboard("[Space]");
    expect(await screen.findByText("已保存新的顺序")).toBeInTheDocument();
    // The hidden 采购指南 keeps its place between them.
    expect(gateway.calls(ops.entry.sort)).toEqual([{ ids: [2, 3, 1] }]);
  });

  it("keeps the server's order when the new one is refused, the refusal toasted", async () => {
    const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    onTestFinished(bindEffects(vi.fn(), toasts));
    layOutRows();
    gateway.answer(
      ops.entry.sort,
      fail(
        "param_invalid",
        "排序须恰好包含全部 4 条记录（收到 3 条，或有记录已被他人增删，请刷新后重试）",
      ),
    );
    renderRouted(<EntryList />, PATH);
    await screen.findByText("找工厂");
    within(rowOf("找工厂")).getByRole("button", { name: "拖动排序：找工厂" }).focus();
    await userEvent.keyboard("[Space]");
    await userEvent.keyboard("[ArrowDown]");
    await userEvent.keyboard("[Space]");
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        "排序须恰好包含全部 4 条记录（收到 3 条，或有记录已被他人增删，请刷新后重试）",
      ),
    );
    await waitFor(() => expect(rowNames()).toEqual(["找工厂", "采购指南", "产业带"]));
  });

  it("hides and shows an entry with the version it was read at", async () => {
    gateway.answer(ops.entry.save, (params) =>
      ok(entryRow(params.id ?? 0, params.name, params.icon, params.link)),
    );
    renderRouted(<EntryList />, PATH);
    await screen.findByText("找工厂");
    await userEvent.click(within(rowOf("找工厂")).getByRole("button", { name: "隐藏" }));
    expect(await screen.findByText("已隐藏功能入口「找工厂」")).toBeInTheDocument();
    await userEvent.click(within(rowOf("采购指南")).getByRole("button", { name: "显示" }));
    expect(await screen.findByText("已显示功能入口「采购指南」")).toBeInTheDocument();
    expect(gateway.calls(ops.entry.save)).toEqual([
      {
        id: 1,
        version: 1,
        name: "找工厂",
        icon: "ShopOutlined",
        link: "/pages/factory",
        visible: 0,
      },
      {
        id: 3,
        version: 1,
        name: "采购指南",
        icon: "BookOutlined",
        link: "https://help.adnur.example/guide/buying",
        visible: 1,
      },
    ]);
    // The list is read again after each write.
    expect(gateway.calls(ops.entry.list).length).toBeGreaterThanOrEqual(3);
  });

  it("deletes an entry after a confirmation naming it, with the version read", async () => {
    gateway.answer(ops.entry.delete, ok({ id: 1 }));
    renderRouted(<EntryList />, PATH);
    await screen.findByText("找工厂");
    const reads = gateway.calls(ops.entry.list).length;
    await userEvent.click(within(rowOf("找工厂")).getByRole("button", { name: "删除" }));
    const confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText("删除功能入口「找工厂」？")).toBeInTheDocument();
    expect(gateway.calls(ops.entry.delete)).toEqual([]);
    await userEvent.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    expect(await screen.findByText("已删除功能入口「找工厂」")).toBeInTheDocument();
    expect(gateway.calls(ops.entry.delete)).toEqual([{ id: 1, version: 1 }]);
    // The declared reads: the list is read again.
    await waitFor(() => expect(gateway.calls(ops.entry.list).length).toBeGreaterThan(reads));
  });

  it("opens an entry's details: every field and how it looks on the home page", async () => {
    renderRouted(<EntryList />, PATH);
    await screen.findByText("采购指南");
    await userEvent.click(within(rowOf("采购指南")).getByRole("button", { name: "详情" }));
    const dialog = await findDialog("功能入口详情：采购指南");
    const preview = within(dialog).getByRole("group", { name: "首页效果：采购指南" });
    expect(within(preview).getByRole("img", { name: "book" })).toBeInTheDocument();
    expect(within(preview).getByText("采购指南")).toBeInTheDocument();
    expect(within(dialog).getByText("已隐藏，首页不展示")).toBeInTheDocument();
    expect(within(dialog).getByText("https://help.adnur.example/guide/buying")).toBeInTheDocument();
    expect(within(dialog).getByText("BookOutlined")).toBeInTheDocument();
    expect(within(dialog).getByText("排序号")).toBeInTheDocument();
    expect(within(dialog).getByText("20")).toBeInTheDocument();
    expect(within(dialog).getByText(formatTimestamp(UPDATED_AT))).toBeInTheDocument();
  });

  it("adds an entry: an icon the core allows, a link the core's form checks before sending", async () => {
    gateway.answer(ops.entry.save, (params) =>
      ok(entryRow(9, params.name, params.icon, params.link)),
    );
    renderRouted(<EntryList />, PATH);
    await screen.findByText("找工厂");
    await userEvent.click(screen.getByRole("button", { name: /新增功能入口/ }));
    const dialog = await findDialog("新增功能入口");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "入口名称" }), "新品首发");
    const icon = within(dialog).getByRole("combobox", { name: "图标" });
    await userEvent.click(icon);
    await userEvent.type(icon, "Rocket");
    await userEvent.click(await screen.findByTitle("RocketOutlined"));
    await userEvent.type(within(dialog).getByRole("textbox", { name: "链接" }), "pages/new");
    await userEvent.click(within(dialog).getByRole("button", { name: SAVE }));
    // Neither an app path nor a web address: the core says so at the field, nothing is sent.
    expect(
      await within(dialog).findByText(/链接/, { selector: ".ant-form-item-explain-error" }),
    ).toBeInTheDocument();
    expect(gateway.calls(ops.entry.save)).toEqual([]);

    const link = within(dialog).getByRole("textbox", { name: "链接" });
    await userEvent.clear(link);
    await userEvent.type(link, "/pages/new");
    await userEvent.click(within(dialog).getByRole("button", { name: SAVE }));
    expect(await screen.findByText("已新增功能入口「新品首发」")).toBeInTheDocument();
    expect(gateway.calls(ops.entry.save)).toEqual([
      { name: "新品首发", icon: "RocketOutlined", link: "/pages/new", visible: 1 },
    ]);
  });

  it("edits with the version read and keeps what was typed when the name is taken", async () => {
    gateway.answer(
      ops.entry.save,
      fail("data_duplicate", "入口名称「产业带」已存在", {
        fields: [{ field: "name", message: "入口名称「产业带」已存在" }],
      }),
    );
    renderRouted(<EntryList />, PATH);
    await screen.findByText("找工厂");
    await userEvent.click(within(rowOf("找工厂")).getByRole("button", { name: "编辑" }));
    const dialog = await findDialog("编辑功能入口「找工厂」");
    expect(within(dialog).getByTitle("ShopOutlined")).toBeInTheDocument();
    const name = within(dialog).getByRole("textbox", { name: "入口名称" });
    await userEvent.clear(name);
    await userEvent.type(name, "产业带");
    await userEvent.click(within(dialog).getByRole("button", { name: SAVE }));
    expect(await within(dialog).findByText("入口名称「产业带」已存在")).toBeInTheDocument();
    expect(name).toHaveValue("产业带");
    expect(gateway.calls(ops.entry.save)).toEqual([
      {
        id: 1,
        version: 1,
        name: "产业带",
        icon: "ShopOutlined",
        link: "/pages/factory",
        visible: 1,
      },
    ]);
  });

  it("shows a failed read with 重试", async () => {
    gateway.answer(ops.entry.list, fail("system_error", "系统繁忙，请稍后再试"));
    renderRouted(<EntryList />, PATH);
    expect(await screen.findByText("功能入口加载失败")).toBeInTheDocument();
    gateway.answer(ops.entry.list, (params) => ok(pageOf(matching(params))));
    await userEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findByText("找工厂")).toBeInTheDocument();
  });

  describe("导出 CSV", () => {
    const download = captureDownloads();

    it("holds the filtered entries with the words people read", async () => {
      renderRouted(<EntryList />, `${PATH}?visible=0`);
      await screen.findByText("采购指南");
      await userEvent.click(screen.getByRole("button", { name: /导出 CSV/ }));
      expect(await screen.findByText("已导出 1 条记录")).toBeInTheDocument();
      expect(gateway.calls(ops.entry.list).at(-1)).toEqual({
        visible: "0",
        page: 1,
        pageSize: 100,
      });
      const lines = ((await download.text()) ?? "")
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe("入口名称,图标,链接,是否显示,排序号,更新时间,ID");
      expect(lines[1]).toBe(
        `采购指南,BookOutlined,https://help.adnur.example/guide/buying,隐藏,20,${formatTimestamp(UPDATED_AT)},3`,
      );
      expect(lines).toHaveLength(2);
    });
  });
});
