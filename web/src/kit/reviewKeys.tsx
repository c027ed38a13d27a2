/**
 * Review by keyboard (product.md, "The workspace"), for a review queue's ListTable: ↑/↓ or j/k move
 * between rows, Enter opens the record, `a` and `r` press the row's own 通过 and 驳回 — so the
 * confirmation or the reason dialog the lifecycle declares for them is the one that comes — and
 * once the row has left the queue the next one has focus; `?` lists the keys. One row at a time
 * is in the tab order (a roving tabindex); each row tells a screen reader the keys.
 */
import { Modal, Typography } from "antd";
import {
  useEffect,
  useId,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";

/** The lifecycle's actions the keys press (their labels: 通过, 驳回). */
const PRESS: Record<string, string> = { a: "通过", r: "驳回" };

/** What the keys do, as `?` lists them. */
export const REVIEW_SHORTCUTS: readonly { keys: string; does: string }[] = [
  { keys: "↓ 或 j", does: "下一条" },
  { keys: "↑ 或 k", does: "上一条" },
  { keys: "Enter", does: "打开详情" },
  { keys: "a", does: "通过" },
  { keys: "r", does: "驳回（填写原因）" },
  { keys: "?", does: "快捷键说明" },
];

const HINT = "按 ↑↓ 或 j k 移动，Enter 打开详情，a 通过，r 驳回，? 查看快捷键";

export interface Review<T> {
  /** Opens the record (its detail page or drawer). */
  open: (row: T) => void;
}

interface Pressed {
  key: string;
  index: number;
}

/** The rows of the table in `container`, in order. */
function rowsIn(container: HTMLElement | null): HTMLTableRowElement[] {
  return [...(container?.querySelectorAll<HTMLTableRowElement>("tbody > tr[data-row-key]") ?? [])];
}

/** The row's button for `label` (antd spaces two Chinese characters: 通 过). */
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
): { onRow?: (row: T, index?: number) => HTMLAttributes<HTMLElement>; help: ReactNode } {
  const hint = useId();
  const [current, setCurrent] = useState<string>();
  const [helpOpen, setHelpOpen] = useState(false);
  const pressed = useRef<Pressed>(undefined);

  // The rows changed after a key pressed 通过 or 驳回: if that row has left the queue, the one now
  // in its place (the next) takes focus — unless the operator has gone elsewhere meanwhile.
  // Either way the press is spent (a cancelled 驳回 leaves nothing to follow).
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

  const onKeyDown = (event: KeyboardEvent<HTMLElement>, row: T) => {
    const tr = event.currentTarget;
    if (event.target !== tr || event.altKey || event.ctrlKey || event.metaKey) return;
    const all = rowsIn(container.current);
    const index = all.indexOf(tr as HTMLTableRowElement);
    const label = PRESS[event.key];
    if (event.key === "ArrowDown" || event.key === "j") all[index + 1]?.focus();
    else if (event.key === "ArrowUp" || event.key === "k") all[index - 1]?.focus();
    else if (event.key === "Enter") review.open(row);
    else if (event.key === "?") setHelpOpen(true);
    else if (label) {
      const target = button(tr, label);
      if (!target) return;
      pressed.current = { key: String(row[rowKey]), index };
      target.click();
    } else return;
    event.preventDefault();
  };

  return {
    onRow: (row) => {
      const key = String(row[rowKey]);
      return {
        tabIndex: key === tabbable ? 0 : -1,
        "aria-describedby": hint,
        onFocus: (event) => {
          if (event.target === event.currentTarget) setCurrent(key);
        },
        onKeyDown: (event) => onKeyDown(event, row),
      };
    },
    help: (
      <>
        <span id={hint} hidden>
          {HINT}
        </span>
        <Modal
          title="快捷键"
          open={helpOpen}
          onCancel={() => setHelpOpen(false)}
          footer={null}
          destroyOnHidden
        >
          <dl className="kit-shortcuts">
            {REVIEW_SHORTCUTS.map(({ keys, does }) => (
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
