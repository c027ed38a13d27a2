/**
 * A log entry's target: its kind and its name at the time, the name linking to the record's page
 * — its detail page where it has one, else its list filtered to it — when this user may open it.
 * A deleted record has no page: its name stands alone.
 */
import { Space, Typography } from "antd";
import type { AuditEntry } from "@/lib/generated/ops";
import { PageLink, type PageName, type PageQuery } from "@/kit/links";

/** Where each kind of target is shown (the gateway's kinds: core-wasm `ops::audit::SUBJECTS`). */
const PAGE_OF: Readonly<
  Record<string, (id: number, name: string) => { page: PageName; query: PageQuery }>
> = {
  shop: (id) => ({ page: "shopDetail", query: { id } }),
  product: (id) => ({ page: "productDetail", query: { id } }),
  member: (id) => ({ page: "memberDetail", query: { id } }),
  adSlot: (id) => ({ page: "adSlotDetail", query: { id } }),
  activity: (id) => ({ page: "activityDetail", query: { id } }),
  ad: (_, name) => ({ page: "adList", query: { title: name } }),
  belt: (_, name) => ({ page: "beltList", query: { name } }),
  opportunity: (_, name) => ({ page: "opportunityInspect", query: { title: name } }),
  category: () => ({ page: "categoryList", query: {} }),
  entry: (_, name) => ({ page: "entryList", query: { name } }),
  recommend: (_, name) => ({ page: "recommendList", query: { shopName: name } }),
  sysUser: (_, name) => ({ page: "sysUserList", query: { username: name } }),
  role: () => ({ page: "roleList", query: {} }),
  menu: () => ({ page: "menuList", query: {} }),
  dict: (_, name) => ({ page: "dictList", query: { keyword: name } }),
};

/** Whether the entry deleted its target (`delete`, `deleteRole`, …): it has no page any more. */
function deleted(entry: AuditEntry): boolean {
  return (entry.api.split(".").pop() ?? "").startsWith("delete");
}

export function TargetLink({ entry }: { entry: AuditEntry }) {
  if (entry.targetId === null) return <>-</>;
  const name = entry.targetName ?? `#${entry.targetId}`;
  const where = entry.targetType ? PAGE_OF[entry.targetType] : undefined;
  return (
    <Space size={4} wrap={false}>
      {entry.targetTypeLabel ? (
        <Typography.Text type="secondary">{entry.targetTypeLabel}</Typography.Text>
      ) : null}
      {where && !deleted(entry) ? (
        <PageLink {...where(entry.targetId, name)}>{name}</PageLink>
      ) : (
        <span>{name}</span>
      )}
    </Space>
  );
}
