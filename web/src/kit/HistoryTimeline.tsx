/**
 * 操作记录: a record's timeline of state changes (`history.list`), newest first — who, when,
 * from → to as the core's lifecycle names the states, and the reason given.
 */
import { ListError } from "@/kit/ListError";
import { Empty, Skeleton, Timeline, Typography } from "antd";
import { formatTimestamp, type Entity } from "@/lib/core";
import { ops, type HistoryEntry } from "@/lib/generated/ops";
import { useOpQuery } from "@/kit/queries";
import { StatusTag, stateFor } from "@/kit/StatusTag";

export interface HistoryTimelineProps {
  /** A lifecycle entity whose records keep a timeline: `shop`, `product`, `member`. */
  entity: Entity;
  id: number;
}

function Change({ entity, entry }: { entity: Entity; entry: HistoryEntry }) {
  const reason = [entry.reasonLabel, entry.reason].filter((part) => part !== "").join("：");
  return (
    <div>
      <Typography.Text strong>{entry.action}</Typography.Text>{" "}
      {entry.fromState ? (
        <>
          <StatusTag state={stateFor(entity, entry.fromState)} />→{" "}
        </>
      ) : null}
      <StatusTag state={stateFor(entity, entry.toState)} />
      <div>
        <Typography.Text type="secondary">
          {entry.operator} · {formatTimestamp(entry.at)}
        </Typography.Text>
      </div>
      {reason ? <div style={{ whiteSpace: "pre-wrap" }}>原因：{reason}</div> : null}
    </div>
  );
}

/**
 * A record's timeline, read quietly: a failure is said in place with 重试 (below), not toasted as
 * well. `DetailPage` starts it with the record's own read, so the two arrive together rather than
 * one after the other.
 */
export function useHistory(entity: Entity, id: number, enabled = true) {
  return useOpQuery(ops.history.list, { entity, id }, { quiet: true, enabled });
}

export function HistoryTimeline({ entity, id }: HistoryTimelineProps) {
  const history = useHistory(entity, id);
  if (history.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (history.isError)
    return (
      <ListError
        title="操作记录加载失败"
        error={history.error}
        onRetry={() => void history.refetch()}
      />
    );
  if (history.data.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作记录" />;
  return (
    <Timeline
      items={history.data.map((entry) => ({
        key: entry.id,
        content: <Change entity={entity} entry={entry} />,
      }))}
    />
  );
}
