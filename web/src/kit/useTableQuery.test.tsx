import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useTableQuery } from "@/kit/useTableQuery";
import { useListViewsStore } from "@/stores/listViews";

const KEYS = ["username", "status"] as const;

function setup(initial: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[`/system/user${initial}`]}>{children}</MemoryRouter>
  );
  return renderHook(
    () => {
      const state = useTableQuery(KEYS);
      const location = useLocation();
      return { state, search: location.search };
    },
    { wrapper },
  );
}

describe("useTableQuery", () => {
  it("reads the view from the URL into the list's parameters", () => {
    const { result } = setup("?username=li&page=2&sortField=createdAt&sortOrder=ascend");
    expect(result.current.state.params).toEqual({
      page: 2,
      pageSize: 20,
      username: "li",
      sortField: "createdAt",
      sortOrder: "ascend",
    });
  });

  it("remembers the view it shows, for a detail page's way back", () => {
    useListViewsStore.setState({ views: {} });
    const { result } = setup("?page=4");
    expect(useListViewsStore.getState().views["/system/user"]).toBe("/system/user?page=4");
    act(() => result.current.state.setFilters({ status: "banned" }));
    expect(useListViewsStore.getState().views["/system/user"]).toBe("/system/user?status=banned");
  });

  it("new filters go back to page 1 and keep the sort", () => {
    const { result } = setup("?page=4&sortField=username&sortOrder=descend");
    act(() => result.current.state.setFilters({ username: " wang ", status: "" }));
    expect(new URLSearchParams(result.current.search).toString()).toBe(
      "username=wang&sortField=username&sortOrder=descend",
    );
  });

  it("follows the table: a page, a page size (back to page 1), and sorts counted from the URL", () => {
    const { result } = setup("");
    const change = result.current.state.onTableChange;
    act(() => change({ current: 3, pageSize: 20 }, {}, {}, { action: "paginate" }));
    expect(result.current.search).toBe("?page=3");
    act(() => change({ current: 2, pageSize: 50 }, {}, {}, { action: "paginate" }));
    expect(result.current.state.query).toMatchObject({ page: 1, pageSize: 50 });
    // antd's own idea of the order is not used: each click moves the URL's sort one step.
    const click = () =>
      change(
        { current: 1, pageSize: 50 },
        {},
        { columnKey: "nickname", order: "ascend" },
        {
          action: "sort",
        },
      );
    act(click);
    expect(result.current.search).toBe("?pageSize=50&sortField=nickname&sortOrder=ascend");
    act(click);
    expect(result.current.state.query).toMatchObject({
      sortField: "nickname",
      sortOrder: "descend",
    });
    act(() => change({ current: 2, pageSize: 50 }, {}, {}, { action: "paginate" }));
    expect(result.current.state.query).toMatchObject({ page: 2, sortOrder: "descend" });
    act(click);
    expect(result.current.state.query).toMatchObject({
      page: 1,
      sortField: undefined,
      sortOrder: undefined,
    });
  });

  it("a handler kept from an earlier render acts on the latest view", () => {
    const { result } = setup("");
    const early = result.current.state.onTableChange;
    act(() => result.current.state.setFilters({ username: "li" }));
    act(() =>
      early({ current: 1, pageSize: 20 }, {}, { columnKey: "username" }, { action: "sort" }),
    );
    expect(new URLSearchParams(result.current.search).toString()).toBe(
      "username=li&sortField=username&sortOrder=ascend",
    );
  });

  it("two changes before the router commits make two steps", () => {
    const { result } = setup("");
    const change = result.current.state.onTableChange;
    const click = () =>
      change({ current: 1, pageSize: 20 }, {}, { columnKey: "username" }, { action: "sort" });
    act(() => {
      click();
      click();
    });
    expect(result.current.state.query).toMatchObject({
      sortField: "username",
      sortOrder: "descend",
    });
  });
});
