/** 首页: a welcome line, the platform's KPI cards and the review queues waiting for work. */
import { Space, Typography } from "antd";
import { useState } from "react";
import { KpiCards } from "@/features/dashboard/KpiCards";
import { TodoList, type Queue } from "@/features/dashboard/TodoList";
import { PENDING as PENDING_SHOP, QUEUE_SORT } from "@/features/shop/queue";
import { formatTimestamp } from "@/lib/core";
import { useSessionStore } from "@/stores/session";

/** Each queue opens its screen filtered to what waits (the screens' own URL keys). */
const QUEUES: readonly Queue[] = [
  {
    key: "pendingShops",
    title: "待审核店铺",
    unit: "家",
    page: "shopList",
    query: { status: PENDING_SHOP, sortField: QUEUE_SORT.field, sortOrder: QUEUE_SORT.order },
  },
  { key: "pendingOpportunities", title: "待审核商机", unit: "条", page: "opportunityReview" },
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
