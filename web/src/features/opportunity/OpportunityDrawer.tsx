/**
 * One opportunity in a drawer (`opportunity.detail`, read fresh): its entries from the lists' own
 * column specs with the category's whole path, the buyer's description, the buyer, the reply
 * thread, 操作记录 (for whoever may open 商机查看, whose owners read an opportunity's timeline), and
 * the moves the screen offers.
 */
import { ListError } from "@/kit/ListError";
import { Card, Descriptions, Flex, Skeleton, Typography } from "antd";
import type { ReactNode } from "react";

import { ops, type OpportunityRow } from "@/lib/generated/ops";
import { cellNode } from "@/kit/columns";
import { HistoryTimeline } from "@/kit/HistoryTimeline";
import { useHref } from "@/kit/links";
import { MemberCard } from "@/kit/MemberCard";
import { ScrollDrawer } from "@/kit/ScrollDrawer";
import { useOpQuery } from "@/kit/queries";
import { orDash } from "@/kit/text";
import { useCategoryPath } from "@/features/opportunity/categoryPath";
import { DETAIL_COLUMNS } from "@/features/opportunity/columns";
import { ReplyThread } from "@/features/opportunity/ReplyThread";

/** The opportunity's entries, the category as its whole path. */
export function OpportunitySummary({ opportunity }: { opportunity: OpportunityRow }) {
  const path = useCategoryPath(opportunity.categoryId, opportunity.categoryName);
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      items={DETAIL_COLUMNS.map((spec) => ({
        key: spec.key,
        label: spec.title,
        children: spec.key === "categoryName" ? path : cellNode(spec, opportunity),
      }))}
    />
  );
}

/** Whether the user's menu opens 商机查看 (whose owners may read an opportunity's timeline). */
function useMayInspect(): boolean {
  return useHref()("opportunityInspect") !== undefined;
}

export interface OpportunityDrawerProps {
  /** The opportunity shown; the drawer is closed without one. */
  id: number | undefined;
  onClose: () => void;
  /** The moves the screen offers for it, as it is now. */
  actions?: (opportunity: OpportunityRow) => ReactNode;
}

export function OpportunityDrawer({ id, onClose, actions }: OpportunityDrawerProps) {
  return (
    <ScrollDrawer title={id === undefined ? undefined : `商机 #${id}`} size={600} onClose={onClose}>
      {id === undefined ? null : <Body id={id} actions={actions} />}
    </ScrollDrawer>
  );
}

function Body({ id, actions }: { id: number; actions?: OpportunityDrawerProps["actions"] }) {
  const detail = useOpQuery(ops.opportunity.detail, { id });
  const mayInspect = useMayInspect();
  if (detail.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (detail.isError)
    return (
      <ListError title="商机加载失败" error={detail.error} onRetry={() => void detail.refetch()} />
    );
  const { opportunity, description, buyer, replies } = detail.data;
  return (
    <Flex vertical gap={16}>
      {actions ? <Flex justify="flex-end">{actions(opportunity)}</Flex> : null}
      <OpportunitySummary opportunity={opportunity} />
      <Card title="需求描述" size="small">
        <Typography.Paragraph style={{ margin: 0, whiteSpace: "pre-wrap" }}>
          {orDash(description)}
        </Typography.Paragraph>
      </Card>
      <MemberCard title="采购商" member={buyer} />
      <Card title={`回复（${replies.length}）`} size="small">
        <ReplyThread replies={replies} />
      </Card>
      {mayInspect ? (
        <Card title="操作记录" size="small">
          <HistoryTimeline entity="opportunity" id={opportunity.id} />
        </Card>
      ) : null}
    </Flex>
  );
}
