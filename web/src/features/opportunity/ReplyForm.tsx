/**
 * The operator's reply to an opportunity (`opportunity.reply`): the core's `reply` form marks the
 * field and checks it before anything is sent; a refusal (the opportunity closed meanwhile) shows
 * above the field and what was typed stays. Sent through the kit's `useWrite`: after a success the
 * toast 已发送回复, the field cleared, and the reads the reply makes stale (the thread, the lists'
 * reply counts) read again. Nothing shows to a user who may not reply (按钮权限).
 */
import { SendOutlined } from "@ant-design/icons";
import { Alert, Button, Form } from "antd";
import { useMemo, useState } from "react";
import { rules, validate } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { useMay } from "@/kit/access";
import { FormField, FormRulesContext } from "@/kit/FormField";
import {
  clearChangedErrors,
  showFieldErrors,
  submitProblem,
  type SubmitProblem,
} from "@/kit/formErrors";
import { useWrite } from "@/kit/write";
import { useFormName } from "@/kit/formName";
import { DraftOffer, useDraft } from "@/kit/drafts";

interface ReplyValues {
  content?: string;
}

export function ReplyForm({ id }: { id: number }) {
  const reply = useWrite(ops.opportunity.reply, "已发送回复");
  const [form] = Form.useForm<ReplyValues>();
  const formName = useFormName(`reply_${id}`);
  const formRules = useMemo(() => rules("reply"), []);
  const fieldNames = useMemo(() => formRules.fields.map((f) => f.field), [formRules]);
  const [problem, setProblem] = useState<SubmitProblem>();
  const draft = useDraft(form, `reply:${id}`);
  const mayReply = useMay()(ops.opportunity.reply);

  async function send(values: ReplyValues) {
    setProblem(undefined);
    const errors = validate("reply", { ...values });
    if (errors.length > 0) {
      showFieldErrors(form, errors, fieldNames);
      return;
    }
    try {
      await reply.send({ id, content: (values.content ?? "").trim() });
    } catch (error) {
      setProblem(submitProblem(form, error, fieldNames));
      return;
    }
    draft.clear();
    form.resetFields();
  }

  if (!mayReply) return null;
  return (
    <FormRulesContext value={formRules}>
      <DraftOffer draft={draft} />
      {problem ? (
        <Alert
          type={problem.kind === "conflict" ? "warning" : "error"}
          showIcon
          title={problem.message}
          style={{ marginBottom: 16 }}
        />
      ) : null}
      <Form<ReplyValues>
        form={form}
        name={formName}
        layout="vertical"
        onFinish={(values) => void send(values)}
        onValuesChange={(changed, all) => {
          clearChangedErrors(form, changed);
          draft.keep(all);
        }}
      >
        <FormField name="content" input="textarea" placeholder="以平台身份回复采购商" />
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={reply.pending}>
          发送回复
        </Button>
      </Form>
    </FormRulesContext>
  );
}
