/**
 * 店铺管理's chart card: new and active shops over the last 7 / 30 / 90 days (`shop.stats`), the
 * span kept in the URL (`?days=30`, the default) with the list's view. It folds away (收起), as
 * each operator last left it; on a window under 900 px tall it starts folded, so the list's
 * rows are in view.
 */
import { DownOutlined, UpOutlined } from "@ant-design/icons";
import { Button, Card, Flex, Segmented, Skeleton } from "antd";
import { useSearchParams } from "react-router";
import { ops, type ShopDay } from "@/lib/generated/ops";
import { ListError } from "@/kit/ListError";
import { useOpQuery } from "@/kit/queries";
import { TrendChart } from "@/features/shop/TrendChart";
import { useFolded } from "@/stores/panels";

/** The window height under which the chart starts folded. */
const TALL_ENOUGH = 900;

const SPANS = [7, 30, 90] as const;
const DEFAULT_SPAN = 30;
const DAYS_KEY = "days";

/** The URL's span: one of 7 / 30 / 90, else 30. */
function readSpan(raw: string | null): number {
  return SPANS.find((span) => String(span) === raw) ?? DEFAULT_SPAN;
}

/** The chart in words: its accessible name. */
export function trendSummary(span: number, series: readonly ShopDay[]): string {
  const added = series.reduce((sum, day) => sum + day.newShops, 0);
  const first = series[0];
  const last = series[series.length - 1];
  if (!first || !last) return `近${span}天没有店铺数据`;
  return `近${span}天新增店铺与营业中店铺折线图：共新增 ${added} 家；营业中店铺从 ${first.date} 的 ${first.activeShops} 家到 ${last.date} 的 ${last.activeShops} 家`;
}

export function ShopTrend() {
  const [searchParams, setSearchParams] = useSearchParams();
  const span = readSpan(searchParams.get(DAYS_KEY));
  const [folded, setFolded] = useFolded("shopTrend", () => window.innerHeight < TALL_ENOUGH);
  const stats = useOpQuery(
    ops.shop.stats,
    { days: span },
    { keepPrevious: true, enabled: !folded },
  );
  const series = stats.data?.series ?? [];

  function choose(value: number) {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (value === DEFAULT_SPAN) next.delete(DAYS_KEY);
      else next.set(DAYS_KEY, String(value));
      return next;
    });
  }

  return (
    <Card
      title="新增与营业中店铺"
      size="small"
      styles={folded ? { body: { display: "none" } } : undefined}
      extra={
        <Flex gap={8} align="center">
          {folded ? null : (
            <Segmented<number>
              aria-label="统计天数"
              size="small"
              value={span}
              onChange={choose}
              options={SPANS.map((value) => ({ value, label: `近${value}天` }))}
            />
          )}
          <Button
            size="small"
            type="text"
            aria-expanded={!folded}
            icon={folded ? <DownOutlined aria-hidden /> : <UpOutlined aria-hidden />}
            onClick={() => setFolded(!folded)}
          >
            {folded ? "展开趋势图" : "收起趋势图"}
          </Button>
        </Flex>
      }
    >
      {folded ? null : stats.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : stats.isError ? (
        <ListError
          title="店铺趋势加载失败"
          error={stats.error}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <TrendChart days={series} summary={trendSummary(span, series)} />
      )}
    </Card>
  );
}
