/**
 * A table row's actions as links. What cannot be undone asks first (a Popconfirm); a transition
 * the core marks `reason: true` asks why instead (ReasonDialog, which sends the write and keeps
 * itself open on a refusal); a running action shows as loading. An action whose operation the
 * user may not call is not shown at all (按钮权限, kit/access).
 */
import { Button, Popconfirm, Space, Tooltip } from "antd";
import { useState, type ReactNode } from "react";
import type { Op } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import { ReasonDialog, type Reason } from "@/kit/ReasonDialog";

export interface RowAction {
  key: string;
  label: string;
  /**
   * The operation it calls on the row's record (an existing one: a save edits), or the read it
   * opens (详情): shown only to a user the core lets call it.
   */
  op: Op;
  /** It creates a record through `op` instead (新增下级: a save without an id). */
  creates?: boolean;
  danger?: boolean;
  /** Asked first in a Popconfirm (for what cannot be undone). */
  confirm?: { title: string; description?: ReactNode; okText?: string };
  /**
   * Asked first in a ReasonDialog (codes of `reason_<reasonType>`); `run` then gets the reason and
   * must reject with the gateway's error (`useWrite(op).send`) so the dialog can show it.
   */
  reason?: { reasonType: string; title: string; extra?: ReactNode };
  /** Does it; the link shows as loading until a returned promise settles. */
  run: (reason?: Reason) => unknown;
  /** After a reason action's write succeeded (refresh, toast). */
  done?: () => void;
  /**
   * Not open to this row, and why, in the core's words (不能停用当前登录的用户): the link shows
   * disabled, and hovering it says why.
   */
  refused?: string;
}

/**
 * 删除 through `op`: danger, asked first since a delete cannot be undone; `refused` where it is
 * not open.
 */
export function deleteAction(
  op: Op,
  subject: string,
  run: () => unknown,
  refused?: string,
): RowAction {
  return {
    key: "delete",
    label: "删除",
    op,
    danger: true,
    confirm: { title: `删除${subject}？`, description: "删除后不可恢复。", okText: "删除" },
    run,
    refused,
  };
}

export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  const may = useMay();
  const [busy, setBusy] = useState<string>();
  const [asking, setAsking] = useState<RowAction>();
  const shown = actions.filter((action) => may(action.op, action.creates));
  if (shown.length === 0 && asking === undefined) return null;

  function start(action: RowAction, reason?: Reason) {
    const running = action.run(reason);
    if (running instanceof Promise) {
      setBusy(action.key);
      void running.finally(() => setBusy(undefined));
    }
  }

  return (
    <Space size={0} wrap={false}>
      {shown.map((action) => {
        // A disabled button gets no pointer events, so the span is what the tooltip hears.
        if (action.refused)
          return (
            <Tooltip key={action.key} title={action.refused}>
              <span className="kit-refused">
                <Button type="link" size="small" danger={action.danger} disabled>
                  {action.label}
                </Button>
              </span>
            </Tooltip>
          );
        const link = (
          <Button
            key={action.key}
            type="link"
            size="small"
            danger={action.danger}
            loading={busy === action.key}
            onClick={
              action.confirm ? undefined : () => (action.reason ? setAsking(action) : start(action))
            }
          >
            {action.label}
          </Button>
        );
        return action.confirm ? (
          <Popconfirm
            key={action.key}
            title={action.confirm.title}
            description={action.confirm.description}
            okText={action.confirm.okText ?? action.label}
            okButtonProps={{ danger: action.danger }}
            cancelText="取消"
            onConfirm={() => (action.reason ? setAsking(action) : start(action))}
          >
            {link}
          </Popconfirm>
        ) : (
          link
        );
      })}
      {asking?.reason ? (
        <ReasonDialog
          reasonType={asking.reason.reasonType}
          title={asking.reason.title}
          okText={asking.label}
          extra={asking.reason.extra}
          onCancel={() => setAsking(undefined)}
          submit={async (reason) => {
            await asking.run(reason);
          }}
          onDone={() => {
            setAsking(undefined);
            asking.done?.();
          }}
        />
      ) : null}
    </Space>
  );
}
