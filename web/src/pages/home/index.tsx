/** 首页: a welcome line, the platform's KPI cards and the review queues waiting for work. */
import { Space, Typography } from "antd";
import { useState } from "react";
import { KpiCards } from "@/features/dashboard/KpiCards";
import { TodoList, type Queue } from "@/features/dashboard/TodoList";
import { REVIEW_QUEUE_PATH as OPPORTUNITY_QUEUE_PATH } from "@/features/opportunity/queue";
import { REVIEW_QUEUE_PATH } from "@/features/shop/queue";
import { formatTimestamp } from "@/lib/core";
import { useSessionStore } from "@/stores/session";

/** Each queue opens its screen filtered to what waits (the screens' own URL keys). */
const QUEUES: readonly Queue[] = [
  { key: "pendingShops", title: "待审核店铺", unit: "家", to: REVIEW_QUEUE_PATH },
  {
    key: "pendingOpportunities",
    title: "待审核商机",
    unit: "条",
    to: OPPORTUNITY_QUEUE_PATH,
  },
];

export default function HomePage() {
  const nickname = useSessionStore((s) => s.nickname);
  const [now] = useState(() => Date.now());
  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {nickname}，欢迎回来
        </Typography.Title>
        <Typography.Text type="secondary">当前时间 {formatTimestamp(now)}</Typography.Text>
      </div>
      <KpiCards />
      <TodoList queues={QUEUES} />
    </Space>
  );
}
