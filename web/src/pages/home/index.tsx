/** 首页: a welcome line, the platform's KPI cards and the queues of work this user may act on. */
import { Space, Typography } from "antd";
import { useState } from "react";
import { KpiCards } from "@/features/dashboard/KpiCards";
import { TodoList } from "@/features/dashboard/TodoList";
import { formatTimestamp } from "@/lib/core";
import { useSessionStore } from "@/stores/session";

export default function HomePage() {
  const nickname = useSessionStore((s) => s.nickname);
  const [now] = useState(() => Date.now());
  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <div>
        <Typography.Title level={2} style={{ marginTop: 0, fontSize: 20 }}>
          {nickname}，欢迎回来
        </Typography.Title>
        <Typography.Text type="secondary">当前时间 {formatTimestamp(now)}</Typography.Text>
      </div>
      <KpiCards />
      <TodoList />
    </Space>
  );
}
