import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ops, type AuditEntry, type AuditListParams } from "@/lib/generated/ops";
import { useMenuStore } from "@/stores/menu";
import { AuditList } from "@/features/system/audit/AuditList";
import { fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { openEveryPage, signIn } from "@/test/menuTree";
import { must } from "@/test/must";
import { renderRouted } from "@/test/renderRouted";

const PATH = "/system/audit";
const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });

function entry(id: number, over: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    sysUserId: 1,
    username: "admin",
    nickname: "系统管理员",
    api: "mtop.admin.user.login",
    label: "登录",
    targetId: 1,
    targetType: "sysUser",
    targetTypeLabel: "系统用户",
    targetName: "admin",
    changes: [],
    summary: "登录",
    at: 1_772_416_800_000,
    ip: "127.0.0.1",
    ...over,
  };
}

const FROZEN = entry(2, {
  api: "mtop.admin.shop.setStatus",
  label: "冻结店铺",
  targetId: 7,
  targetType: "shop",
  targetTypeLabel: "店铺",
  targetName: "宏发五金经营部",
  changes: [{ field: "status", label: "状态", before: "营业中", after: "已冻结" }],
  summary: "店铺「宏发五金经营部」冻结（商品质量投诉）：营业中 → 已冻结",
});
const RENAMED = entry(3, {
  sysUserId: 2,
  username: "operator",
  nickname: "运营小王",
  api: "mtop.admin.user.update",
  label: "编辑系统用户",
  targetId: 9,
  targetName: "lisi",
  changes: [{ field: "nickname", label: "昵称", before: "李四", after: "李小四" }],
});
const DELETED = entry(4, {
  api: "mtop.admin.dict.delete",
  label: "删除字典项",
  targetId: 30,
  targetType: "dict",
  targetTypeLabel: "字典项",
  targetName: "离岸价",
});
const ENTRIES = [FROZEN, RENAMED, DELETED, entry(1)];

let gateway: FakeGateway;

function matching(p: AuditListParams | undefined): AuditEntry[] {
  return ENTRIES.filter(
    (e) =>
      (p?.label === undefined || e.label === p.label) &&
      (p?.operatorId === undefined || String(e.sysUserId) === String(p.operatorId)) &&
      (p?.targetType === undefined || e.targetType === p.targetType),
  );
}

function rowOf(text: string): HTMLElement {
  const row = screen.getAllByRole("row").find((r) => within(r).queryByText(text));
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}

/** Picks `option` in the searchable select labelled `label`, typing part of it first. */
async function choose(label: string, typed: string, option: string) {
  const box = screen.getByRole("combobox", { name: label });
  await user.click(box);
  await user.type(box, typed);
  const found = await screen.findAllByTitle(option);
  await user.click(must(found.find((el) => el.classList.contains("ant-select-item-option"))));
}

beforeEach(() => {
  gateway = fakeGateway();
  gateway.answer(ops.audit.list, (params) => {
    const list = matching(params);
    return ok({ list, total: list.length, page: 1, pageSize: 20 });
  });
  gateway.answer(
    ops.audit.options,
    ok({
      labels: ["登录", "编辑系统用户", "变更店铺状态", "冻结店铺", "解冻店铺", "删除字典项"],
      operators: [
        { id: 1, username: "admin", nickname: "系统管理员" },
        { id: 2, username: "operator", nickname: "运营小王" },
      ],
      targetTypes: [
        { value: "shop", label: "店铺" },
        { value: "sysUser", label: "系统用户" },
      ],
    }),
  );
  signIn();
  openEveryPage();
});

afterEach(() => {
  useMenuStore.getState().reset();
});

describe("AuditList (操作日志)", () => {
  it("reads each write as its label, operator, target with its page, and changes", async () => {
    renderRouted(<AuditList />, PATH);
    await screen.findByText("冻结店铺");
    const frozen = rowOf("冻结店铺");
    expect(within(frozen).getByText("系统管理员（admin）")).toBeInTheDocument();
    expect(within(frozen).getByText("店铺")).toBeInTheDocument();
    expect(within(frozen).getByRole("link", { name: "宏发五金经营部" })).toHaveAttribute(
      "href",
      "/baseMgmt/shopMgmt/shopDetail?id=7",
    );
    const changes = within(frozen).getByRole("list", { name: "变更" });
    expect(changes).toHaveTextContent("状态: 营业中 → 已冻结");

    // A record without a detail page links to its list, filtered to it.
    const renamed = rowOf("编辑系统用户");
    expect(within(renamed).getByText("运营小王（operator）")).toBeInTheDocument();
    expect(within(renamed).getByRole("link", { name: "lisi" })).toHaveAttribute(
      "href",
      "/system/user?username=lisi",
    );
    expect(within(renamed).getByRole("list", { name: "变更" })).toHaveTextContent(
      "昵称: 李四 → 李小四",
    );
    // A deleted record keeps its name, without a page to open.
    const deleted = rowOf("删除字典项");
    expect(within(deleted).getByText("离岸价")).toBeInTheDocument();
    expect(within(deleted).queryByRole("link")).toBeNull();
  });

  it("filters by label, operator and target through searchable selects, kept in the URL", async () => {
    const view = renderRouted(<AuditList />, PATH);
    await screen.findByText("冻结店铺");
    await choose("操作名称", "冻结", "冻结店铺");
    await user.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText("编辑系统用户")).toBeNull());
    expect(gateway.calls(ops.audit.list).at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      label: "冻结店铺",
    });
    expect(view.location()).toBe(`${PATH}?label=${encodeURIComponent("冻结店铺")}`);
    view.unmount();

    const again = renderRouted(<AuditList />, PATH);
    await screen.findByText("冻结店铺");
    await choose("操作人", "运营", "运营小王（operator）");
    await choose("目标类型", "系统", "系统用户");
    await user.type(screen.getByRole("textbox", { name: "目标名称" }), "lisi");
    await user.click(screen.getByRole("button", { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText("冻结店铺")).toBeNull());
    expect(screen.getByText("编辑系统用户")).toBeInTheDocument();
    expect(gateway.calls(ops.audit.list).at(-1)).toEqual({
      page: 1,
      pageSize: 20,
      operatorId: "2",
      targetType: "sysUser",
      targetName: "lisi",
    });
    expect(again.location()).toContain("operatorId=2");
  });
});
