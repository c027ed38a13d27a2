/**
 * The shop filter: a searchable select over `shop.list` (shops by name), its value the shop's id.
 * Shops are searched once the dropdown first opens, and again once typing pauses for the core's
 * debounce delay (`useDebounced`); the picked shop keeps its name after a reload
 * through `shop.detail`. A role that may not read
 * shops sees the search fail quietly in the dropdown; the id from a link still filters.
 */
import { Select } from "antd";
import { useState } from "react";
import { ops } from "@/lib/generated/ops";
import { useDebounced } from "@/kit/useDebounced";
import { useOpQuery } from "@/kit/queries";

export interface ShopSelectProps {
  value?: number;
  onChange?: (value: number | undefined) => void;
  id?: string;
  width?: number;
}

const SEARCH_SIZE = 20;

export function ShopSelect({ value, onChange, id, width = 200 }: ShopSelectProps) {
  const [search, setSearch] = useState("");
  const [opened, setOpened] = useState(false);
  const name = useDebounced(search);
  const shops = useOpQuery(
    ops.shop.list,
    { name, page: 1, pageSize: SEARCH_SIZE },
    { enabled: opened, quiet: true },
  );
  const picked = useOpQuery(
    ops.shop.detail,
    { id: value ?? 0 },
    {
      enabled: value !== undefined && !shops.data?.list.some((shop) => shop.id === value),
      quiet: true,
    },
  );
  const options = (shops.data?.list ?? []).map((shop) => ({
    value: shop.id,
    label: `${shop.name}（${shop.city}）`,
  }));
  if (value !== undefined && !options.some((option) => option.value === value)) {
    const shop = picked.data?.shop;
    options.unshift({ value, label: shop ? `${shop.name}（${shop.city}）` : `店铺 #${value}` });
  }
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={(next) => onChange?.(next)}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      onClear={() => setSearch("")}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      loading={shops.isFetching}
      notFoundContent={shops.isError ? "无法搜索店铺" : "没有匹配的店铺"}
      placeholder="搜索店铺名称"
      allowClear
      style={{ width }}
    />
  );
}
