/**
 * A create/edit dialog: an antd Form in a Modal, its fields marked from the core's rules for the
 * form (`rules(form)`: label, required, length, hint; see FormField). Saving checks the values with
 * the core's validator first (errors at their fields, nothing sent), then sends; a refusal shows
 * at the fields (`param_invalid`, `data_duplicate`) or, for a stale version (`data_conflict`) or
 * anything without a field, in an Alert inside the dialog. The dialog and what was typed stay
 * until a save succeeds or the user cancels; cancelling (取消, ×, Esc) what was typed asks first
 * (kit/discard), and so does closing its workspace tab.
 */
import { Alert, Form, Modal } from "antd";
import { useMemo, useState, type ReactNode } from "react";
import {
  rules,
  validate as coreValidate,
  type FieldError,
  type Form as CoreForm,
} from "@/lib/core";
import { useHoldsInput } from "@/kit/heldInput";
import { FormRulesContext } from "@/kit/FormField";
import {
  clearChangedErrors,
  showFieldErrors,
  submitProblem,
  type SubmitProblem,
} from "@/kit/formErrors";
import { useFormName } from "@/kit/formName";
import { DraftOffer, useDraft } from "@/kit/drafts";
import { useDiscardGuard } from "@/kit/discard";
import { useUnsavedIn } from "@/stores/unsaved";

export interface FormDialogProps<V extends object, R> {
  title: string;
  /** The form's name: prefixes the inputs' ids (keep it unique on the page). */
  name: string;
  /**
   * The core's name of the form (`dict`, `sysUserCreate`): its rules mark the fields; errors for
   * fields it does not have go to the Alert.
   */
  form: CoreForm;
  initialValues: Partial<V>;
  /** The core's check of the values; by default `validate(form, values)`. */
  validate?: (values: V) => FieldError[];
  /** Sends the values; must reject with the gateway's error (`callData`: `skipErrorHandler`). */
  submit: (values: V) => Promise<R>;
  /** After a successful save, with what `submit` resolved (toast, refresh, close). */
  onSaved: (result: R) => void;
  onCancel: () => void;
  okText?: string;
  width?: number;
  children: ReactNode;
}

export function FormDialog<V extends object, R>({
  title,
  name,
  form: formName,
  initialValues,
  validate = (values) => coreValidate(formName, values as Record<string, unknown>),
  submit,
  onSaved,
  onCancel,
  okText = "保存",
  width = 560,
  children,
}: FormDialogProps<V, R>) {
  useHoldsInput();
  const [form] = Form.useForm<V>();
  const htmlName = useFormName(name);
  const formRules = useMemo(() => rules(formName), [formName]);
  const fieldNames = useMemo(() => formRules.fields.map((f) => f.field), [formRules]);
  const [submitting, setSubmitting] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>();
  const [dirty, setDirty] = useState(false);
  const askDiscard = useDiscardGuard();
  useUnsavedIn(dirty);
  // The draft of this dialog for this record (a new one's: `new`).
  const recordId = (initialValues as { id?: unknown } | undefined)?.id;
  const draft = useDraft(
    form,
    `${name}:${typeof recordId === "number" ? recordId : "new"}`,
    initialValues,
  );

  async function save(values: V) {
    setProblem(undefined);
    const errors = validate(values);
    if (errors.length > 0) {
      const leftover = showFieldErrors(form, errors, fieldNames);
      if (leftover.length) setProblem({ kind: "error", message: leftover.join("；") });
      return;
    }
    setSubmitting(true);
    let result: R;
    try {
      result = await submit(values);
    } catch (error) {
      setProblem(submitProblem(form, error, fieldNames));
      setSubmitting(false);
      return;
    }
    setSubmitting(false);
    setDirty(false);
    draft.clear();
    onSaved(result);
  }

  return (
    <Modal
      open
      title={title}
      width={width}
      okText={okText}
      cancelText="取消"
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={() =>
        askDiscard(dirty, () => {
          if (dirty) draft.clear();
          onCancel();
        })
      }
      destroyOnHidden
    >
      <DraftOffer draft={draft} />
      {problem ? (
        <Alert
          showIcon
          type={problem.kind === "conflict" ? "warning" : "error"}
          title={problem.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<V>
        form={form}
        name={htmlName}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={(changed: object, all: object) => {
          clearChangedErrors(form, changed);
          draft.keep(all);
          setDirty(true);
        }}
        onFinish={(values) => void save({ ...initialValues, ...values })}
      >
        <FormRulesContext value={formRules}>{children}</FormRulesContext>
        {/* Enter in a field saves. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
