/**
 * How long a record has waited in a review queue (待审核 shops, opportunities), and whether it is
 * overdue: past the core's `reviewOverdueMs` (24 h) the cell says so in words and with an icon,
 * not by colour alone. The time moves on while the page stays open.
 */
import { ClockCircleOutlined } from "@ant-design/icons";
import { Space, Tag, Typography } from "antd";
import { useSyncExternalStore } from "react";
import { constants, isReviewOverdue, waitingText as coreWaitingText } from "@/lib/core";

const OVERDUE_MS = constants().reviewOverdueMs;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The overdue mark's words: `超过24小时`. */
export const OVERDUE_TEXT = `超过${OVERDUE_MS / HOUR}小时`;

/** A wait as people say it (the core's words): `不到1分钟`, `25分钟`, `3小时5分钟`, `2天4小时`. */
export const waitingText = coreWaitingText;

/** Waiting since `since` (epoch ms) is overdue at `now` (the core's rule). */
export const isOverdue = isReviewOverdue;

// One shared clock for every cell: read when the first cell mounts, then every 30 s.
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (timer === undefined) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((notify) => notify());
    }, MINUTE / 2);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The current time, moving on every 30 seconds while a component uses it. */
export function useClock(): number {
  return useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );
}

export function WaitingTime({ since }: { since: number }) {
  const at = useClock();
  const text = waitingText(at - since);
  if (!isOverdue(since, at)) return <span style={{ whiteSpace: "nowrap" }}>{text}</span>;
  return (
    <Space size={4} wrap={false}>
      <Typography.Text strong type="danger" style={{ whiteSpace: "nowrap" }}>
        {text}
      </Typography.Text>
      <Tag color="error" icon={<ClockCircleOutlined />}>
        {OVERDUE_TEXT}
      </Tag>
    </Space>
  );
}
