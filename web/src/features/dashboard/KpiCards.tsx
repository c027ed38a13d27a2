/** The home page's KPI cards: the platform's figures as the gateway counts them. */
import {
  AuditOutlined,
  FileSearchOutlined,
  MessageOutlined,
  ShopOutlined,
  ShoppingOutlined,
  UserAddOutlined,
} from "@ant-design/icons";
import { Alert, Button, Card, Col, Row, Statistic } from "antd";
import type { ReactNode } from "react";
import { errorInfo } from "@/lib/core";
import { useHomeStats, type HomeStats } from "@/features/dashboard/useHomeStats";

/** The figures (the to-do's queues are listed apart). */
type Figure = Exclude<keyof HomeStats, "todo">;

const KPIS: readonly { key: Figure; title: string; icon: ReactNode }[] = [
  { key: "shops", title: "店铺总数", icon: <ShopOutlined /> },
  { key: "newShopsToday", title: "今日新增店铺", icon: <UserAddOutlined /> },
  { key: "productsOnSale", title: "在售商品", icon: <ShoppingOutlined /> },
  { key: "pendingShops", title: "待审核店铺", icon: <AuditOutlined /> },
  { key: "pendingOpportunities", title: "待审核商机", icon: <FileSearchOutlined /> },
  { key: "inquiriesToday", title: "今日询价", icon: <MessageOutlined /> },
];

export function KpiCards() {
  const { data, error, isPending, refetch } = useHomeStats();
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        title="统计数据加载失败"
        description={errorInfo(error).message}
        action={
          <Button size="small" type="link" onClick={() => void refetch()}>
            重试
          </Button>
        }
      />
    );
  }
  return (
    <Row gutter={[16, 16]}>
      {KPIS.map((kpi) => (
        // Equal shares of the row, wrapping below 180 px: no empty gap whatever the count.
        <Col key={kpi.key} flex="1 1 180px">
          <Card loading={isPending}>
            <Statistic title={kpi.title} value={data?.[kpi.key]} prefix={kpi.icon} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
