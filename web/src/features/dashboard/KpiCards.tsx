/**
 * The home page's KPI cards: the platform's figures as the gateway counts them, each a link to
 * the list it counts (for those who may open it).
 */
import { ListError } from "@/kit/ListError";
import {
  AuditOutlined,
  FileSearchOutlined,
  MessageOutlined,
  ShopOutlined,
  ShoppingOutlined,
  UserAddOutlined,
} from "@ant-design/icons";
import { Card, Col, Row, Statistic } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { useHref, type PageName, type PageQuery } from "@/kit/links";
import { useHomeStats, type HomeStats } from "@/features/dashboard/useHomeStats";

/** The figures (the to-do's queues are listed apart). */
type Figure = Exclude<keyof HomeStats, "todo">;

const NEWEST = { sortField: "createdAt", sortOrder: "descend" } as const;

const KPIS: readonly {
  key: Figure;
  title: string;
  icon: ReactNode;
  page: PageName;
  query?: PageQuery;
}[] = [
  { key: "shops", title: "店铺总数", icon: <ShopOutlined aria-hidden />, page: "shopList" },
  {
    key: "newShopsToday",
    title: "今日新增店铺",
    icon: <UserAddOutlined aria-hidden />,
    page: "shopList",
    query: NEWEST,
  },
  {
    key: "productsOnSale",
    title: "在售商品",
    icon: <ShoppingOutlined aria-hidden />,
    page: "productList",
    query: { status: "onSale" },
  },
  {
    key: "pendingShops",
    title: "待审核店铺",
    icon: <AuditOutlined aria-hidden />,
    page: "shopList",
    query: { status: "pending" },
  },
  {
    key: "pendingOpportunities",
    title: "待审核商机",
    icon: <FileSearchOutlined aria-hidden />,
    page: "opportunityReview",
  },
  {
    key: "inquiriesToday",
    title: "今日询价",
    icon: <MessageOutlined aria-hidden />,
    page: "inquiryList",
    query: NEWEST,
  },
];

export function KpiCards() {
  const { data, error, isPending, refetch } = useHomeStats();
  const href = useHref();
  if (error) {
    return <ListError title="统计数据加载失败" error={error} onRetry={() => void refetch()} />;
  }
  return (
    <Row gutter={[16, 16]}>
      {KPIS.map((kpi) => {
        const to = href(kpi.page, kpi.query);
        const card = (
          <Card loading={isPending} hoverable={to !== undefined}>
            <Statistic title={kpi.title} value={data?.[kpi.key]} prefix={kpi.icon} />
          </Card>
        );
        return (
          // Equal shares of the row, wrapping below 180 px: no empty gap whatever the count.
          <Col key={kpi.key} flex="1 1 180px">
            {to === undefined ? card : <Link to={to}>{card}</Link>}
          </Col>
        );
      })}
    </Row>
  );
}
