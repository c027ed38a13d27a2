import { describe, expect, it } from "vitest";
import {
  cellText,
  csvColumns,
  filterFields,
  filterKeys,
  tableColumns,
  type ColumnSpec,
} from "@/kit/columns";
import { readTableQuery } from "@/kit/tableQuery";

interface Row {
  id: number;
  name: string;
  tags: string[];
  note: string | null;
}

const COLUMNS: readonly ColumnSpec<Row>[] = [
  { key: "id", title: "ID", hideInTable: true },
  { key: "name", title: "名称", sortable: true, filter: { kind: "text" } },
  { key: "keyword", title: "关键字", hideInTable: true, csv: false, filter: { kind: "text" } },
  { key: "tags", title: "标签", value: (r) => r.tags.join("/") },
  { key: "note", title: "备注" },
  { key: "at", title: "时间", csv: false, filter: { kind: "dateRange", keys: ["from", "to"] } },
];
const ROW: Row = { id: 7, name: "甲", tags: ["a", "b"], note: null };

describe("column specs", () => {
  it("give the CSV its headers and values from the same declarations as the table", () => {
    const csv = csvColumns(COLUMNS);
    expect(csv.map((c) => c.title)).toEqual(["ID", "名称", "标签", "备注"]);
    expect(csv.map((c) => c.value(ROW))).toEqual(["7", "甲", "a/b", ""]);
    expect(COLUMNS.map((spec) => cellText(spec, ROW))[3]).toBe("a/b");
  });

  it("give the table its visible columns, a sortable one ordered by the URL", () => {
    const query = readTableQuery(new URLSearchParams("sortField=name&sortOrder=descend"), []);
    const columns = tableColumns(COLUMNS, query);
    expect(columns.map((c) => c.title)).toEqual(["名称", "标签", "备注", "时间"]);
    expect(columns[0]).toMatchObject({ key: "name", sorter: true, sortOrder: "descend" });
    expect(columns[1]).not.toHaveProperty("sorter");
  });

  it("give the filter form its fields and the URL its keys", () => {
    const fields = filterFields(COLUMNS);
    expect(fields.map((f) => [f.name, f.label])).toEqual([
      ["name", "名称"],
      ["keyword", "关键字"],
      ["at", "时间"],
    ]);
    expect(filterKeys(fields)).toEqual(["name", "keyword", "from", "to"]);
  });
});
