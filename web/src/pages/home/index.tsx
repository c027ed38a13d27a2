/** 首页: a welcome line and the KPI cards the gateway can already count. */
import { Space, Typography } from "antd";
import { useState } from "react";
import { KpiCards } from "@/features/dashboard/KpiCards";
import { formatTimestamp } from "@/lib/core";
import { useSessionStore } from "@/stores/session";

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
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        店铺、商品、审核与商机等业务指标将随对应模块上线后在此展示。
      </Typography.Paragraph>
    </Space>
  );
}
