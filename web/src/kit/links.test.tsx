import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Navigator } from "@/lib/core";
import { PageLink } from "@/kit/links";
import { useMenuStore } from "@/stores/menu";
import { ADMIN, node } from "@/test/menuTree";
import { renderRouted } from "@/test/renderRouted";

/** A user whose tree holds 店铺管理 and its detail page (behind `access`) and nothing else. */
function shopsOnly(access?: string) {
  const tree = [
    node("baseMgmt", "基础信息", [
      node("shopMgmt", "店铺管理", [node("shopDetail", "店铺详情", [], { visible: 0, access })]),
    ]),
  ];
  useMenuStore.setState({ navigator: new Navigator(tree, ADMIN), status: "ready" });
}

describe("PageLink", () => {
  it("links a page by its key to where the user's menu has it today, with its query", () => {
    shopsOnly();
    renderRouted(
      <PageLink page="shopList" query={{ name: "五金 & 工具", city: "", level: 2 }}>
        店铺
      </PageLink>,
    );
    expect(screen.getByRole("link", { name: "店铺" })).toHaveAttribute(
      "href",
      "/baseMgmt/shopMgmt?name=%E4%BA%94%E9%87%91+%26+%E5%B7%A5%E5%85%B7&level=2",
    );
  });

  it("gives no link to a page outside the user's menu, or one they may not open", () => {
    shopsOnly();
    renderRouted(
      <PageLink page="productDetail" query={{ id: 3 }}>
        保温杯
      </PageLink>,
    );
    expect(screen.getByText("保温杯")).toBeInTheDocument();
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("follows the access flag of the page's menu entry", () => {
    shopsOnly("noSuchFlag");
    renderRouted(
      <PageLink page="shopDetail" query={{ id: 3 }}>
        宏发五金
      </PageLink>,
    );
    expect(screen.queryByRole("link")).toBeNull();
  });
});
