/**
 * Review by keyboard (product.md, "The workspace"), for a review queue's ListTable: ↑/↓ or j/k move
 * between rows, Enter opens the record, `a` approves and `r` presses the row's own 驳回 — so the
 * reason dialog the lifecycle declares is the one that comes — and once the row has left the
 * queue the next one has focus; `?` lists the keys. The keys work as soon as focus is in the queue
 * (a row, a checkbox, the table), and a visible hint says so. One row at a time is in the tab
 * order (a roving tabindex); each row tells a screen reader the keys.
 *
 * `a` is undoable, as refine's undoable mode: the row shows 已通过 and focus moves on, a message
 * offers 撤销 for 5 s, and only then is the decision sent. Another decision, 撤销's opposite
 * (pressing on), or leaving the queue sends it at once.
 *
 * A user who may not make the decision (按钮权限: no 审核) gets neither key: `a` finds no 通过 they
 * may call, `r` no 驳回 button (hidden), and the hint and the list of keys leave both out.
 */
import { App, Button, Modal, Tag, Typography } from "antd";
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";
import { useMay } from "@/kit/access";
import type { RowAction } from "@/kit/RowActions";

/** The lifecycle action `a` approves with, and the one `r` presses. */
const APPROVE = "通过";
const REJECT = "驳回";
/** How long 撤销 is offered before an approval is sent. */
export const UNDO_MS = 5_000;

/** What the keys do, as `?` lists them; `decides`: a decision, for those who may make it. */
export const REVIEW_SHORTCUTS: readonly { keys: string; does: string; decides?: true }[] = [
  { keys: "↓ 或 j", does: "下一条" },
  { keys: "↑ 或 k", does: "上一条" },
  { keys: "Enter", does: "打开详情" },
  { keys: "a", does: "通过（5 秒内可撤销）", decides: true },
  { keys: "r", does: "驳回（填写原因）", decides: true },
  { keys: "?", does: "快捷键说明" },
];

const HINT = "按 ↑↓ 或 j k 移动，Enter 打开详情，a 通过，r 驳回，? 查看快捷键";
const VIEW_HINT = "按 ↑↓ 或 j k 移动，Enter 打开详情，? 查看快捷键";

export interface Review<T> {
  /** Opens the record (its detail page or drawer). */
  open: (row: T) => void;
  /** The row's lifecycle actions: `a` runs its 通过 (undoable). */
  actions: (row: T) => readonly RowAction[];
  /** The record's name, for 已通过「…」. */
  name: (row: T) => string;
}

interface Pressed {
  key: string;
  index: number;
}

/** An approval waiting out its 撤销. */
interface Held {
  key: string;
  send: () => void;
  timer: ReturnType<typeof setTimeout>;
}

/** The rows of the table in `container`, in order. */
function rowsIn(container: HTMLElement | null): HTMLTableRowElement[] {
  return [...(container?.querySelectorAll<HTMLTableRowElement>("tbody > tr[data-row-key]") ?? [])];
}

/** The row's button for `label` (antd spaces two Chinese characters: 驳 回). */
function button(row: HTMLElement, label: string): HTMLButtonElement | undefined {
  return [...row.querySelectorAll("button")].find(
    (b) => b.textContent.replace(/\s/g, "") === label,
  );
}

export function useReviewKeys<T extends object>(
  review: Review<T> | undefined,
  rows: readonly T[] | undefined,
  rowKey: keyof T & string,
  container: RefObject<HTMLElement | null>,
): {
  onRow?: (row: T, index?: number) => HTMLAttributes<HTMLElement>;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  help: ReactNode;
} {
  const hint = useId();
  const may = useMay();
  const { message } = App.useApp();
  const [current, setCurrent] = useState<string>();
  const [helpOpen, setHelpOpen] = useState(false);
  const [heldKey, setHeldKey] = useState<string>();
  const pressed = useRef<Pressed>(undefined);
  const held = useRef<Held>(undefined);

  /** Sends the approval waiting out its 撤销, now. */
  const flush = useCallback(() => {
    const waiting = held.current;
    if (!waiting) return;
    held.current = undefined;
    clearTimeout(waiting.timer);
    message.destroy(waiting.key);
    setHeldKey(undefined);
    waiting.send();
  }, [message]);

  // Leaving the queue (another page, a hidden tab) sends what waits.
  useEffect(() => flush, [flush]);

  // The rows changed after a key pressed 驳回: if that row has left the queue, the one now in its
  // place (the next) takes focus — unless the operator has gone elsewhere meanwhile. Either way
  // the press is spent (a cancelled 驳回 leaves nothing to follow).
  useEffect(() => {
    const was = pressed.current;
    if (!was || !rows) return;
    pressed.current = undefined;
    if (rows.some((row) => String(row[rowKey]) === was.key)) return;
    const active = document.activeElement;
    const inPlace = !active || active === document.body || container.current?.contains(active);
    if (!inPlace) return;
    const all = rowsIn(container.current);
    all[Math.min(was.index, all.length - 1)]?.focus();
  }, [rows, rowKey, container]);

  if (!review) return { help: null };
  const keys = rows?.map((row) => String(row[rowKey])) ?? [];
  const tabbable = current !== undefined && keys.includes(current) ? current : keys[0];
  /** The row's decision `label` (通过, 驳回), when the user may make it. */
  const decision = (row: T, label: string) =>
    review.actions(row).find((a) => a.label === label && may(a.op));
  // The keys for decisions are offered while some row takes one from this user.
  const decides = rows?.some((row) => decision(row, APPROVE) ?? decision(row, REJECT)) ?? false;
  const shortcuts = REVIEW_SHORTCUTS.filter((shortcut) => decides || !shortcut.decides);

  function approve(row: T, tr: HTMLTableRowElement, index: number) {
    const action = decision(row, APPROVE);
    if (!action) return;
    flush();
    const key = String(row[rowKey]);
    const name = review?.name(row) ?? key;
    const send = () => void action.run();
    const undo = () => {
      if (held.current?.key !== key) return;
      clearTimeout(held.current.timer);
      held.current = undefined;
      message.destroy(key);
      setHeldKey(undefined);
      tr.focus();
    };
    held.current = { key, send, timer: setTimeout(flush, UNDO_MS) };
    setHeldKey(key);
    void message.open({
      key,
      type: "success",
      duration: UNDO_MS / 1000,
      content: (
        <span>
          已通过「{name}」 ·{" "}
          <Button type="link" size="small" onClick={undo} style={{ padding: 0 }}>
            撤销
          </Button>
        </span>
      ),
    });
    // On to the next row, as after any decision.
    rowsIn(container.current)[index + 1]?.focus();
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const all = rowsIn(container.current);
    const target = event.target as HTMLElement;
    const tr = all.find((row) => row === target);
    // Typing in a field inside the queue (a dialog's reason) is not a shortcut.
    if (!tr && target.closest("input:not([type=checkbox]), textarea, [role=dialog]")) return;
    const index = tr ? all.indexOf(tr) : -1;
    const row = tr ? rows?.[index] : undefined;
    if (event.key === "?") setHelpOpen(true);
    else if (event.key === "ArrowDown" || event.key === "j") (all[index + 1] ?? all[0])?.focus();
    else if (event.key === "ArrowUp" || event.key === "k") all[Math.max(index - 1, 0)]?.focus();
    else if (!tr || !row) return;
    else if (event.key === "Enter") review.open(row);
    else if (event.key === "a") approve(row, tr, index);
    else if (event.key === "r") {
      const reject = button(tr, REJECT);
      if (!reject) return;
      flush();
      pressed.current = { key: String(row[rowKey]), index };
      reject.click();
    } else return;
    event.preventDefault();
  };

  return {
    onRow: (row) => {
      const key = String(row[rowKey]);
      return {
        tabIndex: key === tabbable ? 0 : -1,
        "aria-describedby": hint,
        className: key === heldKey ? "kit-review-held" : undefined,
        onFocus: (event) => {
          if (event.target === event.currentTarget) setCurrent(key);
        },
      };
    },
    onKeyDown,
    help: (
      <>
        <span id={hint} hidden>
          {decides ? HINT : VIEW_HINT}
        </span>
        {/* A phone has no keys to press: the hint is for wider screens. */}
        <Typography.Text
          type="secondary"
          className="narrow-hidden"
          style={{ display: "block", marginBottom: 8 }}
        >
          可用键盘审核：
          <Button type="link" size="small" onClick={() => setHelpOpen(true)} style={{ padding: 0 }}>
            按 <Typography.Text keyboard>?</Typography.Text> 查看快捷键
          </Button>
          {heldKey !== undefined ? (
            <Tag color="success" style={{ marginInlineStart: 8 }}>
              已通过，5 秒内可撤销
            </Tag>
          ) : null}
        </Typography.Text>
        <Modal
          title="快捷键"
          open={helpOpen}
          onCancel={() => setHelpOpen(false)}
          footer={null}
          destroyOnHidden
        >
          <dl className="kit-shortcuts">
            {shortcuts.map(({ keys, does }) => (
              <div key={keys} style={{ display: "flex", gap: 16, marginBottom: 8 }}>
                <dt style={{ minWidth: 96 }}>
                  <Typography.Text keyboard>{keys}</Typography.Text>
                </dt>
                <dd style={{ margin: 0 }}>{does}</dd>
              </div>
            ))}
          </dl>
        </Modal>
      </>
    ),
  };
}
