/**
 * A slot's occupancy over the coming eight weeks (`adSlot.detail`'s `occupancy`, stretches with a
 * constant number of enabled ads running): each stretch's dates, `count / maxAds` and a bar as
 * long as its share of the capacity. A stretch over capacity (the gateway's `over`) says so in
 * words (超出容量) with an icon, besides its colour; the bar is decoration, the table's text says
 * it all. No stretch: an empty state.
 */
import { WarningOutlined } from "@ant-design/icons";
import { Empty, Table, Tag, theme, type TableColumnsType } from "antd";
import { formatTimestamp } from "@/lib/core";
import type { Occupancy } from "@/lib/generated/ops";

/** The over-capacity mark's words. */
export const OVER_TEXT = "超出容量";

function Bar({ share, over }: { share: number; over: boolean }) {
  const { token } = theme.useToken();
  return (
    <div
      aria-hidden
      style={{
        width: 240,
        maxWidth: "100%",
        height: 12,
        borderRadius: 6,
        background: token.colorFillSecondary,
        overflow: "hidden",
      }}
    >
      <div
        style={{
          width: `${Math.min(100, share * 100)}%`,
          height: "100%",
          borderRadius: 6,
          background: over ? token.colorError : token.colorPrimary,
        }}
      />
    </div>
  );
}

export function OccupancyTable({
  occupancy,
  maxAds,
}: {
  occupancy: readonly Occupancy[];
  maxAds: number;
}) {
  const columns: TableColumnsType<Occupancy> = [
    {
      title: "时段",
      key: "period",
      render: (_: unknown, o) => (
        <span style={{ whiteSpace: "nowrap" }}>
          {formatTimestamp(o.start)} 至 {formatTimestamp(o.end)}
        </span>
      ),
    },
    {
      title: "投放数 / 容量",
      key: "count",
      render: (_: unknown, o) => `${o.count} / ${maxAds}`,
    },
    {
      title: "占用",
      key: "bar",
      width: 260,
      render: (_: unknown, o) => <Bar share={maxAds > 0 ? o.count / maxAds : 1} over={o.over} />,
    },
    {
      title: "容量情况",
      key: "over",
      render: (_: unknown, o) =>
        o.over ? (
          <Tag color="error" icon={<WarningOutlined />}>
            {OVER_TEXT}
          </Tag>
        ) : (
          "容量内"
        ),
    },
  ];
  return (
    <Table<Occupancy>
      rowKey="start"
      size="small"
      columns={columns}
      dataSource={[...occupancy]}
      pagination={false}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未来八周没有投放中的广告" />
        ),
      }}
    />
  );
}
