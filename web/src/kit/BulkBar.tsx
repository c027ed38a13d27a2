/**
 * The bar over a list with selected rows (ProTable's footer): 已选择 N 项, the bulk actions and
 * 取消选择. An action runs over every selected row — row by row (`run`), or in one call whose
 * answer has a result per record (`runAll`, e.g. `serverBulk`) — then a dialog lists each row's
 * outcome. An action whose operation the user may not call is not offered (按钮权限).
 */
import { Alert, Button, Flex, List, Modal, Popconfirm, Space, Tag, Typography } from "antd";
import { useState } from "react";
import type { Op } from "@/lib/generated/ops";
import { useAllowed } from "@/kit/access";
import { bulkSummary, runBulk, type BulkAll, type BulkResult, type BulkRun } from "@/kit/bulk";

export type BulkAction<T> = {
  key: string;
  label: string;
  /** The operation each row (or the one call) sends: offered only to a user who may call it. */
  op: Op;
  danger?: boolean;
  /** Asked first (for what cannot be undone). */
  confirm?: string;
  /**
   * After the last row: refreshes what the run's writes make stale, once (the rows were sent
   * quietly): `useWrite(op).refresh` or `useMoves(…).refresh`.
   */
  refresh: () => Promise<unknown>;
} & (
  | { /** Done row by row. */ run: BulkRun<T>; runAll?: undefined }
  | { /** Done for every row in one call. */ runAll: BulkAll<T>; run?: undefined }
);

export interface BulkBarProps<T> {
  selected: readonly T[];
  /** How the summary names a row (its key, its username). */
  rowLabel: (row: T) => string;
  actions: readonly BulkAction<T>[];
  /** After an action ran over the rows and refreshed (clear the selection). */
  onDone: () => void;
  onClear: () => void;
}

const TAG = {
  ok: { color: "success", text: "成功" },
  skipped: { color: "default", text: "跳过" },
  failed: { color: "error", text: "失败" },
} as const;

export function BulkBar<T>({ selected, rowLabel, actions, onDone, onClear }: BulkBarProps<T>) {
  const allowed = useAllowed(actions);
  const [running, setRunning] = useState<string>();
  const [report, setReport] = useState<{ title: string; results: BulkResult[] }>();

  async function start(action: BulkAction<T>) {
    setRunning(action.key);
    const results = action.runAll
      ? await action.runAll(selected, rowLabel)
      : await runBulk(selected, rowLabel, action.run);
    await action.refresh();
    setRunning(undefined);
    setReport({ title: `${action.label}：${bulkSummary(results)}`, results });
    onDone();
  }

  return (
    <>
      {selected.length > 0 ? (
        <Alert
          type="info"
          title={
            <Flex justify="space-between" align="center" wrap gap={8}>
              <Typography.Text>已选择 {selected.length} 项</Typography.Text>
              <Space wrap>
                {allowed.map((action) => {
                  const button = (
                    <Button
                      key={action.key}
                      size="small"
                      danger={action.danger}
                      loading={running === action.key}
                      disabled={running !== undefined && running !== action.key}
                      onClick={action.confirm ? undefined : () => void start(action)}
                    >
                      {action.label}
                    </Button>
                  );
                  return action.confirm ? (
                    <Popconfirm
                      key={action.key}
                      title={action.confirm}
                      okText={action.label}
                      okButtonProps={{ danger: action.danger }}
                      cancelText="取消"
                      onConfirm={() => void start(action)}
                    >
                      {button}
                    </Popconfirm>
                  ) : (
                    button
                  );
                })}
                <Button size="small" type="link" onClick={onClear}>
                  取消选择
                </Button>
              </Space>
            </Flex>
          }
        />
      ) : null}
      <Modal
        open={report !== undefined}
        title={report?.title}
        footer={
          <Button type="primary" onClick={() => setReport(undefined)}>
            知道了
          </Button>
        }
        onCancel={() => setReport(undefined)}
      >
        <List
          size="small"
          aria-label="逐项结果"
          dataSource={report?.results ?? []}
          renderItem={({ label, outcome }) => (
            <List.Item>
              <Space>
                <Tag color={TAG[outcome.status].color}>{TAG[outcome.status].text}</Tag>
                <Typography.Text>{label}</Typography.Text>
                {outcome.status !== "ok" ? (
                  <Typography.Text type="secondary">{outcome.message}</Typography.Text>
                ) : null}
              </Space>
            </List.Item>
          )}
        />
      </Modal>
    </>
  );
}
