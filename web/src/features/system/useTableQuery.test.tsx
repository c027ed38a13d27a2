import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter, useLocation } from "react-router";
import { describe, expect, it } from "vitest";
import { useTableQuery } from "@/features/system/useTableQuery";

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

  it("new filters go back to page 1 and keep the sort", () => {
    const { result } = setup("?page=4&sortField=username&sortOrder=descend");
    act(() => result.current.state.setFilters({ username: " wang ", status: "" }));
    expect(new URLSearchParams(result.current.search).toString()).toBe(
      "username=wang&sortField=username&sortOrder=descend",
    );
  });

  it("follows the table: a page, then a sort (back to page 1), then a page size", () => {
    const { result } = setup("");
    act(() => result.current.state.onTableChange({ current: 3, pageSize: 20 }, {}, {}));
    expect(result.current.search).toBe("?page=3");
    act(() =>
      result.current.state.onTableChange(
        { current: 3, pageSize: 20 },
        {},
        {
          columnKey: "nickname",
          order: "descend",
        },
      ),
    );
    expect(result.current.search).toBe("?sortField=nickname&sortOrder=descend");
    act(() =>
      result.current.state.onTableChange(
        { current: 2, pageSize: 50 },
        {},
        {
          columnKey: "nickname",
          order: "descend",
        },
      ),
    );
    expect(result.current.state.query).toMatchObject({ page: 1, pageSize: 50 });
    act(() => result.current.state.onTableChange({ current: 1, pageSize: 50 }, {}, {}));
    expect(result.current.state.query.sortField).toBeUndefined();
  });
});
