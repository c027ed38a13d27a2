/**
 * 用户详情 (`?id=`, tab in `?tab=`): 基本信息 (the member's profile and 操作记录, where a ban's reason
 * shows), 询价与商机 (their inquiries and purchase opportunities) and 邀请记录 (whom they invited,
 * with a link to 邀请管理 filtered to them). The header offers what the `member` lifecycle allows.
 */
import { UserOutlined } from "@ant-design/icons";
import { Avatar, Card, Descriptions, Empty, Flex, Table, Tabs } from "antd";
import { useSearchParams } from "react-router";
import { ops, type MemberDetail as Detail, type MemberRow } from "@/lib/generated/ops";
import { cellNode, tableColumns, type ColumnSpec } from "@/kit/columns";
import { DetailPage, useIdParam } from "@/kit/DetailPage";
import { HistoryTimeline } from "@/kit/HistoryTimeline";
import { PageLink } from "@/kit/links";
import { useOpQuery } from "@/kit/queries";
import { RowActions } from "@/kit/RowActions";
import { StatusTag, stateFor } from "@/kit/StatusTag";
import { MEMBER_COLUMNS } from "@/features/member/columns";
import {
  INQUIRY_COLUMNS,
  INVITATION_COLUMNS,
  OPPORTUNITY_COLUMNS,
} from "@/features/member/detailColumns";
import { useMemberMoves } from "@/features/member/moves";

const TABS = ["basic", "trade", "invitations"] as const;
type Tab = (typeof TABS)[number];

/** A short table of the member's records, ten to a page. */
function RecordTable<T extends { id: number }>({
  rows,
  columns,
  noun,
}: {
  rows: readonly T[];
  columns: readonly ColumnSpec<T>[];
  noun: string;
}) {
  return (
    <Table<T>
      className="kit-list-table"
      rowKey="id"
      size="small"
      columns={tableColumns(columns)}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条` }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${noun}`} />,
      }}
    />
  );
}

function Basic({ member }: { member: MemberRow }) {
  return (
    <Flex vertical gap={16}>
      <Card title="基本信息">
        <Flex gap={24} align="flex-start" wrap>
          <Avatar
            size={64}
            src={member.avatarUrl ?? undefined}
            icon={<UserOutlined />}
            alt={`${member.nickname}的头像`}
          />
          <Descriptions
            style={{ flex: 1, minWidth: 320 }}
            column={{ xs: 1, md: 2, xl: 3 }}
            size="small"
            items={MEMBER_COLUMNS.map((spec) => ({
              key: spec.key,
              label: spec.title,
              children: spec.key === "nickname" ? member.nickname : cellNode(spec, member),
            }))}
          />
        </Flex>
      </Card>
      <Card title="操作记录">
        <HistoryTimeline entity="member" id={member.id} />
      </Card>
    </Flex>
  );
}

function Trade({ detail }: { detail: Detail }) {
  return (
    <Flex vertical gap={16}>
      <Card title={`询价单（${detail.inquiries.length}）`}>
        <RecordTable rows={detail.inquiries} columns={INQUIRY_COLUMNS} noun="询价单" />
      </Card>
      <Card title={`采购商机（${detail.opportunities.length}）`}>
        <RecordTable rows={detail.opportunities} columns={OPPORTUNITY_COLUMNS} noun="采购商机" />
      </Card>
    </Flex>
  );
}

function Invitations({ detail }: { detail: Detail }) {
  return (
    <Card
      title={`邀请记录（${detail.invitations.length}）`}
      extra={
        <PageLink page="invitationList" query={{ inviterId: detail.member.id }}>
          在邀请管理中查看
        </PageLink>
      }
    >
      <RecordTable rows={detail.invitations} columns={INVITATION_COLUMNS} noun="邀请记录" />
    </Card>
  );
}

export function MemberDetail() {
  const id = useIdParam();
  const query = useOpQuery(ops.member.detail, { id: id ?? 0 }, { enabled: id !== undefined });
  const moves = useMemberMoves();
  const [params, setParams] = useSearchParams();
  const asked = params.get("tab");
  const tab: Tab = TABS.find((t) => t === asked) ?? "basic";
  const detail = query.data;
  const member = detail?.member;

  return (
    <DetailPage
      noun="用户"
      backTo="memberList"
      id={id}
      query={query}
      title={member?.nickname}
      tags={member ? <StatusTag state={stateFor("member", member.status)} /> : null}
      extra={member ? <RowActions actions={moves.actions(member)} /> : null}
    >
      {detail ? (
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            setParams(
              (current) => {
                const next = new URLSearchParams(current);
                if (key === "basic") next.delete("tab");
                else next.set("tab", key);
                return next;
              },
              { replace: true },
            )
          }
          items={[
            { key: "basic", label: "基本信息", children: <Basic member={detail.member} /> },
            { key: "trade", label: "询价与商机", children: <Trade detail={detail} /> },
            { key: "invitations", label: "邀请记录", children: <Invitations detail={detail} /> },
          ]}
        />
      ) : null}
    </DetailPage>
  );
}
