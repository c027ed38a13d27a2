/**
 * What freezing or closing a shop touches, shown in the reason dialog before the operator
 * confirms: its products on sale, the live ads and the home-page recommendations pointing at it,
 * the items of activities that are it or its products, and its open inquiries (`shop.impact`).
 * Read afresh each time the dialog opens (the figures move as other screens write); a loading
 * state while they come (the dialog's confirm waits for them), and the failure with 重试 when
 * they do not (then the operator may still go ahead, knowing the figures are missing).
 */
import { ListError } from "@/kit/ListError";
import { Alert, Descriptions, Flex, Typography } from "antd";

import { ops, type ShopImpact as Impact } from "@/lib/generated/ops";
import { Loading } from "@/kit/Loading";
import { useOpQuery } from "@/kit/queries";
import { useHoldConfirm } from "@/kit/ReasonDialog";

/** The figures, in the order the dialog lists them, with what each counts. */
export const IMPACT_ITEMS: readonly { key: keyof Impact; label: string; unit: string }[] = [
  { key: "productsOnSale", label: "在售商品", unit: "件" },
  { key: "liveAds", label: "投放中的广告", unit: "条" },
  { key: "recommendations", label: "首页推荐", unit: "条" },
  { key: "activityItems", label: "活动中的店铺/商品", unit: "项" },
  { key: "openInquiries", label: "未完结的询价", unit: "条" },
];

/** The read of shop `id`'s impact, never from a stale cache: the operator decides on it. */
function useImpact(id: number) {
  return useOpQuery(ops.shop.impact, { id }, { fresh: true });
}

export interface ShopImpactProps {
  shopId: number;
  /** What the move means for the shop itself (冻结期间店铺暂停营业…). */
  note: string;
}

export function ShopImpact({ shopId, note }: ShopImpactProps) {
  const impact = useImpact(shopId);
  useHoldConfirm(impact.isPending);
  const data = impact.data;
  const touched = data ? IMPACT_ITEMS.filter((item) => data[item.key] > 0).length : 0;

  let body;
  if (impact.isPending) {
    body = <Loading label="影响范围加载中" rows={3} />;
  } else if (impact.isError) {
    body = (
      <ListError
        title="影响范围加载失败"
        error={impact.error}
        onRetry={() => void impact.refetch()}
      />
    );
  } else {
    body = (
      <Descriptions
        size="small"
        bordered
        column={1}
        aria-label="影响范围"
        items={IMPACT_ITEMS.map((item) => ({
          key: item.key,
          label: item.label,
          children: (
            <Typography.Text strong={impact.data[item.key] > 0}>
              {impact.data[item.key]} {item.unit}
            </Typography.Text>
          ),
        }))}
      />
    );
  }

  return (
    <Flex vertical gap={12} style={{ marginBottom: 16 }}>
      <Alert
        type="warning"
        showIcon
        title={note}
        description={
          data
            ? touched > 0
              ? "以下内容会受到影响，请确认后再操作。"
              : "没有在售商品、广告、推荐、活动或未完结的询价受到影响。"
            : "以下内容会受到影响："
        }
      />
      {body}
    </Flex>
  );
}
