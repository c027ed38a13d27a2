import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { bindEffects, formatTimestamp } from "@/lib/core";
import { ops, type AdSlotRow } from "@/lib/generated/ops";
import { AdSlotList } from "@/features/adSlot/AdSlotList";
import { BANNER, FOOTER } from "@/test/adSlot";
import { findDialog } from "@/test/dialogs";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { captureDownloads } from "@/test/downloads";
import { renderRouted } from "@/test/renderRouted";

const LIST_URL = "/operate/advertise/advertisePosition";
let gateway: FakeGateway;

const page = (list: AdSlotRow[]) => ok({ list, total: list.length, page: 1, pageSize: 20 });

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole("row").find((r) => within(r).queryByText(text));
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

describe("AdSlotList (广告位管理)", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.adSlot.list, page([BANNER, FOOTER]));
  });

  it("shows each slot: link to its detail, code, page and state as the core names them, size, capacity, ads", async () => {
    renderRouted(<AdSlotList />, LIST_URL);
    await screen.findByText("首页轮播");
    const banner = rowOf("首页轮播");
    expect(within(banner).getByRole("link", { name: "首页轮播" })).toHaveAttribute(
      "href",
      "/operate/advertise/advertisePositionDetail?id=1",
    );
    expect(within(banner).getByText("home_banner")).toBeInTheDocument();
    expect(within(banner).getByText("首页")).toBeInTheDocument();
    expect(within(banner).getByText("750×320")).toBeInTheDocument();
    expect(within(banner).getByText("3 / 1")).toBeInTheDocument();
    expect(within(banner).getByText("启用", { selector: ".ant-tag" })).toBeInTheDocument();
    expect(within(banner).getByText(formatTimestamp(BANNER.createdAt))).toBeInTheDocument();
    // An enabled slot can be switched off, not on.
    expect(within(banner).getByRole("button", { name: "停用" })).toBeInTheDocument();
    expect(within(banner).queryByRole("button", { name: "启用" })).toBeNull();
    const footer = rowOf("店铺页底部通栏");
    expect(within(footer).getByText("店铺页")).toBeInTheDocument();
    expect(within(footer).getByText("停用", { selector: ".ant-tag" })).toBeInTheDocument();
    expect(within(footer).getByRole("button", { name: "启用" })).toBeInTheDocument();
    expect(screen.getByText("共 2 条")).toBeInTheDocument();
  });

  it("reads its view from the URL and writes the filters back to it", async () => {
    const view = renderRouted(
      <AdSlotList />,
      `${LIST_URL}?status=enabled&sortField=maxAds&sortOrder=descend`,
    );
    await screen.findByText("首页轮播");
    expect(gateway.calls(ops.adSlot.list)[0]).toEqual({
      page: 1,
      pageSize: 20,
      status: "enabled",
      sortField: "maxAds",
      sortOrder: "descend",
    });
    await userEvent.type(screen.getByLabelText("名称/编码"), "banner");
    await userEvent.click(screen.getByLabelText("所在页面"));
    await userEvent.click(await screen.findByTitle("类目页"));
    await userEvent.click(screen.getByRole("button", { name: /查询/ }));
    await waitFor(() =>
      expect(new URLSearchParams(view.location().split("?")[1])).toEqual(
        new URLSearchParams(
          "keyword=banner&onPage=category&status=enabled&sortField=maxAds&sortOrder=descend",
        ),
      ),
    );
    await waitFor(() =>
      expect(gateway.calls(ops.adSlot.list).at(-1)).toEqual({
        page: 1,
        pageSize: 20,
        keyword: "banner",
        onPage: "category",
        status: "enabled",
        sortField: "maxAds",
        sortOrder: "descend",
      }),
    );
  });

  it("creates a slot; a code already taken is refused at the code field, what was typed kept", async () => {
    gateway.answer(
      ops.adSlot.save,
      fail("data_duplicate", "广告位编码 home_banner 已存在", {
        fields: [{ field: "code", message: "广告位编码 home_banner 已存在" }],
      }),
    );
    renderRouted(<AdSlotList />, LIST_URL);
    await screen.findByText("首页轮播");
    await userEvent.click(screen.getByRole("button", { name: /新增广告位/ }));
    const dialog = await findDialog("新增广告位");
    await userEvent.type(within(dialog).getByLabelText("广告位名称"), "首页轮播二");
    await userEvent.type(within(dialog).getByLabelText("广告位编码"), "home_banner");
    await userEvent.click(within(dialog).getByLabelText("所在页面"));
    await userEvent.click(await screen.findByTitle("首页"));
    await userEvent.type(within(dialog).getByLabelText("宽度"), "750");
    await userEvent.type(within(dialog).getByLabelText("高度"), "320");
    await userEvent.type(within(dialog).getByLabelText("容量"), "3");
    await userEvent.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await within(dialog).findByText("广告位编码 home_banner 已存在")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("广告位编码")).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByLabelText("广告位编码")).toHaveValue("home_banner");
    expect(within(dialog).getByLabelText("广告位名称")).toHaveValue("首页轮播二");
    expect(within(dialog).queryByRole("alert")).toBeNull();
    expect(gateway.calls(ops.adSlot.save)).toEqual([
      { name: "首页轮播二", code: "home_banner", page: "home", width: 750, height: 320, maxAds: 3 },
    ]);

    // Another code is taken: saved, the dialog closes, the list is read again.
    const saved: AdSlotRow = { ...BANNER, id: 9, name: "首页轮播二", code: "home_banner_2" };
    gateway.answer(ops.adSlot.save, ok(saved));
    await userEvent.type(within(dialog).getByLabelText("广告位编码"), "_2");
    await userEvent.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await screen.findByText("已新增广告位「首页轮播二」")).toBeInTheDocument();
    expect(gateway.calls(ops.adSlot.save).at(-1)).toMatchObject({ code: "home_banner_2" });
    await waitFor(() => expect(gateway.calls(ops.adSlot.list)).toHaveLength(2));
  });

  it("checks the fields with the core's adSlot form before sending", async () => {
    gateway.answer(ops.adSlot.save, ok(BANNER));
    renderRouted(<AdSlotList />, LIST_URL);
    await screen.findByText("首页轮播");
    await userEvent.click(screen.getByRole("button", { name: /新增广告位/ }));
    const dialog = await findDialog("新增广告位");
    await userEvent.type(within(dialog).getByLabelText("广告位名称"), "新广告位");
    await userEvent.type(within(dialog).getByLabelText("广告位编码"), "有 空格");
    await userEvent.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText("广告位编码")).toHaveAttribute("aria-invalid", "true"),
    );
    expect(within(dialog).getByLabelText("容量")).toHaveAttribute("aria-invalid", "true");
    expect(gateway.calls(ops.adSlot.save)).toEqual([]);
  });

  it("edits a slot with the version it was read at", async () => {
    gateway.answer(ops.adSlot.save, ok({ ...BANNER, maxAds: 4, version: 4 }));
    renderRouted(<AdSlotList />, LIST_URL);
    await screen.findByText("首页轮播");
    await userEvent.click(within(rowOf("首页轮播")).getByRole("button", { name: "编辑" }));
    const dialog = await findDialog("编辑广告位「首页轮播」");
    expect(within(dialog).getByLabelText("广告位编码")).toHaveValue("home_banner");
    const capacity = within(dialog).getByLabelText("容量");
    await userEvent.clear(capacity);
    await userEvent.type(capacity, "4");
    await userEvent.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await screen.findByText("已保存广告位「首页轮播」")).toBeInTheDocument();
    expect(gateway.calls(ops.adSlot.save)).toEqual([
      {
        id: 1,
        version: 3,
        name: "首页轮播",
        code: "home_banner",
        page: "home",
        width: 750,
        height: 320,
        maxAds: 4,
      },
    ]);
  });

  it("disables a slot after asking, and enables one at once", async () => {
    gateway.answer(ops.adSlot.setStatus, (params) =>
      ok({ ...(params.id === 1 ? BANNER : FOOTER), status: params.status }),
    );
    renderRouted(<AdSlotList />, LIST_URL);
    await screen.findByText("首页轮播");
    await userEvent.click(within(rowOf("首页轮播")).getByRole("button", { name: "停用" }));
    expect(await screen.findByText("停用广告位「首页轮播」？")).toBeInTheDocument();
    expect(screen.getByText(/不再展示任何广告/)).toBeInTheDocument();
    expect(gateway.calls(ops.adSlot.setStatus)).toEqual([]);
    const confirm = screen.getByRole("tooltip");
    await userEvent.click(within(confirm).getByRole("button", { name: /停\s*用/ }));
    expect(await screen.findByText("已停用广告位「首页轮播」")).toBeInTheDocument();
    await userEvent.click(within(rowOf("店铺页底部通栏")).getByRole("button", { name: "启用" }));
    expect(await screen.findByText("已启用广告位「店铺页底部通栏」")).toBeInTheDocument();
    expect(gateway.calls(ops.adSlot.setStatus)).toEqual([
      { id: 1, version: 3, status: "disabled" },
      { id: 7, version: 5, status: "enabled" },
    ]);
    await waitFor(() => expect(gateway.calls(ops.adSlot.list).length).toBeGreaterThanOrEqual(3));
  });

  it("deletes a slot after a confirmation naming it; one holding ads is refused in the gateway's words", async () => {
    const toasts = { error: vi.fn(), success: vi.fn(), info: vi.fn() };
    onTestFinished(bindEffects(vi.fn(), toasts));
    const refusal = "广告位「首页轮播」下还有 3 条广告（春季上新、五金节、开学季），不能删除";
    gateway.answer(ops.adSlot.delete, (params) =>
      params.id === BANNER.id ? fail("data_in_use", refusal) : ok({ id: params.id }),
    );
    renderRouted(<AdSlotList />, LIST_URL);
    await screen.findByText("首页轮播");
    await userEvent.click(within(rowOf("首页轮播")).getByRole("button", { name: "删除" }));
    let confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText("删除广告位「首页轮播」？")).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    await waitFor(() => expect(toasts.error).toHaveBeenCalledWith(refusal));
    expect(screen.queryByText(/^已删除/)).toBeNull();
    expect(gateway.calls(ops.adSlot.delete)).toEqual([{ id: 1, version: 3 }]);
    expect(rowOf("首页轮播")).toBeInTheDocument();

    // A slot without ads goes; the list is read again.
    const reads = gateway.calls(ops.adSlot.list).length;
    gateway.answer(ops.adSlot.list, page([BANNER]));
    await userEvent.click(within(rowOf("店铺页底部通栏")).getByRole("button", { name: "删除" }));
    confirm = await screen.findByRole("tooltip", { name: /店铺页底部通栏/ });
    await userEvent.click(within(confirm).getByRole("button", { name: /删\s*除/ }));
    expect(await screen.findByText("已删除广告位「店铺页底部通栏」")).toBeInTheDocument();
    expect(gateway.calls(ops.adSlot.delete).at(-1)).toEqual({ id: 7, version: 5 });
    await waitFor(() => expect(gateway.calls(ops.adSlot.list).length).toBeGreaterThan(reads));
    await waitFor(() => expect(screen.queryByText("店铺页底部通栏")).toBeNull());
  });

  it("says when no slot matches the filter", async () => {
    gateway.answer(ops.adSlot.list, page([]));
    renderRouted(<AdSlotList />, `${LIST_URL}?keyword=nothing`);
    expect(await screen.findByText("没有符合条件的广告位")).toBeInTheDocument();
  });

  describe("导出 CSV", () => {
    const download = captureDownloads();

    it("holds every slot of the filter, with the labels people read", async () => {
      renderRouted(<AdSlotList />, `${LIST_URL}?onPage=shop&page=2`);
      await screen.findByText("首页轮播");
      gateway.answer(ops.adSlot.list, page([FOOTER]));
      await userEvent.click(screen.getByRole("button", { name: /导出 CSV/ }));
      expect(await screen.findByText("已导出 1 条记录")).toBeInTheDocument();
      expect(gateway.calls(ops.adSlot.list).at(-1)).toEqual({
        onPage: "shop",
        page: 1,
        pageSize: 100,
      });
      const lines = ((await download.text()) ?? "")
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe(
        "ID,广告位名称,编码,所在页面,尺寸（宽×高）,容量,广告数 / 投放中,状态,创建时间",
      );
      expect(lines[1]).toBe(
        `7,店铺页底部通栏,shop_footer,店铺页,750×120,1,0 / 0,停用,${formatTimestamp(FOOTER.createdAt)}`,
      );
      expect(lines).toHaveLength(2);
    });
  });
});
