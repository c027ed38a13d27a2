/** 首页: a welcome line, the platform's KPI cards and the queues of work this user may act on. */
import { Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { KpiCards } from "@/features/dashboard/KpiCards";
import { TodoList } from "@/features/dashboard/TodoList";
import { formatTimestamp } from "@/lib/core";
import { useSessionStore } from "@/stores/session";

/** The time, moving: its own component, so only it draws each second. */
function Clock() {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return <Typography.Text type="secondary">当前时间 {formatTimestamp(now)}</Typography.Text>;
}

export default function HomePage() {
  const nickname = useSessionStore((s) => s.nickname);
  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <div>
        <Typography.Title level={2} style={{ marginTop: 0, fontSize: 20 }}>
          {nickname}，欢迎回来
        </Typography.Title>
        <Clock />
      </div>
      <KpiCards />
      <TodoList />
    </Space>
  );
}
