/**
 * A table row's actions as links. What cannot be undone asks first (a Popconfirm); a transition
 * the core marks `reason: true` asks why (ReasonDialog); a running action shows as loading.
 */
import { Button, Popconfirm, Space } from "antd";
import { useState } from "react";
import { actions as allowedActions, type Entity } from "@/lib/core";
import { ReasonDialog, type Reason } from "@/kit/ReasonDialog";

export interface RowAction {
  key: string;
  label: string;
  danger?: boolean;
  /** Asked first in a Popconfirm (for what cannot be undone). */
  confirm?: { title: string; description?: string; okText?: string };
  /** Asked first in a ReasonDialog: the reason codes of `reason_<action>`. */
  reason?: { action: string; title: string };
  /** Does it; the link shows as loading until a returned promise settles. */
  run: (reason?: Reason) => unknown;
}

/** 删除: danger, asked first since a delete cannot be undone. */
export function deleteAction(subject: string, run: () => unknown): RowAction {
  return {
    key: "delete",
    label: "删除",
    danger: true,
    confirm: { title: `删除${subject}？`, description: "删除后不可恢复。", okText: "删除" },
    run,
  };
}

/**
 * The actions the core's lifecycle allows from `state` (`actions(entity, state)`), named as the
 * core names them. A `danger` one asks first (`details[to]` adds what it does); one with `reason`
 * asks why, with the codes of `reason_<reasonType>`.
 */
export function transitionActions(
  entity: Entity,
  state: string,
  subject: string,
  run: (to: string, reason?: Reason) => unknown,
  details: Partial<Record<string, string>> = {},
): RowAction[] {
  return allowedActions(entity, state).map((t) => ({
    key: t.action,
    label: t.action,
    danger: t.danger,
    confirm: t.danger
      ? { title: `${t.action}${subject}？`, description: details[t.to], okText: t.action }
      : undefined,
    reason: t.reason ? { action: t.reasonType ?? t.to, title: `${t.action}${subject}` } : undefined,
    run: (reason?: Reason) => run(t.to, reason),
  }));
}

export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  const [busy, setBusy] = useState<string>();
  const [asking, setAsking] = useState<RowAction>();

  function start(action: RowAction, reason?: Reason) {
    const running = action.run(reason);
    if (running instanceof Promise) {
      setBusy(action.key);
      void running.finally(() => setBusy(undefined));
    }
  }

  return (
    <Space size={0} wrap={false}>
      {actions.map((action) => {
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
          action={asking.reason.action}
          title={asking.reason.title}
          okText={asking.label}
          onCancel={() => setAsking(undefined)}
          onOk={(reason) => {
            setAsking(undefined);
            start(asking, reason);
          }}
        />
      ) : null}
    </Space>
  );
}
