/** A period (`startAt`–`endAt`, epoch ms) as people read it, in a cell and as text. */
import { Flex, Typography } from "antd";
import { formatTimestamp } from "@/lib/core";

export interface Period {
  startAt: number;
  endAt: number;
}

/** `2026-03-01 10:00:00 至 2026-03-31 10:00:00`: the CSV's and the drawer's text. */
export function periodText(period: Period): string {
  return `${formatTimestamp(period.startAt)} 至 ${formatTimestamp(period.endAt)}`;
}

/** The period on two lines, each kept whole: a date never breaks in its middle. */
export function PeriodCell({ period }: { period: Period }) {
  return (
    <Flex vertical style={{ whiteSpace: "nowrap" }}>
      <span>{formatTimestamp(period.startAt)}</span>
      <Typography.Text type="secondary">至 {formatTimestamp(period.endAt)}</Typography.Text>
    </Flex>
  );
}
