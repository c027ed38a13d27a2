/** Home-page entries as the gateway answers them, for 功能入口's tests. */
import type { EntryRow, Page } from "@/lib/generated/ops";

/** 2026-03-01 10:00 (UTC+8). */
export const UPDATED_AT = 1_772_330_400_000;

export function entryRow(
  id: number,
  name: string,
  icon: string,
  link: string,
  extra: Partial<EntryRow> = {},
): EntryRow {
  return {
    id,
    name,
    icon,
    link,
    sort: 10,
    visible: 1,
    updatedAt: UPDATED_AT,
    version: 1,
    ...extra,
  };
}

/** 找工厂, 采购指南 (hidden, a web address), 产业带, in display order. */
export const ENTRIES: EntryRow[] = [
  entryRow(1, "找工厂", "ShopOutlined", "/pages/factory", { sort: 10 }),
  entryRow(3, "采购指南", "BookOutlined", "https://help.adnur.example/guide/buying", {
    sort: 20,
    visible: 0,
  }),
  entryRow(2, "产业带", "AppstoreOutlined", "/pages/belt", { sort: 30 }),
];

/** One page holding all of `list`. */
export function pageOf<T>(list: readonly T[], pageSize = 100): Page<T> {
  return { list: [...list], total: list.length, page: 1, pageSize };
}
