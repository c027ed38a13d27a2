/**
 * One inquiry in a drawer (`inquiry.detail`, read fresh): what was asked — from the list's own
 * column specs, the buyer's message included —, the shop's quote once it quoted (unit price,
 * quantity, their total, lead time, when: money and time through the core's formatters), the
 * buyer, 操作记录, and the moves the lifecycle allows (关闭 with a reason).
 */
import { ListError } from "@/kit/ListError";
import { Card, Descriptions, Flex, Skeleton } from "antd";
import { formatFen, formatTimestamp } from "@/lib/core";
import { ops, type InquiryRow } from "@/lib/generated/ops";
import { cellNode } from "@/kit/columns";
import { HistoryTimeline } from "@/kit/HistoryTimeline";
import { MemberCard } from "@/kit/MemberCard";
import { ScrollDrawer } from "@/kit/ScrollDrawer";
import { useOpQuery } from "@/kit/queries";
import { RowActions } from "@/kit/RowActions";
import { INQUIRY_COLUMNS } from "@/features/inquiry/columns";
import { useInquiryMoves } from "@/features/inquiry/moves";

export interface InquiryDrawerProps {
  /** The inquiry shown; the drawer is closed without one. */
  id: number | undefined;
  onClose: () => void;
}

export function InquiryDrawer({ id, onClose }: InquiryDrawerProps) {
  return (
    <ScrollDrawer
      title={id === undefined ? undefined : `询价单 #${id}`}
      size={560}
      onClose={onClose}
    >
      {id === undefined ? null : <Body id={id} />}
    </ScrollDrawer>
  );
}

function Body({ id }: { id: number }) {
  const detail = useOpQuery(ops.inquiry.detail, { id });
  const inquiryMoves = useInquiryMoves();
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError)
    return (
      <ListError
        title="询价单加载失败"
        error={detail.error}
        onRetry={() => void detail.refetch()}
      />
    );
  const { inquiry, buyer } = detail.data;
  const moves = inquiryMoves.actions(inquiry);
  return (
    <Flex vertical gap={16}>
      {moves.length > 0 ? (
        <Flex justify="flex-end">
          <RowActions actions={moves} />
        </Flex>
      ) : null}
      <Descriptions
        column={1}
        bordered
        size="small"
        items={INQUIRY_COLUMNS.filter((spec) => spec.detail !== false).map((spec) => ({
          key: spec.key,
          label: spec.title,
          children: cellNode(spec, inquiry),
        }))}
      />
      <Quote inquiry={inquiry} />
      <MemberCard title="采购商" member={buyer} />
      <Card title="操作记录" size="small">
        <HistoryTimeline entity="inquiry" id={inquiry.id} />
      </Card>
    </Flex>
  );
}

/** The shop's quote, once there is one (a quoted inquiry, or one closed after its quote). */
function Quote({ inquiry }: { inquiry: InquiryRow }) {
  const quote = inquiry.quote;
  if (!quote) return null;
  return (
    <Card title="报价" size="small">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: "shop", label: "报价店铺", children: inquiry.shopName },
          { key: "unitPrice", label: "报价单价", children: formatFen(quote.unitPrice) },
          { key: "quantity", label: "报价数量", children: quote.quantity },
          {
            key: "total",
            label: "报价总额",
            children: formatFen(quote.unitPrice * quote.quantity),
          },
          { key: "leadDays", label: "交货周期", children: `${quote.leadDays} 天` },
          { key: "quotedAt", label: "报价时间", children: formatTimestamp(quote.quotedAt) },
        ]}
      />
    </Card>
  );
}
