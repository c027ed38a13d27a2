/**
 * A searchable select over a picker operation (`ad.targets`, `activity.candidates`,
 * `recommend.candidates`, `invitation.inviters`, `inquiry.shops`: `{kind, keyword}` →
 * `PickItem[]`). Pickers are guarded by the screen's own menu, so the 运营 role can link to shops
 * and products without reading 基础信息. The value is the picked id; `onPick` hands over the whole
 * item. Each option shows the name, what tells namesakes apart (a shop's city, a product's shop,
 * a member's masked phone) and the record's state as the core labels it.
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Flex, Select, Typography } from "antd";
import { useState } from "react";
import { callData } from "@/lib/core";
import { useDebounced } from "@/kit/useDebounced";
import type { Op, PickItem } from "@/lib/generated/ops";
import { StatusTag, stateFor } from "@/kit/StatusTag";

/** The operations that answer a pick list. */
export type PickApi =
  | "mtop.admin.ad.targets"
  | "mtop.admin.activity.candidates"
  | "mtop.admin.recommend.candidates"
  | "mtop.admin.invitation.inviters"
  | "mtop.admin.inquiry.shops";

export interface PickSelectProps {
  op: Op<PickApi>;
  /** `shop`, `product` or `member`. */
  kind: "shop" | "product" | "member";
  value?: number;
  onChange?: (id: number | undefined) => void;
  /** The picked item, whole. */
  onPick?: (item: PickItem | undefined) => void;
  /** The current value's name when editing (it may not be among the first results). */
  initial?: { id: number; name: string };
  id?: string;
  "aria-label"?: string;
  placeholder?: string;
  width?: number | string;
}

const NOUN = { shop: "店铺", product: "商品", member: "用户" } as const;

function PickOption({ item, kind }: { item: PickItem; kind: PickSelectProps["kind"] }) {
  return (
    <Flex justify="space-between" gap={8}>
      <span>
        {item.name}
        {item.extra ? <Typography.Text type="secondary"> · {item.extra}</Typography.Text> : null}
      </span>
      {item.status ? <StatusTag state={stateFor(kind, item.status)} /> : null}
    </Flex>
  );
}

export function PickSelect({
  op,
  kind,
  value,
  onChange,
  onPick,
  initial,
  id,
  "aria-label": ariaLabel,
  placeholder,
  width = "100%",
}: PickSelectProps) {
  const [typed, setTyped] = useState("");
  const [opened, setOpened] = useState(false);
  const keyword = useDebounced(typed);
  const items = useQuery({
    queryKey: [op.api, kind, keyword],
    queryFn: () => callData(op, { kind, keyword }),
    enabled: opened,
    retry: false,
    // The last results stay while the next search runs, instead of a flash of 没有匹配.
    placeholderData: keepPreviousData,
  });
  const found = items.data ?? [];
  const byId = new Map(found.map((item) => [item.id, item]));
  if (value !== undefined && !byId.has(value)) {
    const name = initial?.id === value ? initial.name : `${NOUN[kind]} #${value}`;
    byId.set(value, { kind, id: value, name, extra: "", status: "" });
  }
  const options = [...byId.values()].map((item) => ({ value: item.id, label: item.name }));
  return (
    <Select<number>
      id={id}
      aria-label={ariaLabel}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        onPick?.(found.find((item) => item.id === next));
      }}
      options={options}
      optionRender={(option) => {
        const item = byId.get(Number(option.value));
        return item ? <PickOption item={item} kind={kind} /> : option.label;
      }}
      showSearch={{ filterOption: false, onSearch: setTyped }}
      onClear={() => setTyped("")}
      onOpenChange={(open) => {
        if (open) setOpened(true);
      }}
      loading={items.isFetching}
      notFoundContent={items.isError ? `无法搜索${NOUN[kind]}` : `没有匹配的${NOUN[kind]}`}
      placeholder={
        placeholder ?? (kind === "member" ? "搜索昵称或手机号" : `搜索${NOUN[kind]}名称`)
      }
      allowClear
      style={{ width }}
    />
  );
}
