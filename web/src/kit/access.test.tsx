import { useQuery } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ops } from "@/lib/generated/ops";
import { BulkBar, type BulkAction } from "@/kit/BulkBar";
import { CreateButton } from "@/kit/CreateButton";
import { PhoneReveal } from "@/kit/PhoneReveal";
import { SortableTreeTable } from "@/kit/SortableTreeTable";
import { usePageActionsStore } from "@/stores/pageActions";
import { holdAllBut, holdCodes } from "@/test/perms";
import { renderRouted } from "@/test/renderRouted";

interface Row {
  id: number;
  name: string;
}

const ROWS: Row[] = [
  { id: 1, name: "首页" },
  { id: 2, name: "店铺" },
];

function Sortable() {
  const result = useQuery({ queryKey: ["rows"], queryFn: () => ROWS, initialData: ROWS });
  return (
    <SortableTreeTable<Row>
      noun="入口"
      result={result}
      rows={ROWS}
      columns={[{ key: "name", title: "名称" }]}
      name={(row) => row.name}
      op={ops.entry.sort}
      onSort={vi.fn()}
    />
  );
}

const pageActions = () => usePageActionsStore.getState().actions.map((action) => action.label);

describe("按钮权限 in the kit", () => {
  it("CreateButton shows, and offers the palette, only a user who may create", () => {
    renderRouted(<CreateButton label="新增字典项" op={ops.dict.save} onClick={vi.fn()} />);
    expect(screen.getByRole("button", { name: /新增字典项/ })).toBeInTheDocument();
    expect(pageActions()).toContain("新增字典项");
  });

  it("CreateButton is hidden, and not offered, to a user who may only edit", () => {
    holdAllBut("system/dict", "create");
    renderRouted(<CreateButton label="新增字典项" op={ops.dict.save} onClick={vi.fn()} />);
    expect(screen.queryByRole("button", { name: /新增字典项/ })).toBeNull();
    expect(pageActions()).not.toContain("新增字典项");
  });

  it("BulkBar offers only the actions the user may take", () => {
    holdAllBut("system/dict", "delete");
    const refresh = () => Promise.resolve();
    const actions: BulkAction<Row>[] = [
      { key: "on", label: "批量启用", op: ops.dict.save, run: vi.fn(), refresh },
      { key: "delete", label: "批量删除", op: ops.dict.delete, run: vi.fn(), refresh },
    ];
    renderRouted(
      <BulkBar<Row>
        selected={ROWS}
        rowLabel={(row) => row.name}
        actions={actions}
        onDone={vi.fn()}
        onClear={vi.fn()}
      />,
    );
    expect(screen.getByRole("button", { name: "批量启用" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "批量删除" })).toBeNull();
  });

  it("PhoneReveal offers 查看完整号码 to a holder of 查看号码 only", () => {
    const { unmount } = renderRouted(<PhoneReveal entity="shop" id={3} masked="138****0000" />);
    expect(screen.getByRole("button", { name: "查看完整号码" })).toBeInTheDocument();
    unmount();
    holdCodes([]);
    renderRouted(<PhoneReveal entity="shop" id={3} masked="138****0000" />);
    expect(screen.getByText("138****0000")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "查看完整号码" })).toBeNull();
  });

  it("SortableTreeTable has drag handles only for a user who may sort", () => {
    const { unmount } = renderRouted(<Sortable />);
    expect(screen.getByRole("button", { name: "拖动排序：店铺" })).toBeInTheDocument();
    unmount();
    holdAllBut("operate/abilityEntry", "sort");
    renderRouted(<Sortable />);
    expect(screen.getByText("店铺")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "拖动排序：店铺" })).toBeNull();
    expect(screen.queryByRole("columnheader", { name: "顺序" })).toBeNull();
  });
});
