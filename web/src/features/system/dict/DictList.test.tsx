import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { DictList } from "@/features/system/dict/DictList";
import { ops, type DictEntry } from "@/lib/generated/ops";
import { fakeGateway, ok, type FakeGateway } from "@/test/gateway";
import { testQueryClient } from "@/test/queryClient";
import { must } from "@/test/must";
import { renderUi } from "@/test/render";

function entry(id: number, key: string, status: string): DictEntry {
  return {
    id,
    type: "shop_level",
    key,
    label: `标签 ${key}`,
    value: String(id),
    sort: id * 10,
    remark: "",
    status,
    version: id + 1,
    createdAt: 0,
    updatedAt: 0,
  };
}

let gateway: FakeGateway;
let entries: DictEntry[];
let reads: number;
// No pointer-events check: the test DOM's getComputedStyle walks every antd style rule for each
// ancestor, seconds per click on a full list screen.
const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });

function renderList() {
  const client = testQueryClient();
  renderUi(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={["/system/dict"]}>
        <DictList />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The table row of entry `key` (by text: role queries over a table are slow in the test DOM). */
async function rowOf(key: string): Promise<HTMLElement> {
  const cell = await screen.findByText(key, { selector: "td" });
  return must(cell.closest("tr"));
}

async function select(key: string) {
  await user.click(within(await rowOf(key)).getByRole("checkbox"));
}

/** The open Popconfirm's button `name`. */
async function confirm(name: RegExp) {
  const tooltip = await screen.findByRole("tooltip");
  await user.click(within(tooltip).getByRole("button", { name }));
}

describe("DictList", () => {
  beforeEach(() => {
    entries = [entry(1, "gold", "enabled"), entry(2, "silver", "disabled")];
    reads = 0;
    gateway = fakeGateway();
    gateway.answer(ops.dict.list, () => {
      reads += 1;
      return ok({ list: entries, total: entries.length, page: 1, pageSize: 20 });
    });
    gateway.answer(ops.dict.save, (params) => {
      const saved = { ...must(entries.find((e) => e.id === params.id)), ...params };
      return ok({ ...saved, version: saved.version + 1 });
    });
    gateway.answer(ops.dict.delete, ({ id }) => ok({ id }));
  });

  it("停用 asks first, then saves the whole entry in the new state and says so", async () => {
    renderList();
    await user.click(within(await rowOf("gold")).getByRole("button", { name: "停用" }));
    await confirm(/^\s*停\s*用\s*$/);
    expect(await screen.findByText("已停用字典项 gold")).toBeInTheDocument();
    expect(gateway.calls(ops.dict.save)).toEqual([
      {
        id: 1,
        version: 2,
        type: "shop_level",
        key: "gold",
        label: "标签 gold",
        value: "1",
        sort: 10,
        remark: "",
        status: "disabled",
      },
    ]);
  });

  it("批量启用 enables the disabled entries, skips the enabled one, and reads the list once after", async () => {
    renderList();
    await select("gold");
    await select("silver");
    const before = reads;
    await user.click(screen.getByRole("button", { name: "批量启用" }));
    expect(await screen.findByText("批量启用：成功 1 项，跳过 1 项")).toBeInTheDocument();
    expect(screen.getByText("已是启用")).toBeInTheDocument();
    expect(gateway.calls(ops.dict.save)).toEqual([
      expect.objectContaining({ id: 2, version: 3, status: "enabled" }),
    ]);
    // Rows are sent quietly: no toast per row, one refresh at the end.
    expect(screen.queryByText("已启用字典项 silver")).toBeNull();
    await waitFor(() => expect(reads).toBe(before + 1));
  });

  it("批量删除 asks first and deletes each selected entry with its version", async () => {
    renderList();
    await select("gold");
    await select("silver");
    await user.click(screen.getByRole("button", { name: "批量删除" }));
    await confirm(/^\s*批量删除\s*$/);
    expect(await screen.findByText("批量删除：成功 2 项")).toBeInTheDocument();
    expect(gateway.calls(ops.dict.delete)).toEqual([
      { id: 1, version: 2 },
      { id: 2, version: 3 },
    ]);
  });
});
