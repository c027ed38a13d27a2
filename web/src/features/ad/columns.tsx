/**
 * 广告管理's columns, declared once: the table, the CSV, the filters. The slot filter's options
 * are the slots the gateway has (`adSlotOptions`), so the columns are made per slot list
 * (`adColumns`, memoised by the screen). The link's type is labelled by the core's `linkType`
 * choices; the state shown is lifecycle `adState` (derived from the switch and the period), the
 * switch itself lifecycle `ad`.
 */
import { Typography } from "antd";
import { choices } from "@/lib/core";
import type { AdRow, AdSlotRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { PeriodCell, periodText } from "@/kit/period";
import { PageLink } from "@/kit/links";
import { ProblemFlag } from "@/kit/ProblemFlag";
import { statusColumn } from "@/kit/StatusTag";

export const LINK_TYPES = choices("linkType");

/** What people call a link type (`shop` → 店铺); an unknown code shows as itself. */
export function linkTypeLabel(code: string): string {
  return LINK_TYPES.find((choice) => choice.value === code)?.label ?? code;
}

/** A slot as the pickers name it: `首页顶部通栏（750×300）`. */
export function slotLabel(slot: Pick<AdSlotRow, "name" | "width" | "height">): string {
  return `${slot.name}（${slot.width}×${slot.height}）`;
}

const THUMB_HEIGHT = 40;

function Thumbnail({ ad }: { ad: AdRow }) {
  return ad.imageUrl ? (
    <img
      src={ad.imageUrl}
      alt={ad.title}
      height={THUMB_HEIGHT}
      loading="lazy"
      style={{ maxWidth: 120, objectFit: "cover", borderRadius: 4, display: "block" }}
    />
  ) : (
    <Typography.Text type="secondary">无图片</Typography.Text>
  );
}

function LinkCell({ ad }: { ad: AdRow }) {
  return (
    // An address breaks anywhere, so it goes on beside its kind rather than under it.
    <span style={{ wordBreak: ad.linkType === "url" ? "break-all" : undefined }}>
      <Typography.Text type="secondary">{linkTypeLabel(ad.linkType)}：</Typography.Text>
      {ad.linkLabel} <ProblemFlag problem={ad.linkProblem} />
    </span>
  );
}

/** The slot filter's options: every slot, by id. */
export function adSlotOptions(slots: readonly AdSlotRow[]): { value: string; label: string }[] {
  return slots.map((slot) => ({ value: String(slot.id), label: slot.name }));
}

/** The columns of 广告管理, the slot filter offering `slots`. */
export function adColumns(slots: readonly AdSlotRow[]): readonly ColumnSpec<AdRow>[] {
  return [
    {
      key: "image",
      title: "广告图片",
      render: (ad) => <Thumbnail ad={ad} />,
      csv: false,
      detail: false,
    },
    {
      key: "title",
      title: "广告标题",
      minWidth: 150,
      filter: { kind: "text", placeholder: "包含" },
    },
    {
      key: "slotName",
      title: "广告位",
      nowrap: true,
      render: (ad) => (
        <PageLink page="adSlotDetail" query={{ id: ad.slotId }}>
          {ad.slotName}
        </PageLink>
      ),
      filter: {
        kind: "select",
        key: "slotId",
        placeholder: "全部",
        width: 180,
        options: adSlotOptions(slots),
      },
    },
    {
      key: "linkLabel",
      title: "链接",
      minWidth: 230,
      maxWidth: 300,
      value: (ad) =>
        `${linkTypeLabel(ad.linkType)}：${ad.linkLabel}${ad.linkProblem ? `（${ad.linkProblem}）` : ""}`,
      render: (ad) => <LinkCell ad={ad} />,
    },
    {
      key: "startAt",
      title: "投放时间",
      sortable: true,
      value: periodText,
      render: (ad) => <PeriodCell period={ad} />,
      filter: { kind: "dateRange", keys: ["from", "to"] },
    },
    statusColumn("adState", (ad: AdRow) => ad.state, {
      key: "state",
      title: "投放状态",
      nowrap: true,
    }),
    statusColumn("ad", (ad: AdRow) => ad.status, {
      key: "status",
      title: "开关",
      nowrap: true,
      filter: undefined,
    }),
  ];
}
