import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { ops, type MemberDetail } from "@/lib/generated/ops";
import { DetailPage, useIdParam } from "@/kit/DetailPage";
import { useOpQuery } from "@/kit/queries";
import { useListViewsStore } from "@/stores/listViews";
import { fail, fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { BUYER } from "@/test/members";
import { renderRouted } from "@/test/renderRouted";

const LIST = "/baseMgmt/userMgmt";

/** A detail page as a screen builds one: the id from the link, the record's read. */
function MemberPage() {
  const id = useIdParam();
  const query = useOpQuery(ops.member.detail, { id: id ?? 0 }, { enabled: id !== undefined });
  return (
    <DetailPage
      noun="用户"
      backTo="memberList"
      id={id}
      query={query}
      title={query.data?.member.nickname}
      tags={<span>正常</span>}
      extra={<button type="button">封禁</button>}
    >
      <p>基本信息</p>
    </DetailPage>
  );
}

const DETAIL: MemberDetail = {
  member: { ...BUYER, id: 3, nickname: "韩梅梅", status: "normal" },
  inquiries: { list: [], total: 0, page: 1, pageSize: 10 },
  opportunities: { list: [], total: 0, page: 1, pageSize: 10 },
  invitations: { list: [], total: 0, page: 1, pageSize: 10 },
};

let gateway: FakeGateway;

function open(search: string) {
  return renderRouted(<MemberPage />, `${LIST}/userDetail${search}`);
}

describe("DetailPage", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    useListViewsStore.setState({ views: {} });
  });

  it("shows the record with its title, state, actions and content, and goes back to the list", async () => {
    gateway.answer(ops.member.detail, ok(DETAIL));
    const page = open("?id=3");
    expect(await screen.findByRole("heading", { name: "韩梅梅" })).toBeInTheDocument();
    expect(screen.getByText("正常")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "封禁" })).toBeInTheDocument();
    expect(screen.getByText("基本信息")).toBeInTheDocument();
    expect(gateway.calls(ops.member.detail)).toEqual([{ id: 3 }]);
    await userEvent.click(screen.getByRole("button", { name: /返回列表/ }));
    expect(page.location()).toBe(LIST);
  });

  it("goes back to the list in the view it was left in: its filters, sort and page", async () => {
    useListViewsStore.getState().remember(LIST, "?status=banned&sort=createdAt.asc&page=3");
    useListViewsStore.getState().remember("/baseMgmt/shopMgmt", "?status=frozen");
    gateway.answer(ops.member.detail, ok(DETAIL));
    const page = open("?id=3");
    await screen.findByRole("heading", { name: "韩梅梅" });
    await userEvent.click(screen.getByRole("button", { name: /返回列表/ }));
    expect(page.location()).toBe(`${LIST}?status=banned&sort=createdAt.asc&page=3`);
  });

  it("shows a skeleton while the record loads", () => {
    gateway.answer(ops.member.detail, () => new Promise(() => undefined));
    const { container } = open("?id=3");
    expect(container.querySelector(".ant-skeleton")).not.toBeNull();
    expect(screen.queryByText("基本信息")).toBeNull();
  });

  it.each(["", "?id=", "?id=abc", "?id=0", "?id=-2", "?id=1.5", "?id=1e3", "?id=0x10"])(
    "says the link has no record id for %j, and reads nothing",
    async (search) => {
      const page = open(search);
      expect(screen.getByText("链接中没有用户编号")).toBeInTheDocument();
      expect(gateway.calls(ops.member.detail)).toEqual([]);
      await userEvent.click(screen.getByRole("button", { name: /返回列表/ }));
      expect(page.location()).toBe(LIST);
    },
  );

  it("says the record does not exist when the gateway says so", async () => {
    gateway.answer(ops.member.detail, fail("data_not_found", "数据不存在"));
    open("?id=404");
    expect(await screen.findByText("用户不存在")).toBeInTheDocument();
    expect(screen.getByText("编号 404")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /返回列表/ })).toBeInTheDocument();
  });

  it("shows any other failure with 重试, which reads again", async () => {
    gateway.answer(ops.member.detail, fail("system_error", "系统繁忙，请稍后再试"));
    open("?id=3");
    expect(await screen.findByText("用户加载失败")).toBeInTheDocument();
    expect(screen.getByText("系统繁忙，请稍后再试")).toBeInTheDocument();
    gateway.answer(ops.member.detail, ok(DETAIL));
    await userEvent.click(screen.getByRole("button", { name: "重试" }));
    expect(await screen.findByRole("heading", { name: "韩梅梅" })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("用户加载失败")).toBeNull());
  });
});
