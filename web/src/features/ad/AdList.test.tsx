import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { formatTimestamp } from "@/lib/core";
import { ops, type AdRow } from "@/lib/generated/ops";
import { AdList } from "@/features/ad/AdList";
import { BANNER_SLOT, CREATED, SHOP_AD, SHOPS, SIDE_SLOT, URL_AD } from "@/test/ads";
import { findDialog } from "@/test/dialogs";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { captureDownloads } from "@/test/downloads";
import { renderRouted } from "@/test/renderRouted";

const PATH = "/operate/advertise";
const SAVE = /保\s*存/;
const CAPACITY = "广告位「首页顶部通栏」在 2026-03-08 10:00 至 2026-03-15 10:00 已满（容量 2）";

let gateway: FakeGateway;

const page = (list: AdRow[], total = list.length) => ok({ list, total, page: 1, pageSize: 20 });

function rowOf(title: string): HTMLElement {
  const row = screen
    .getAllByRole("row")
    .find((r) => within(r).queryByText(title, { selector: "td, td *" }));
  if (!row) throw new Error(`no row for ${title}`);
  return row;
}

/** The error under a form field, once it has animated in. */
function fieldError(dialog: HTMLElement, text: string | RegExp) {
  return within(dialog).findByText(text, { selector: ".ant-form-item-explain-error" });
}

describe("AdList (广告管理)", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.ad.list, page([URL_AD, SHOP_AD]));
    gateway.answer(
      ops.adSlot.list,
      ok({ list: [BANNER_SLOT, SIDE_SLOT], total: 2, page: 1, pageSize: 100 }),
    );
  });

  it("shows each ad: its image, slot, link with its problem, period, the state it shows and its switch", async () => {
    renderRouted(<AdList />, PATH);
    await screen.findByText("双11 家居节");
    const running = rowOf("双11 家居节");
    expect(within(running).getByRole("img", { name: "双11 家居节" })).toHaveAttribute(
      "src",
      URL_AD.imageUrl,
    );
    expect(within(running).getByRole("link", { name: "首页顶部通栏" })).toHaveAttribute(
      "href",
      "/operate/advertise/advertisePositionDetail?id=3",
    );
    expect(within(running).getByText("网址：")).toBeInTheDocument();
    expect(within(running).getByText("https://example.com/home-fest")).toBeInTheDocument();
    expect(within(running).getByText(formatTimestamp(URL_AD.startAt))).toBeInTheDocument();
    expect(
      within(running).getByText(`至 ${formatTimestamp(URL_AD.endAt)}`, { exact: false }),
    ).toBeInTheDocument();
    expect(within(running).getByText("投放中")).toBeInTheDocument();
    expect(within(running).getByText("启用")).toBeInTheDocument();
    expect(within(running).getByRole("button", { name: "停用" })).toBeInTheDocument();
    expect(within(running).queryByText("店铺已冻结")).toBeNull();

    const off = rowOf("五金工厂直供");
    expect(within(off).getByText("店铺：")).toBeInTheDocument();
    expect(within(off).getByText("永康五金工厂店")).toBeInTheDocument();
    expect(within(off).getByText("店铺已冻结")).toBeInTheDocument();
    expect(within(off).getByText("已停用")).toBeInTheDocument();
    expect(within(off).getByText("停用")).toBeInTheDocument();
    expect(within(off).getByRole("button", { name: "启用" })).toBeInTheDocument();
    expect(within(off).queryByRole("button", { name: "停用" })).toBeNull();
    expect(screen.getByText("共 2 条")).toBeInTheDocument();
  });

  it("reads its view from the URL and writes the slot, state and period filters back to it", async () => {
    const from = CREATED;
    const to = CREATED + 86_400_000;
    const view = renderRouted(
      <AdList />,
      `${PATH}?slotId=3&state=scheduled&from=${from}&to=${to}&page=2&sortField=startAt&sortOrder=descend`,
    );
    await screen.findByText("双11 家居节");
    expect(gateway.calls(ops.ad.list)[0]).toEqual({
      page: 2,
      pageSize: 20,
      slotId: "3",
      state: "scheduled",
      from: String(from),
      to: String(to),
      sortField: "startAt",
      sortOrder: "descend",
    });
    // The form shows the URL's filters, the slot by its name.
    expect(await screen.findByTitle("首页顶部通栏")).toBeInTheDocument();
    expect(screen.getByTitle("已排期")).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText("广告位"));
    await userEvent.click(await screen.findByTitle("类目页侧栏"));
    await userEvent.click(screen.getByLabelText("投放状态"));
    await userEvent.click(await screen.findByTitle("投放中"));
    await userEvent.click(screen.getByRole("button", { name: /查询/ }));
    // The period stays, as whole days.
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(view.location().split("?")[1]))).toEqual({
        slotId: "4",
        state: "active",
        from: String(new Date(from).setHours(0, 0, 0, 0)),
        to: String(new Date(to).setHours(23, 59, 59, 999)),
        sortField: "startAt",
        sortOrder: "descend",
      }),
    );
  });

  it("refuses an enable past the slot's capacity: the period in a dialog, the ad still disabled", async () => {
    gateway.answer(ops.ad.setStatus, fail("state_invalid", CAPACITY));
    renderRouted(<AdList />, PATH);
    await screen.findByText("五金工厂直供");
    await userEvent.click(within(rowOf("五金工厂直供")).getByRole("button", { name: "启用" }));
    const refusal = await findDialog("无法启用广告「五金工厂直供」");
    expect(within(refusal).getByText(CAPACITY)).toBeInTheDocument();
    expect(gateway.calls(ops.ad.setStatus)).toEqual([{ id: 22, version: 2, status: "enabled" }]);
    expect(screen.queryByText("已启用广告「五金工厂直供」")).toBeNull();
    // Nothing changed: still disabled, still offered 启用.
    expect(within(rowOf("五金工厂直供")).getByText("已停用")).toBeInTheDocument();
    // (the test DOM never ends the loading icon's leave motion: it stays in the button's name.)
    await waitFor(() =>
      expect(within(rowOf("五金工厂直供")).getByRole("button", { name: /启用/ })).not.toHaveClass(
        "ant-btn-loading",
      ),
    );
  });

  it("enables within capacity, and disables after asking", async () => {
    gateway.answer(ops.ad.setStatus, (params) =>
      ok(
        params.id === 22
          ? { ...SHOP_AD, status: "enabled", state: "scheduled", version: 3 }
          : { ...URL_AD, status: "disabled", state: "disabled", version: 6 },
      ),
    );
    renderRouted(<AdList />, PATH);
    await screen.findByText("五金工厂直供");
    await userEvent.click(within(rowOf("五金工厂直供")).getByRole("button", { name: "启用" }));
    expect(await screen.findByText("已启用广告「五金工厂直供」")).toBeInTheDocument();

    await userEvent.click(within(rowOf("双11 家居节")).getByRole("button", { name: "停用" }));
    const confirm = await screen.findByRole("tooltip");
    expect(within(confirm).getByText(/停用后该广告不再展示/)).toBeInTheDocument();
    await userEvent.click(within(confirm).getByRole("button", { name: /停\s*用/ }));
    expect(await screen.findByText("已停用广告「双11 家居节」")).toBeInTheDocument();
    expect(gateway.calls(ops.ad.setStatus)).toEqual([
      { id: 22, version: 2, status: "enabled" },
      { id: 21, version: 5, status: "disabled" },
    ]);
  });

  it("says when no ad matches the filter", async () => {
    gateway.answer(ops.ad.list, page([]));
    renderRouted(<AdList />, `${PATH}?state=expired`);
    expect(await screen.findByText("没有符合条件的广告")).toBeInTheDocument();
  });

  describe("新增 / 编辑", () => {
    it("switches the link's target control with its type: an address, or a shop or product picked by name", async () => {
      renderRouted(<AdList />, PATH);
      await userEvent.click(await screen.findByRole("button", { name: /新增广告/ }));
      const dialog = await findDialog("新增广告");
      expect(within(dialog).getByRole("radio", { name: "网址" })).toBeChecked();
      expect(within(dialog).getByRole("textbox", { name: "链接网址" })).toBeInTheDocument();
      expect(within(dialog).queryByRole("combobox", { name: "链接店铺" })).toBeNull();

      await userEvent.click(within(dialog).getByRole("radio", { name: "店铺" }));
      expect(await within(dialog).findByRole("combobox", { name: "链接店铺" })).toBeInTheDocument();
      expect(within(dialog).queryByRole("textbox", { name: "链接网址" })).toBeNull();

      await userEvent.click(within(dialog).getByRole("radio", { name: "商品" }));
      expect(await within(dialog).findByRole("combobox", { name: "链接商品" })).toBeInTheDocument();
      expect(within(dialog).queryByRole("combobox", { name: "链接店铺" })).toBeNull();
    });

    it("checks a new ad with the core's form before sending: what is missing, each at its field", async () => {
      renderRouted(<AdList />, PATH);
      await userEvent.click(await screen.findByRole("button", { name: /新增广告/ }));
      const dialog = await findDialog("新增广告");
      await userEvent.click(within(dialog).getByRole("button", { name: SAVE }));
      expect(await fieldError(dialog, /广告位/)).toBeInTheDocument();
      expect(await fieldError(dialog, /广告标题/)).toBeInTheDocument();
      expect(await fieldError(dialog, /广告图片/)).toBeInTheDocument();
      expect(await fieldError(dialog, /开始时间/)).toBeInTheDocument();
      expect(gateway.calls(ops.ad.save)).toEqual([]);
      expect(dialog).toBeInTheDocument();
    });

    it("refuses an address that is not http(s), as the core's ad form says, and sends nothing", async () => {
      renderRouted(<AdList />, PATH);
      await screen.findByText("双11 家居节");
      await userEvent.click(within(rowOf("双11 家居节")).getByRole("button", { name: "编辑" }));
      const dialog = await findDialog("编辑广告「双11 家居节」");
      const link = within(dialog).getByRole("textbox", { name: "链接网址" });
      expect(link).toHaveValue("https://example.com/home-fest");
      await userEvent.clear(link);
      await userEvent.type(link, "javascript:alert(1)");
      await userEvent.click(within(dialog).getByRole("button", { name: SAVE }));
      expect(
        await fieldError(dialog, /须为 http:\/\/ 或 https:\/\/ 开头的网址/),
      ).toBeInTheDocument();
      expect(gateway.calls(ops.ad.save)).toEqual([]);
    });

    it("saves an edit linking to a picked shop: its id as text, the image's key, the version", async () => {
      gateway.answer(ops.ad.targets, ok(SHOPS));
      gateway.answer(ops.ad.save, (params) =>
        ok({ ...URL_AD, title: params.title, linkType: "shop", linkTarget: "301", version: 6 }),
      );
      renderRouted(<AdList />, PATH);
      await screen.findByText("双11 家居节");
      await userEvent.click(within(rowOf("双11 家居节")).getByRole("button", { name: "编辑" }));
      const dialog = await findDialog("编辑广告「双11 家居节」");
      // The slot shows with its size, the image as it is.
      expect(within(dialog).getByTitle("首页顶部通栏（750×300）")).toBeInTheDocument();
      expect(within(dialog).getByRole("img", { name: "广告图片" })).toHaveAttribute(
        "src",
        URL_AD.imageUrl,
      );
      expect(within(dialog).getByText("更换广告图片")).toBeInTheDocument();
      const title = within(dialog).getByRole("textbox", { name: "广告标题" });
      await userEvent.clear(title);
      await userEvent.type(title, "义乌好货节");
      await userEvent.click(within(dialog).getByRole("radio", { name: "店铺" }));
      const picker = await within(dialog).findByRole("combobox", { name: "链接店铺" });
      await userEvent.click(picker);
      await userEvent.type(picker, "义乌");
      await waitFor(() =>
        expect(gateway.calls(ops.ad.targets)).toContainEqual({ kind: "shop", keyword: "义乌" }),
      );
      await userEvent.click(await screen.findByText("义乌小商品旗舰店"));
      await userEvent.click(within(dialog).getByRole("button", { name: SAVE }));
      expect(await screen.findByText("已保存广告「义乌好货节」")).toBeInTheDocument();
      expect(gateway.calls(ops.ad.save)).toEqual([
        {
          id: 21,
          version: 5,
          slotId: 3,
          title: "义乌好货节",
          image: "ads/a21.png",
          linkType: "shop",
          linkTarget: "301",
          startAt: URL_AD.startAt,
          endAt: URL_AD.endAt,
        },
      ]);
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    });

    it("keeps the dialog and what was typed when the gateway refuses the save", async () => {
      gateway.answer(
        ops.ad.save,
        fail("param_invalid", "链接的店铺不存在", {
          fields: [{ field: "linkTarget", message: "链接的店铺不存在" }],
        }),
      );
      renderRouted(<AdList />, PATH);
      await screen.findByText("五金工厂直供");
      await userEvent.click(within(rowOf("五金工厂直供")).getByRole("button", { name: "编辑" }));
      const dialog = await findDialog("编辑广告「五金工厂直供」");
      // The shop it links to, named, though not among the picker's first results.
      expect(within(dialog).getByTitle("永康五金工厂店")).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole("button", { name: SAVE }));
      expect(await fieldError(dialog, "链接的店铺不存在")).toBeInTheDocument();
      expect(gateway.calls(ops.ad.save)).toEqual([
        expect.objectContaining({ id: 22, version: 2, linkType: "shop", linkTarget: "302" }),
      ]);
      expect(within(dialog).getByRole("textbox", { name: "广告标题" })).toHaveValue("五金工厂直供");
    });
  });

  describe("导出 CSV", () => {
    const download = captureDownloads();

    it("holds every ad of the filter, with the labels people read", async () => {
      renderRouted(<AdList />, `${PATH}?slotId=3&page=2`);
      await screen.findByText("五金工厂直供");
      gateway.answer(ops.ad.list, page([SHOP_AD], 1));
      await userEvent.click(screen.getByRole("button", { name: /导出 CSV/ }));
      expect(await screen.findByText("已导出 1 条记录")).toBeInTheDocument();
      expect(gateway.calls(ops.ad.list).at(-1)).toEqual({ slotId: "3", page: 1, pageSize: 100 });
      const lines = ((await download.text()) ?? "")
        .replace(/^\uFEFF/, "")
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe("广告标题,广告位,链接,投放时间,投放状态,开关");
      expect(lines[1]).toBe(
        `五金工厂直供,首页顶部通栏,店铺：永康五金工厂店（店铺已冻结）,${formatTimestamp(SHOP_AD.startAt)} 至 ${formatTimestamp(SHOP_AD.endAt)},已停用,停用`,
      );
      expect(lines).toHaveLength(2);
    });
  });
});
