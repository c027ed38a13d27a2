import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderUi } from "@/test/render";
import { UnderConstruction } from "@/components/UnderConstruction";

describe("UnderConstruction", () => {
  it("names the screen by its route alias", () => {
    renderUi(<UnderConstruction alias="店铺管理" />);
    expect(screen.getByText("建设中")).toBeInTheDocument();
    expect(screen.getByText("「店铺管理」正在建设中，敬请期待")).toBeInTheDocument();
  });

  it("still reads well without an alias", () => {
    renderUi(<UnderConstruction alias="" />);
    expect(screen.getByText("该页面正在建设中，敬请期待")).toBeInTheDocument();
  });
});
