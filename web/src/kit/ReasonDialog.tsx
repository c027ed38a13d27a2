/**
 * Asks why, before a transition the core marks `reason: true`: a reason code of the transition's
 * `reasonType` (`reason.list`, the 数据字典's enabled `reason_<type>` entries, readable by every
 * role that may act) and a text. The core's `reason` form decides what is required (其他 needs
 * words); its errors show at their fields and what was typed stays. The dialog sends the write
 * itself: a refusal (a stale version, a state that moved meanwhile) shows inside it, and it stays
 * open with what was typed until the write succeeds or the operator cancels. What the dialog shows
 * above the form (`extra`) may hold the confirm button while it loads (`useHoldConfirm`): the
 * operator decides on what the action touches, so it cannot be confirmed unseen.
 */
import { Alert, Form, Modal, Select, type RefSelectProps } from "antd";
import {
  createContext,
  useCallback,
  useContext,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { rules, validate } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { FormField, FormRulesContext } from "@/kit/FormField";
import {
  clearChangedErrors,
  showFieldErrors,
  submitProblem,
  type SubmitProblem,
} from "@/kit/formErrors";
import { useOpQuery } from "@/kit/queries";
import { useHoldsInput } from "@/kit/heldInput";
import { useFormName } from "@/kit/formName";
import { DraftOffer, useDraft } from "@/kit/drafts";
import { useDiscardGuard } from "@/kit/discard";
import { useUnsavedIn } from "@/stores/unsaved";

/** Holds (true) or releases (false) the confirm button on behalf of the part named by the key. */
const HoldContext = createContext<(key: string, held: boolean) => void>(() => undefined);

/**
 * For what a `ReasonDialog` shows above its form: its confirm button waits while `held` (what the
 * action touches is still loading). Outside a dialog it does nothing.
 */
export function useHoldConfirm(held: boolean): void {
  const hold = useContext(HoldContext);
  const key = useId();
  // Before the dialog is painted: a passive effect would let the first frame show the button
  // enabled, and a click in it would be dropped.
  useLayoutEffect(() => {
    hold(key, held);
    return () => hold(key, false);
  }, [hold, key, held]);
}

/** What the operator gave as the reason, named as the writes take it. */
export interface Reason {
  reasonCode: string;
  reason: string;
}

interface ReasonValues {
  reasonCode?: string;
  reason?: string;
}

export interface ReasonDialogProps {
  /** The transition's `reasonType`, e.g. `shop_freeze`. */
  reasonType: string;
  /** The dialog's title, e.g. `冻结店铺 某某`. */
  title: string;
  okText: string;
  /** What the action touches, shown above the form (e.g. a freeze's impact). */
  extra?: ReactNode;
  /** Sends the write; rejects with the gateway's error (`callData`), which the dialog shows. */
  submit: (reason: Reason) => Promise<unknown>;
  /** After the write succeeded (toast, refresh, close). */
  onDone: () => void;
  onCancel: () => void;
}

export function ReasonDialog({
  reasonType,
  title,
  okText,
  extra,
  submit,
  onDone,
  onCancel,
}: ReasonDialogProps) {
  useHoldsInput();
  const [form] = Form.useForm<ReasonValues>();
  const reasonRef = useRef<RefSelectProps>(null);
  const [dirty, setDirty] = useState(false);
  const askDiscard = useDiscardGuard();
  useUnsavedIn(dirty);
  const formName = useFormName(`reason_${reasonType}`);
  const formRules = useMemo(() => rules("reason"), []);
  const fieldNames = useMemo(() => formRules.fields.map((f) => f.field), [formRules]);
  const codes = useOpQuery(ops.reason.list, { type: reasonType });
  const options = (codes.data ?? []).map((entry) => ({ value: entry.key, label: entry.label }));

  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>();
  const [holds, setHolds] = useState<ReadonlySet<string>>(() => new Set());
  const hold = useCallback((key: string, held: boolean) => {
    setHolds((current) => {
      if (current.has(key) === held) return current;
      const next = new Set(current);
      if (held) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const held = holds.size > 0;

  // The reason typed for this action on this record (the title names both).
  const draft = useDraft(form, `reason:${reasonType}:${title}`);

  async function send(values: ReasonValues) {
    if (held) return;
    setProblem(undefined);
    const errors = validate("reason", { ...values });
    if (errors.length > 0) {
      showFieldErrors(form, errors, fieldNames);
      return;
    }
    setSending(true);
    try {
      await submit({ reasonCode: values.reasonCode ?? "", reason: (values.reason ?? "").trim() });
    } catch (error) {
      setProblem(submitProblem(form, error, fieldNames));
      setSending(false);
      return;
    }
    setSending(false);
    draft.clear();
    onDone();
  }

  return (
    <Modal
      open
      title={title}
      okText={okText}
      okButtonProps={{ danger: true, disabled: held }}
      confirmLoading={sending}
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={() =>
        askDiscard(dirty, () => {
          if (dirty) draft.clear();
          onCancel();
        })
      }
      // The reason is what is asked: focus starts there, not on ×.
      afterOpenChange={(opened) => {
        if (opened) reasonRef.current?.focus();
      }}
      destroyOnHidden
    >
      <HoldContext value={hold}>{extra}</HoldContext>
      <DraftOffer draft={draft} />
      {problem ? (
        <Alert
          type={problem.kind === "conflict" ? "warning" : "error"}
          showIcon
          title={problem.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <FormRulesContext value={formRules}>
        <Form<ReasonValues>
          form={form}
          name={formName}
          layout="vertical"
          onFinish={(values) => void send(values)}
          onValuesChange={(changed, all) => {
            clearChangedErrors(form, changed);
            draft.keep(all);
            setDirty(true);
          }}
        >
          <FormField name="reasonCode">
            <Select
              ref={reasonRef}
              options={options}
              loading={codes.isPending}
              placeholder="请选择"
              notFoundContent={codes.isError ? "原因加载失败" : undefined}
            />
          </FormField>
          <FormField name="reason" input="textarea" />
        </Form>
      </FormRulesContext>
    </Modal>
  );
}
