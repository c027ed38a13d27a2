/**
 * 专题活动's columns, declared once: the table, the CSV, the filters and 专题详情's facts. The
 * state is the `activity` lifecycle's; the period filter keeps activities running at some time
 * in the chosen days (`from`/`to`).
 */
import { PictureOutlined } from "@ant-design/icons";
import { Image } from "antd";
import { formatTimestamp } from "@/lib/core";
import type { ActivityRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { PeriodCell, periodText } from "@/kit/period";
import { PageLink } from "@/kit/links";
import { statusColumn } from "@/kit/StatusTag";

/** The banner as a small wide thumbnail, or a placeholder icon when there is none. */
export function BannerThumb({ activity, width = 120 }: { activity: ActivityRow; width?: number }) {
  return activity.bannerUrl ? (
    <Image
      src={activity.bannerUrl}
      alt={`${activity.title}的横幅`}
      width={width}
      height={width / 3}
      style={{ objectFit: "cover", borderRadius: 4 }}
    />
  ) : (
    <PictureOutlined aria-label="无横幅" style={{ fontSize: 24, opacity: 0.45 }} />
  );
}

export const ACTIVITY_COLUMNS: readonly ColumnSpec<ActivityRow>[] = [
  { key: "id", title: "ID", sortable: true },
  {
    key: "bannerUrl",
    title: "横幅",
    value: (a) => (a.bannerUrl ? "有" : "无"),
    render: (a) => <BannerThumb activity={a} />,
    csv: false,
    detail: false,
  },
  {
    key: "title",
    title: "专题标题",
    minWidth: 160,
    filter: { kind: "text", placeholder: "包含" },
    render: (a) => (
      <PageLink page="activityDetail" query={{ id: a.id }}>
        {a.title}
      </PageLink>
    ),
  },
  {
    key: "startAt",
    title: "活动时间",
    value: periodText,
    render: (a) => <PeriodCell period={a} />,
    sortable: true,
    filter: { kind: "dateRange", keys: ["from", "to"], label: "进行时间" },
  },
  { key: "itemCount", title: "商品/店铺数", nowrap: true },
  statusColumn("activity", (a: ActivityRow) => a.status),
  {
    key: "updatedAt",
    title: "更新时间",
    value: (a) => formatTimestamp(a.updatedAt),
    sortable: true,
    nowrap: true,
  },
];
