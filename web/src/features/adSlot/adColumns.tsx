/**
 * 广告位详情's table of the slot's ads, declared once: the image (its signed URL, the title as its
 * alternative text), title, what it links to (the core's `linkType` label, the target's name, and
 * a flag when the shop or product is no longer fit: frozen, off sale), its period and its state as
 * the `adState` lifecycle names it (scheduled / running / expired from time, or disabled).
 */
import { Flex } from "antd";
import { choices, formatTimestamp } from "@/lib/core";
import type { AdRow } from "@/lib/generated/ops";
import type { ColumnSpec } from "@/kit/columns";
import { ProblemFlag } from "@/kit/ProblemFlag";
import { StatusTag, stateFor } from "@/kit/StatusTag";

const LINK_TYPES = choices("linkType");

/** What people call a link type (`shop` → 店铺); an unknown code shows as itself. */
function linkTypeLabel(code: string): string {
  return LINK_TYPES.find((choice) => choice.value === code)?.label ?? code;
}

/** An ad's period: `2026-03-01 00:00:00 至 2026-03-08 00:00:00`. */
export const adPeriod = (ad: AdRow) =>
  `${formatTimestamp(ad.startAt)} 至 ${formatTimestamp(ad.endAt)}`;

export const SLOT_AD_COLUMNS: readonly ColumnSpec<AdRow>[] = [
  {
    key: "image",
    title: "图片",
    value: (ad) => ad.imageUrl ?? "",
    render: (ad) =>
      ad.imageUrl ? (
        <img
          src={ad.imageUrl}
          alt={ad.title}
          style={{ display: "block", maxWidth: 120, maxHeight: 48, objectFit: "contain" }}
        />
      ) : (
        "无图片"
      ),
  },
  { key: "title", title: "标题", minWidth: 140 },
  {
    key: "link",
    title: "链接",
    maxWidth: 240,
    value: (ad) => `${linkTypeLabel(ad.linkType)}：${ad.linkLabel}`,
    render: (ad) => (
      <Flex gap={4} align="center" wrap>
        <span>
          {linkTypeLabel(ad.linkType)}：{ad.linkLabel}
        </span>
        <ProblemFlag problem={ad.linkProblem} />
      </Flex>
    ),
  },
  { key: "period", title: "投放时段", value: adPeriod },
  {
    key: "state",
    title: "状态",
    value: (ad) => stateFor("adState", ad.state).label,
    render: (ad) => <StatusTag state={stateFor("adState", ad.state)} />,
  },
];
