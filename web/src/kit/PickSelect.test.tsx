import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { constants } from "@/lib/core";
import { ops, type PickItem } from "@/lib/generated/ops";
import { PickSelect } from "@/kit/PickSelect";
import { fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { must } from "@/test/must";
import { renderRouted } from "@/test/renderRouted";

const SHOPS: PickItem[] = [
  { kind: "shop", id: 11, name: "瑞丰食品旗舰店", extra: "义乌", status: "active" },
  { kind: "shop", id: 12, name: "瑞丰食品专营店", extra: "温州", status: "active" },
];

let gateway: FakeGateway;

describe("PickSelect", () => {
  beforeEach(() => {
    gateway = fakeGateway();
    gateway.answer(ops.ad.targets, ({ keyword = "" }) =>
      ok(SHOPS.filter((shop) => shop.name.includes(keyword))),
    );
  });

  it("searches the picker operation by what is typed and tells namesakes apart by city and state", async () => {
    const onChange = vi.fn();
    const onPick = vi.fn();
    renderRouted(
      <PickSelect
        op={ops.ad.targets}
        kind="shop"
        aria-label="链接店铺"
        onChange={onChange}
        onPick={onPick}
      />,
    );
    const select = screen.getByRole("combobox", { name: "链接店铺" });
    await userEvent.click(select);
    expect(await screen.findByText("瑞丰食品旗舰店")).toBeInTheDocument();
    expect(screen.getByText("· 义乌")).toBeInTheDocument();
    expect(screen.getAllByText("营业中")).toHaveLength(2);

    await userEvent.type(select, "专营");
    await waitFor(() => expect(screen.queryByText("瑞丰食品旗舰店")).not.toBeInTheDocument());
    // On a loaded machine a keystroke can outlast the debounce, and 专 is asked first.
    await waitFor(() =>
      expect(gateway.calls(ops.ad.targets)).toContainEqual({ kind: "shop", keyword: "专营" }),
    );

    await userEvent.click(await screen.findByText("瑞丰食品专营店"));
    expect(onChange).toHaveBeenCalledWith(12);
    expect(onPick).toHaveBeenCalledWith(SHOPS[1]);
  });

  it("searches once typing has paused for the core's debounce delay, not at every key", async () => {
    const wait = constants().debounceMs;
    const sentAt: number[] = [];
    gateway.answer(ops.ad.targets, ({ keyword = "" }) => {
      sentAt.push(performance.now());
      return ok(SHOPS.filter((shop) => shop.name.includes(keyword)));
    });
    renderRouted(<PickSelect op={ops.ad.targets} kind="shop" aria-label="链接店铺" />);
    const select = screen.getByRole("combobox", { name: "链接店铺" });
    await userEvent.click(select);
    await screen.findByText("瑞丰食品旗舰店");
    let typedAt = 0;
    select.addEventListener("input", () => (typedAt = performance.now()));
    await userEvent.type(select, "专营");
    await waitFor(() => expect(sentAt).toHaveLength(2));
    // One search for the whole word, none for "专"; sent no sooner than the delay after the last
    // key (a timer may fire up to a millisecond early by the clock it is read with).
    expect(gateway.calls(ops.ad.targets)).toEqual([
      { kind: "shop", keyword: "" },
      { kind: "shop", keyword: "专营" },
    ]);
    expect(must(sentAt[1]) - typedAt).toBeGreaterThanOrEqual(wait - 1);
  });

  it("shows the current value by its name when editing, before anything is searched", () => {
    renderRouted(
      <PickSelect
        op={ops.ad.targets}
        kind="product"
        value={99}
        initial={{ id: 99, name: "纯棉连衣裙" }}
        aria-label="链接商品"
      />,
    );
    expect(screen.getByText("纯棉连衣裙")).toBeInTheDocument();
    expect(gateway.calls(ops.ad.targets)).toHaveLength(0);
  });
});
