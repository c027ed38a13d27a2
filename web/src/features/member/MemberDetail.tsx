/**
 * 用户详情 (`?id=`, tab in `?tab=`): 基本信息 (the member's profile — the phone masked, with
 * 查看完整号码 — and 操作记录, where a ban's reason shows), 询价与商机 (their inquiries and purchase
 * opportunities) and 邀请记录 (whom they invited, with a link to 邀请管理 filtered to them). Each
 * table pages through all of them on the server, ten at a time (the read's default; its page in the URL:
 * `inquiryPage`, `opportunityPage`, `invitationPage`). The header offers what the `member`
 * lifecycle allows.
 */
import { UserOutlined } from "@ant-design/icons";
import { Avatar, Card, Descriptions, Empty, Flex, Table, Tabs } from "antd";
import { useSearchParams } from "react-router";
import {
  ops,
  type MemberDetail as Detail,
  type MemberDetailParams,
  type MemberRow,
  type Page,
} from "@/lib/generated/ops";
import { cellNode, tableColumns, type ColumnSpec } from "@/kit/columns";
import { DetailPage, useIdParam } from "@/kit/DetailPage";
import { HistoryTimeline } from "@/kit/HistoryTimeline";
import { PageLink } from "@/kit/links";
import { PhoneReveal } from "@/kit/PhoneReveal";
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

/** The URL's (and the read's) page parameter of each table. */
const PAGE_KEYS = ["inquiryPage", "opportunityPage", "invitationPage"] as const;
type PageKey = (typeof PAGE_KEYS)[number];

/** A page number from the URL: a positive integer, else the first. */
function pageOf(raw: string | null): number {
  const page = Number(raw);
  return Number.isSafeInteger(page) && page > 0 ? page : 1;
}

/** One table of the member's records, a page at a time from the server. */
function RecordTable<T extends { id: number }>({
  page,
  columns,
  noun,
  loading,
  onPage,
}: {
  page: Page<T>;
  columns: readonly ColumnSpec<T>[];
  noun: string;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  return (
    <Table<T>
      className="kit-list-table"
      rowKey="id"
      size="small"
      columns={tableColumns(columns)}
      dataSource={page.list}
      loading={loading}
      pagination={{
        current: page.page,
        pageSize: page.pageSize,
        total: page.total,
        hideOnSinglePage: true,
        showSizeChanger: false,
        showTotal: (n) => `共 ${n} 条`,
        onChange: onPage,
      }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${noun}`} />,
      }}
    />
  );
}

interface Paging {
  loading: boolean;
  setPage: (key: PageKey, page: number) => void;
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
              children:
                spec.key === "nickname" ? (
                  member.nickname
                ) : spec.key === "phone" ? (
                  <PhoneReveal entity="member" id={member.id} masked={member.phone} />
                ) : (
                  cellNode(spec, member)
                ),
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

function Trade({ detail, paging }: { detail: Detail; paging: Paging }) {
  return (
    <Flex vertical gap={16}>
      <Card title={`询价单（${detail.inquiries.total}）`}>
        <RecordTable
          page={detail.inquiries}
          columns={INQUIRY_COLUMNS}
          noun="询价单"
          loading={paging.loading}
          onPage={(page) => paging.setPage("inquiryPage", page)}
        />
      </Card>
      <Card title={`采购商机（${detail.opportunities.total}）`}>
        <RecordTable
          page={detail.opportunities}
          columns={OPPORTUNITY_COLUMNS}
          noun="采购商机"
          loading={paging.loading}
          onPage={(page) => paging.setPage("opportunityPage", page)}
        />
      </Card>
    </Flex>
  );
}

function Invitations({ detail, paging }: { detail: Detail; paging: Paging }) {
  return (
    <Card
      title={`邀请记录（${detail.invitations.total}）`}
      extra={
        <PageLink page="invitationList" query={{ inviterId: detail.member.id }}>
          在邀请管理中查看
        </PageLink>
      }
    >
      <RecordTable
        page={detail.invitations}
        columns={INVITATION_COLUMNS}
        noun="邀请记录"
        loading={paging.loading}
        onPage={(page) => paging.setPage("invitationPage", page)}
      />
    </Card>
  );
}

export function MemberDetail() {
  const id = useIdParam();
  const [params, setParams] = useSearchParams();
  const read: MemberDetailParams = { id: id ?? 0 };
  for (const key of PAGE_KEYS) {
    const page = pageOf(params.get(key));
    // The first page is the read's default: a plain link and page 1 share one read.
    if (page > 1) read[key] = page;
  }
  // Another page keeps this one on screen while it loads; another member does not.
  const query = useOpQuery(ops.member.detail, read, {
    enabled: id !== undefined,
    keepPrevious: true,
  });
  const moves = useMemberMoves();
  const asked = params.get("tab");
  const tab: Tab = TABS.find((t) => t === asked) ?? "basic";
  const detail = query.data?.member.id === id ? query.data : undefined;
  const member = detail?.member;
  const shown = { ...query, isPending: query.isPending || (query.isSuccess && !detail) };

  const change = (edit: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        edit(next);
        return next;
      },
      { replace: true },
    );
  const paging: Paging = {
    loading: query.isPlaceholderData,
    setPage: (key, page) =>
      change((next) => {
        if (page > 1) next.set(key, String(page));
        else next.delete(key);
      }),
  };

  return (
    <DetailPage
      history="member"
      noun="用户"
      backTo="memberList"
      id={id}
      query={shown}
      title={member?.nickname}
      tags={member ? <StatusTag state={stateFor("member", member.status)} /> : null}
      extra={member ? <RowActions actions={moves.actions(member)} /> : null}
    >
      {detail ? (
        <Tabs
          activeKey={tab}
          onChange={(key) =>
            change((next) => {
              if (key === "basic") next.delete("tab");
              else next.set("tab", key);
            })
          }
          items={[
            { key: "basic", label: "基本信息", children: <Basic member={detail.member} /> },
            {
              key: "trade",
              label: "询价与商机",
              children: <Trade detail={detail} paging={paging} />,
            },
            {
              key: "invitations",
              label: "邀请记录",
              children: <Invitations detail={detail} paging={paging} />,
            },
          ]}
        />
      ) : null}
    </DetailPage>
  );
}
