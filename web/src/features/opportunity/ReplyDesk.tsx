/**
 * 商机回复: the approved opportunities on the left (by title, the newest first, reply counts), the
 * open one's thread on the right — its summary, the description, every reply oldest first, the
 * operator's reply form — with 关闭 and a reason. The open opportunity is in the URL (`?open=`),
 * so a copied link shows the same thread; a closed one leaves the list and its thread closes.
 */
import { ListError } from "@/kit/ListError";
import { Button, Card, Col, Empty, Flex, Row, Skeleton, Typography } from "antd";
import { useCallback } from "react";

import { ops, type OpportunityRow } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import { useOpenParam } from "@/kit/useOpenParam";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { useOpQuery } from "@/kit/queries";
import { RowActions } from "@/kit/RowActions";
import { orDash } from "@/kit/text";
import { useList } from "@/kit/useList";
import { REPLY_COLUMNS } from "@/features/opportunity/columns";
import { useOpportunityMoves } from "@/features/opportunity/moves";
import { OpportunitySummary } from "@/features/opportunity/OpportunityDrawer";
import { ReplyForm } from "@/features/opportunity/ReplyForm";
import { ReplyThread } from "@/features/opportunity/ReplyThread";

/** Only approved opportunities take replies. */
const APPROVED = { state: "approved" } as const;

export function ReplyDesk() {
  const list = useList(ops.opportunity.list, REPLY_COLUMNS, APPROVED);
  const [open, setOpen] = useOpenParam();
  // A closed opportunity leaves the list: its thread closes with it.
  const leave = useCallback(() => setOpen(undefined), [setOpen]);
  const moves = useOpportunityMoves(leave);

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={11}>
        <Flex vertical gap={16}>
          <FilterForm name="opportunityReplyFilter" fields={list.fields} table={list.table} />
          <ListTable<OpportunityRow>
            exportAs="已通过商机"
            noun="已通过商机"
            list={list}
            rowKey="id"
            actions={(opportunity) => (
              <Button
                type="link"
                size="small"
                aria-label={`查看回复 ${opportunity.title}`}
                aria-pressed={opportunity.id === open}
                style={opportunity.id === open ? { fontWeight: 600 } : undefined}
                onClick={() => setOpen(opportunity.id)}
              >
                查看回复
              </Button>
            )}
          />
        </Flex>
      </Col>
      <Col xs={24} xl={13}>
        {open === undefined ? (
          <Card>
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="在左侧选择一条商机，查看回复并以平台身份回复"
            />
          </Card>
        ) : (
          <Thread key={open} id={open} actions={moves.actions} />
        )}
      </Col>
    </Row>
  );
}

function Thread({
  id,
  actions,
}: {
  id: number;
  actions: ReturnType<typeof useOpportunityMoves>["actions"];
}) {
  const detail = useOpQuery(ops.opportunity.detail, { id });
  const mayReply = useMay()(ops.opportunity.reply);
  if (detail.isPending)
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (detail.isError)
    return (
      <ListError title="商机加载失败" error={detail.error} onRetry={() => void detail.refetch()} />
    );
  const { opportunity, description, replies } = detail.data;
  return (
    <Card
      title={
        // Under the page's h1 (商机回复): the opportunity, then its sections.
        <Typography.Title
          level={2}
          style={{ margin: 0, fontSize: 16 }}
          ellipsis={{ tooltip: true }}
        >
          {opportunity.title}
        </Typography.Title>
      }
      extra={<RowActions actions={actions(opportunity)} />}
    >
      <Flex vertical gap={16}>
        <OpportunitySummary opportunity={opportunity} />
        <section aria-label="需求描述">
          <Typography.Title level={3} style={{ fontSize: 14 }}>
            需求描述
          </Typography.Title>
          <Typography.Paragraph style={{ margin: 0, whiteSpace: "pre-wrap" }}>
            {orDash(description)}
          </Typography.Paragraph>
        </section>
        <section aria-label="回复">
          <Typography.Title level={3} style={{ fontSize: 14 }}>
            回复（{replies.length}）
          </Typography.Title>
          <ReplyThread replies={replies} />
        </section>
        {mayReply ? (
          <section aria-label="平台回复">
            <ReplyForm id={opportunity.id} />
          </section>
        ) : null}
      </Flex>
    </Card>
  );
}
