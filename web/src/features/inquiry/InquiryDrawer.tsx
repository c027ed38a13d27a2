/**
 * One inquiry in a drawer (`inquiry.detail`, read fresh): what was asked — from the list's own
 * column specs, the buyer's message included —, the buyer, 操作记录, and the moves the lifecycle
 * allows (关闭 with a reason).
 */
import { Alert, Button, Card, Descriptions, Drawer, Flex, Skeleton } from "antd";
import { errorInfo } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { cellNode } from "@/kit/columns";
import { HistoryTimeline } from "@/kit/HistoryTimeline";
import { MemberCard } from "@/kit/MemberCard";
import { useOpQuery } from "@/kit/queries";
import { RowActions } from "@/kit/RowActions";
import { INQUIRY_COLUMNS } from "@/features/inquiry/columns";
import { useInquiryActions } from "@/features/inquiry/moves";

export interface InquiryDrawerProps {
  /** The inquiry shown; the drawer is closed without one. */
  id: number | undefined;
  onClose: () => void;
}

export function InquiryDrawer({ id, onClose }: InquiryDrawerProps) {
  return (
    <Drawer
      open={id !== undefined}
      title={id === undefined ? "" : `询价单 #${id}`}
      size={560}
      onClose={onClose}
      destroyOnHidden
      // The content scrolls in a region of its own that the keyboard can reach (and scroll).
      styles={{ body: { padding: 0, overflow: "hidden" } }}
    >
      {id === undefined ? null : (
        <div
          role="region"
          aria-label={`询价单 #${id}`}
          tabIndex={0}
          style={{ height: "100%", overflow: "auto", padding: 24 }}
        >
          <Body id={id} />
        </div>
      )}
    </Drawer>
  );
}

function Body({ id }: { id: number }) {
  const detail = useOpQuery(ops.inquiry.detail, { id });
  const inquiryActions = useInquiryActions();
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
  const moves = inquiryActions(inquiry);
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
