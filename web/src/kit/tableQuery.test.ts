import { describe, expect, it } from "vitest";
import {
  DEFAULT_PAGE_SIZE,
  filterParams,
  listParams,
  readTableQuery,
  toggleSort,
  writeTableQuery,
} from "@/kit/tableQuery";

const KEYS = ["username", "status"] as const;

describe("readTableQuery", () => {
  it("gives the default view for a bare URL", () => {
    expect(readTableQuery(new URLSearchParams(""), KEYS)).toEqual({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sortField: undefined,
      sortOrder: undefined,
      filters: {},
    });
  });

  it("reads filters, paging and sort", () => {
    const q = readTableQuery(
      new URLSearchParams(
        "username=li&status=disabled&page=3&pageSize=50&sortField=createdAt&sortOrder=descend&other=x",
      ),
      KEYS,
    );
    expect(q).toEqual({
      page: 3,
      pageSize: 50,
      sortField: "createdAt",
      sortOrder: "descend",
      filters: { username: "li", status: "disabled" },
    });
  });

  it("falls back to defaults for malformed values and ignores blank filters", () => {
    const q = readTableQuery(
      new URLSearchParams("page=-2&pageSize=7&sortField=id&sortOrder=sideways&username=%20%20"),
      KEYS,
    );
    expect(q.page).toBe(1);
    expect(q.pageSize).toBe(DEFAULT_PAGE_SIZE);
    expect(q.sortField).toBeUndefined();
    expect(q.sortOrder).toBeUndefined();
    expect(q.filters).toEqual({});
    expect(readTableQuery(new URLSearchParams("page=1e3"), KEYS).page).toBe(1);
    expect(readTableQuery(new URLSearchParams("sortOrder=ascend"), KEYS).sortOrder).toBeUndefined();
  });
});

describe("writeTableQuery", () => {
  it("leaves defaults out and keeps params it does not own", () => {
    const next = writeTableQuery(new URLSearchParams("roleId=3&page=4&username=old"), KEYS, {
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      sortField: undefined,
      sortOrder: undefined,
      filters: {},
    });
    expect(next.toString()).toBe("roleId=3");
  });

  it("round-trips a view", () => {
    const view = {
      page: 2,
      pageSize: 100,
      sortField: "username",
      sortOrder: "ascend" as const,
      filters: { username: "张", status: "enabled" },
    };
    const params = writeTableQuery(new URLSearchParams(), KEYS, view);
    expect(readTableQuery(params, KEYS)).toEqual(view);
  });
});

describe("listParams / filterParams", () => {
  const view = {
    page: 2,
    pageSize: 20,
    sortField: "nickname",
    sortOrder: "descend" as const,
    filters: { username: " wang " },
  };

  it("are the list operation's parameters, trimmed", () => {
    expect(listParams(view)).toEqual({
      page: 2,
      pageSize: 20,
      username: "wang",
      sortField: "nickname",
      sortOrder: "descend",
    });
  });

  it("drop paging for an export of every filtered row", () => {
    expect(filterParams(view)).toEqual({
      username: "wang",
      sortField: "nickname",
      sortOrder: "descend",
    });
  });
});

describe("toggleSort", () => {
  const base = {
    page: 3,
    pageSize: 20,
    sortField: undefined,
    sortOrder: undefined,
    filters: { username: "li" },
  };

  it("cycles a column through ascending, descending and unsorted, back on page 1", () => {
    const asc = toggleSort(base, "createdAt");
    expect(asc).toEqual({ ...base, page: 1, sortField: "createdAt", sortOrder: "ascend" });
    const desc = toggleSort(asc, "createdAt");
    expect(desc).toMatchObject({ sortField: "createdAt", sortOrder: "descend" });
    expect(toggleSort(desc, "createdAt")).toMatchObject({
      sortField: undefined,
      sortOrder: undefined,
      filters: { username: "li" },
    });
  });

  it("starts another column ascending", () => {
    const desc = { ...base, sortField: "username", sortOrder: "descend" as const };
    expect(toggleSort(desc, "nickname")).toMatchObject({
      sortField: "nickname",
      sortOrder: "ascend",
    });
  });
});
