/** The home page's KPI cards: real figures from the gateway only. */
import {
  ApartmentOutlined,
  AuditOutlined,
  LoginOutlined,
  MenuOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import { Alert, Button, Card, Col, Row, Statistic } from "antd";
import type { ReactNode } from "react";
import { errorInfo } from "@/lib/core";
import { useHomeStats, type HomeStats } from "@/features/dashboard/useHomeStats";

const KPIS: readonly { key: keyof HomeStats; title: string; icon: ReactNode }[] = [
  { key: "sysUsers", title: "系统用户", icon: <TeamOutlined /> },
  { key: "roles", title: "角色", icon: <ApartmentOutlined /> },
  { key: "menus", title: "菜单", icon: <MenuOutlined /> },
  { key: "auditToday", title: "今日操作", icon: <AuditOutlined /> },
  { key: "loginsToday", title: "今日登录", icon: <LoginOutlined /> },
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
        // Equal shares of the row, wrapping below 200 px: no empty gap whatever the count.
        <Col key={kpi.key} flex="1 1 200px">
          <Card loading={isPending}>
            <Statistic title={kpi.title} value={data?.[kpi.key]} prefix={kpi.icon} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
