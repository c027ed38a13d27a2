/**
 * 邀请管理: invitations filtered by inviter (picked by nickname or phone), a word of either
 * nickname, part of the code, state and registration period; the totals under the same filters (邀请数, 已开店, 奖励合计) over the paged and sortable
 * table (its view in the URL); 导出 CSV of the filtered invitations.
 */
import { Card, Col, Flex, Row, Statistic } from "antd";
import { formatFen, readId } from "@/lib/core";
import { ops, type InvitationPage, type InvitationRow } from "@/lib/generated/ops";
import { FilterForm } from "@/kit/FilterForm";
import { ListTable } from "@/kit/ListTable";
import { useList } from "@/kit/useList";
import { INVITATION_COLUMNS } from "@/features/invitation/columns";
import { InviterFilter } from "@/features/invitation/InviterFilter";

export function InvitationList() {
  const list = useList(ops.invitation.list, INVITATION_COLUMNS);
  // The list operation answers its page with the totals of the whole filter.
  const totals = (list.result.data as InvitationPage | undefined)?.totals;
  const loading = list.result.isPending;
  // The filtered inviter's name, from their rows: a link names them by id only.
  const inviterId = readId(list.table.query.filters.inviterId);
  const named = list.result.data?.list.find((row) => row.inviterId === inviterId);
  const initial = named ? { id: named.inviterId, name: named.inviterNickname } : undefined;
  const cards = [
    { title: "邀请数", value: totals?.count },
    { title: "已开店", value: totals?.shopOpened },
    { title: "奖励合计", value: totals ? formatFen(totals.rewardFen) : undefined },
  ];

  return (
    <Flex vertical gap={16}>
      <FilterForm
        name="invitationFilter"
        fields={list.fields}
        table={list.table}
        controls={{ inviterId: <InviterFilter initial={initial} /> }}
      />
      <Row gutter={[16, 16]} role="group" aria-label="邀请统计">
        {cards.map((card) => (
          <Col key={card.title} xs={24} sm={8}>
            <Card size="small">
              <Statistic title={card.title} value={card.value ?? "-"} loading={loading} />
            </Card>
          </Col>
        ))}
      </Row>
      <ListTable<InvitationRow> noun="邀请记录" list={list} rowKey="id" exportAs="邀请记录" />
    </Flex>
  );
}
