/**
 * Drafts that survive (issue 20): what is typed in a create or edit dialog, a reason or a reply is
 * written to the browser as it is typed, per user and per form and record. When the session
 * expires mid-edit the core sends the operator to sign in and back to the page; the form, opened
 * again, offers 恢复 or 丢弃. A successful submit removes the draft; another user signing in on
 * the same browser never sees it; drafts older than the core's `draftDays` are dropped.
 *
 * Only plain values are kept (text, numbers, choices): a picked date or an uploaded file would not
 * come back as the control expects it, and is left for the operator to pick again.
 */
import { Alert, Button, Space, type FormInstance } from "antd";
import { useCallback, useState } from "react";
import { constants, formatTimestamp, getUserInfo } from "@/lib/core";

const STORAGE_KEY = "adnur-admin.drafts";
const DAY_MS = 24 * 60 * 60 * 1000;

type Plain = string | number | boolean | null;
type DraftValues = Record<string, Plain | Plain[]>;

interface Draft {
  values: DraftValues;
  savedAt: number;
}

/** Every stored draft, those past their days dropped. */
function readAll(): Map<string, Draft> {
  let all: Record<string, Draft> = {};
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "{}");
    if (parsed && typeof parsed === "object") all = parsed as Record<string, Draft>;
  } catch {
    // A broken entry is no draft.
  }
  const oldest = Date.now() - constants().draftDays * DAY_MS;
  return new Map(
    Object.entries(all).filter(([, d]) => typeof d.savedAt === "number" && d.savedAt >= oldest),
  );
}

function writeAll(all: Map<string, Draft>) {
  try {
    if (all.size === 0) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(all)));
  } catch {
    // Storage full or refused: the form works on without a draft.
  }
}

const isPlain = (v: unknown): v is Plain =>
  v === null || ["string", "number", "boolean"].includes(typeof v);

/** The plain, non-empty values of `values`. */
function plainValues(values: object): DraftValues {
  const kept: DraftValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === "" || value === undefined) continue;
    if (isPlain(value) || (Array.isArray(value) && value.every(isPlain))) kept[key] = value;
  }
  return kept;
}

export interface DraftState {
  /** A draft from before this form was opened, until it is restored or discarded. */
  offered: Draft | undefined;
  /** The form's values changed: written as the draft. */
  keep: (values: object) => void;
  /** Submitted: the draft goes. */
  clear: () => void;
  restore: () => void;
  discard: () => void;
}

/**
 * The draft of form `form` under `name` (the form and its record: `reply:41`, `sysUserForm:7`).
 * `initial` is what the form opens with: a draft equal to it is no draft.
 */
export function useDraft(form: FormInstance, name: string, initial: object = {}): DraftState {
  const key = `${getUserInfo()?.id ?? ""}:${name}`;
  const [offered, setOffered] = useState<Draft | undefined>(() => {
    const draft = readAll().get(key);
    if (!draft) return undefined;
    const same = JSON.stringify(draft.values) === JSON.stringify(plainValues(initial));
    return same ? undefined : draft;
  });
  const keep = useCallback(
    (values: object) => {
      setOffered(undefined);
      const all = readAll();
      const kept = plainValues(values);
      if (Object.keys(kept).length === 0) all.delete(key);
      else all.set(key, { values: kept, savedAt: Date.now() });
      writeAll(all);
    },
    [key],
  );
  const clear = useCallback(() => {
    const all = readAll();
    all.delete(key);
    writeAll(all);
    setOffered(undefined);
  }, [key]);
  const restore = useCallback(() => {
    if (offered) form.setFieldsValue(offered.values);
    setOffered(undefined);
  }, [form, offered]);
  return { offered, keep, clear, restore, discard: clear };
}

/** The offer of a draft above a form: when it was typed, 恢复 and 丢弃. */
export function DraftOffer({ draft }: { draft: DraftState }) {
  if (!draft.offered) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={`有 ${formatTimestamp(draft.offered.savedAt)} 未提交的内容`}
      action={
        <Space>
          <Button size="small" type="primary" onClick={draft.restore}>
            恢复
          </Button>
          <Button size="small" onClick={draft.discard}>
            丢弃
          </Button>
        </Space>
      }
    />
  );
}
