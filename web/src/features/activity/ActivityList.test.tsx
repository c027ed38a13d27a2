import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { formatTimestamp } from "@/lib/core";
import { ops, type ActivityRow } from "@/lib/generated/ops";
import { ActivityList } from "@/features/activity/ActivityList";
import { DRAFT, OFFLINE, ONLINE } from "@/test/activity";
import { findDialog } from "@/test/dialogs";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { renderRouted } from "@/test/renderRouted";

// The crop modal draws on a canvas, which happy-dom does not draw; the browser stories crop.
vi.mock("antd-img-crop", () => ({
  default: ({ children }: { children: ReactElement }) => children,
}));

const URL_ = "/operate/thematicActivity";
let gateway: FakeGateway;

const page = (list: ActivityRow[]) => ok({ list, total: list.length, page: 1, pageSize: 20 });

function rowOf(title: string): HTMLElement {
  const row = Array.from(document.querySelectorAll<HTMLElement>("tr[data-row-key]")).find((r) =>
    within(r).queryByText(title),
  );
  if (!row) throw new Error(`no row for ${title}`);
  return row;
}

/**
 * The button labelled `label` in `container`, by its label's text: a role query checks every
 * candidate's computed style up to the root, which is slow on a full table in the test DOM.
 */
function buttonIn(container: HTMLElement, label: string): HTMLElement {
  const button = within(container)
    .getByText(label, { selector: "button span" })
    .closest<HTMLElement>("button");
  if (!button) throw new Error(`no button ${label}`);
  return button;
}

describe("ActivityList (专题活动)", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.activity.list, page([DRAFT, ONLINE, OFFLINE]));
  });

  it("shows each activity: banner, title linking to 专题详情, period, item count, state and its moves", async () => {
    renderRouted(<ActivityList />, URL_);
    await screen.findByText("跨境电商爆款专区");
    const online = rowOf("跨境电商爆款专区");
    expect(within(online).getByRole("img", { name: "跨境电商爆款专区的横幅" })).toHaveAttribute(
      "src",
      ONLINE.bannerUrl,
    );
    expect(within(online).getByRole("link", { name: "跨境电商爆款专区" })).toHaveAttribute(
      "href",
      "/operate/thematicDetails?id=32",
    );
    // The period on two lines, each date whole.
    expect(within(online).getByText(formatTimestamp(ONLINE.startAt))).toBeInTheDocument();
    expect(within(online).getByText(`至 ${formatTimestamp(ONLINE.endAt)}`)).toBeInTheDocument();
    expect(within(online).getByText("3")).toBeInTheDocument();
    expect(within(online).getByText("已上线")).toBeInTheDocument();
    expect(within(online).getByText(formatTimestamp(ONLINE.updatedAt))).toBeInTheDocument();
    expect(buttonIn(online, "下线")).toBeInTheDocument();
    expect(within(online).queryByText("上线", { selector: "button span" })).toBeNull();

    const draft = rowOf("春季新品专题");
    expect(within(draft).getByLabelText("无横幅")).toBeInTheDocument();
    expect(within(draft).getByText("草稿")).toBeInTheDocument();
    expect(buttonIn(draft, "上线")).toBeInTheDocument();
    expect(within(draft).queryByText("下线", { selector: "button span" })).toBeNull();
    expect(buttonIn(rowOf("年货节"), "重新上线")).toBeInTheDocument();
  });

  it("reads its state and period filters from the URL and sends them", async () => {
    const from = Date.UTC(2025, 2, 1);
    const to = Date.UTC(2025, 2, 8);
    renderRouted(<ActivityList />, `${URL_}?status=online&from=${from}&to=${to}`);
    await screen.findByText("跨境电商爆款专区");
    expect(gateway.calls(ops.activity.list)[0]).toEqual({
      page: 1,
      pageSize: 20,
      status: "online",
      from: String(from),
      to: String(to),
    });
    expect(screen.getByTitle("已上线")).toBeInTheDocument();
  });

  it("shows the gateway's refusal to put an activity without items online in a dialog", async () => {
    gateway.answer(
      ops.activity.setStatus,
      fail("state_invalid", "专题至少需要一个商品或店铺才能上线"),
    );
    renderRouted(<ActivityList />, URL_);
    await screen.findByText("春季新品专题");
    await userEvent.click(buttonIn(rowOf("春季新品专题"), "上线"));
    const refusal = await findDialog("无法上线专题「春季新品专题」");
    expect(within(refusal).getByText("专题至少需要一个商品或店铺才能上线")).toBeInTheDocument();
    expect(gateway.calls(ops.activity.setStatus)).toEqual([
      { id: 31, version: 1, status: "online" },
    ]);
    expect(screen.queryByText(/已上线专题/)).toBeNull();
  });

  it("asks before taking an activity offline, then says it is done", async () => {
    gateway.answer(ops.activity.setStatus, ok({ ...ONLINE, status: "offline", version: 7 }));
    renderRouted(<ActivityList />, URL_);
    await screen.findByText("跨境电商爆款专区");
    await userEvent.click(buttonIn(rowOf("跨境电商爆款专区"), "下线"));
    expect(await screen.findByText("下线专题「跨境电商爆款专区」？")).toBeInTheDocument();
    expect(gateway.calls(ops.activity.setStatus)).toEqual([]);
    const confirm = screen.getByRole("tooltip");
    await userEvent.click(within(confirm).getByRole("button", { name: /下\s*线/ }));
    expect(await screen.findByText("已下线专题「跨境电商爆款专区」")).toBeInTheDocument();
    expect(gateway.calls(ops.activity.setStatus)).toEqual([
      { id: 32, version: 6, status: "offline" },
    ]);
  });

  it("edits an activity in a dialog with its version, keeping the banner and period it had", async () => {
    gateway.answer(ops.activity.save, ok({ ...ONLINE, title: "跨境爆款", version: 7 }));
    renderRouted(<ActivityList />, URL_);
    await screen.findByText("跨境电商爆款专区");
    await userEvent.click(buttonIn(rowOf("跨境电商爆款专区"), "编辑"));
    const dialog = await findDialog("编辑专题「跨境电商爆款专区」");
    expect(within(dialog).getByRole("img", { name: "专题横幅" })).toHaveAttribute(
      "src",
      ONLINE.bannerUrl,
    );
    const title = within(dialog).getByRole("textbox", { name: "专题标题" });
    await userEvent.clear(title);
    await userEvent.type(title, "跨境爆款");
    await userEvent.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    expect(await screen.findByText("已保存专题「跨境爆款」")).toBeInTheDocument();
    expect(gateway.calls(ops.activity.save)).toEqual([
      {
        id: 32,
        version: 6,
        title: "跨境爆款",
        banner: ONLINE.banner,
        description: ONLINE.description,
        startAt: ONLINE.startAt,
        endAt: ONLINE.endAt,
      },
    ]);
  });

  it("creates a draft with an uploaded banner; the core's form rules check it before anything is sent", async () => {
    gateway.answer(ops.file.upload, ok({ key: "img/b.png", url: "/files/img/b.png?sig=1" }));
    renderRouted(<ActivityList />, URL_);
    await userEvent.click(await screen.findByRole("button", { name: /新建专题/ }));
    const dialog = await findDialog("新建专题");
    await userEvent.click(within(dialog).getByRole("button", { name: /保\s*存/ }));
    // Title and period are required by the core's `activity` form.
    expect(
      await within(dialog).findByText(/专题标题.*不能为空|请输入专题标题/),
    ).toBeInTheDocument();
    expect(gateway.calls(ops.activity.save)).toEqual([]);

    await userEvent.type(within(dialog).getByRole("textbox", { name: "专题标题" }), "夏日清凉");
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error("no file input");
    await userEvent.upload(
      input,
      new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "b.png", { type: "image/png" }),
    );
    expect(await within(dialog).findByRole("img", { name: "专题横幅" })).toHaveAttribute(
      "src",
      "/files/img/b.png?sig=1",
    );
    const start = within(dialog).getByRole("textbox", { name: "开始时间" });
    await userEvent.type(start, "2025-06-01 00:00{Tab}");
    const end = within(dialog).getByRole("textbox", { name: "结束时间" });
    gateway.answer(ops.activity.save, ok({ ...DRAFT, id: 40, title: "夏日清凉" }));
    // Enter in a field saves.
    await userEvent.type(end, "2025-06-30 23:59{Enter}");
    expect(await screen.findByText("已新建专题「夏日清凉」")).toBeInTheDocument();
    const sent = gateway.calls(ops.activity.save) as Record<string, unknown>[];
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ title: "夏日清凉", banner: "img/b.png", description: "" });
    expect(formatTimestamp(sent[0]?.startAt as number)).toMatch(/^2025-06-01 00:00/);
    expect(formatTimestamp(sent[0]?.endAt as number)).toMatch(/^2025-06-30 23:59/);
    expect(sent[0]).not.toHaveProperty("id");
  });
});
