/**
 * One inquiry in a drawer (`inquiry.detail`, read fresh): what was asked — from the list's own
 * column specs, the buyer's message included —, the buyer, 操作记录, and the moves the lifecycle
 * allows (关闭 with a reason).
 */
import { Alert, Button, Card, Descriptions, Flex, Skeleton } from "antd";
import { errorInfo } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
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
      <Alert
        type="error"
        showIcon
        title="询价单加载失败"
        description={errorInfo(detail.error).message}
        action={
          <Button size="small" onClick={() => void detail.refetch()}>
            重试
          </Button>
        }
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
      <MemberCard title="采购商" member={buyer} />
      <Card title="操作记录" size="small">
        <HistoryTimeline entity="inquiry" id={inquiry.id} />
      </Card>
    </Flex>
  );
}
