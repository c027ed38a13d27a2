import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { ALL_TAB, StatusTabs, useStatusTabs, type StatusTabSpec } from "@/kit/StatusTabs";
import { renderUi } from "@/test/render";

const TABS: readonly StatusTabSpec[] = [
  { key: ALL_TAB, label: "全部" },
  { key: "pending", label: "待审核", sort: { field: "createdAt", order: "ascend" } },
  { key: "active", label: "营业中" },
];

function Screen({ counts }: { counts?: Record<string, number> }) {
  const tabs = useStatusTabs(TABS);
  const location = useLocation();
  return (
    <StatusTabs tabs={TABS} state={tabs} counts={counts}>
      <output aria-label="params">{JSON.stringify(tabs.params)}</output>
      <output aria-label="url">{location.search}</output>
    </StatusTabs>
  );
}

/** A list whose input keeps what is typed only while it stays mounted. */
function Typed() {
  const tabs = useStatusTabs(TABS);
  return (
    <StatusTabs tabs={TABS} state={tabs}>
      <input aria-label="店铺名称" />
    </StatusTabs>
  );
}

function renderTabs(url: string, counts?: Record<string, number>) {
  renderUi(
    <MemoryRouter initialEntries={[url]}>
      <Screen counts={counts} />
    </MemoryRouter>,
  );
  return {
    params: () => JSON.parse(screen.getByLabelText("params").textContent) as unknown,
    url: () => screen.getByLabelText("url").textContent,
  };
}

describe("StatusTabs", () => {
  it("shows the counts and the URL's tab, with the tab's own order while the URL names none", () => {
    const view = renderTabs("/list?status=pending", { all: 9, pending: 3, active: 6 });
    expect(screen.getByRole("tab", { name: "待审核 (3)", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "全部 (9)" })).toBeInTheDocument();
    expect(view.params()).toEqual({
      status: "pending",
      sortField: "createdAt",
      sortOrder: "ascend",
    });
  });

  it("a tab goes back to page 1, keeps the filters, and trades the tab's order for the next one's", async () => {
    const view = renderTabs("/list?name=x&page=3&pageSize=50");
    expect(view.params()).toEqual({});
    await userEvent.click(screen.getByRole("tab", { name: "待审核" }));
    await waitFor(() =>
      expect(view.url()).toBe(
        "?name=x&pageSize=50&sortField=createdAt&sortOrder=ascend&status=pending",
      ),
    );
    await userEvent.click(screen.getByRole("tab", { name: "营业中" }));
    await waitFor(() => expect(view.url()).toBe("?name=x&status=active&pageSize=50"));
  });

  it("a sort the operator chose stays across tabs", async () => {
    const view = renderTabs("/list?status=active&sortField=name&sortOrder=descend&page=2");
    await userEvent.click(screen.getByRole("tab", { name: "全部" }));
    await waitFor(() => expect(view.url()).toBe("?sortField=name&sortOrder=descend"));
  });

  it("a state no tab shows selects none and still filters", () => {
    const view = renderTabs("/list?status=rejected");
    expect(screen.queryByRole("tab", { selected: true })).toBeNull();
    expect(view.params()).toEqual({ status: "rejected" });
  });

  it("keeps the list mounted across tabs: what is typed in it stays, in the new tab's panel", async () => {
    renderUi(
      <MemoryRouter initialEntries={["/list"]}>
        <Typed />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText("店铺名称"), "义乌小商品");
    await userEvent.click(screen.getByRole("tab", { name: "营业中" }));
    const panel = await screen.findByRole("tabpanel", { name: "营业中" });
    expect(within(panel).getByLabelText("店铺名称")).toHaveValue("义乌小商品");
    // And back: the same list again.
    await userEvent.click(screen.getByRole("tab", { name: "全部" }));
    expect(await screen.findByRole("tabpanel", { name: "全部" })).toContainElement(
      screen.getByLabelText("店铺名称"),
    );
    expect(screen.getByLabelText("店铺名称")).toHaveValue("义乌小商品");
  });
});
