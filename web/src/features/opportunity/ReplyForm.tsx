/**
 * The operator's reply to an opportunity (`opportunity.reply`): the core's `reply` form marks the
 * field and checks it before anything is sent; a refusal (the opportunity closed meanwhile) shows
 * above the field and what was typed stays. After a success: a toast, the field cleared, the thread
 * as the answer has it, and the lists' reply counts read again.
 */
import { SendOutlined } from "@ant-design/icons";
import { Alert, App, Button, Form } from "antd";
import { useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { callData, rules, validate } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { FormField, FormRulesContext } from "@/kit/FormField";
import {
  clearChangedErrors,
  showFieldErrors,
  submitProblem,
  type SubmitProblem,
} from "@/kit/formErrors";
import { useRefresh } from "@/kit/queries";

interface ReplyValues {
  content?: string;
}

export function ReplyForm({ id }: { id: number }) {
  const { message } = App.useApp();
  const client = useQueryClient();
  const refresh = useRefresh();
  const [form] = Form.useForm<ReplyValues>();
  const formRules = useMemo(() => rules("reply"), []);
  const fieldNames = useMemo(() => formRules.fields.map((f) => f.field), [formRules]);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<SubmitProblem>();

  async function send(values: ReplyValues) {
    setProblem(undefined);
    const errors = validate("reply", { ...values });
    if (errors.length > 0) {
      showFieldErrors(form, errors, fieldNames);
      return;
    }
    setSending(true);
    try {
      const detail = await callData(ops.opportunity.reply, {
        id,
        content: (values.content ?? "").trim(),
      });
      client.setQueryData([ops.opportunity.detail.api, { id }], detail);
    } catch (error) {
      setProblem(submitProblem(form, error, fieldNames));
      setSending(false);
      return;
    }
    setSending(false);
    form.resetFields();
    void message.success("已发送回复");
    void refresh(ops.opportunity.list);
  }

  return (
    <FormRulesContext value={formRules}>
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
        name={`reply_${id}`}
        layout="vertical"
        onFinish={(values) => void send(values)}
        onValuesChange={(changed) => clearChangedErrors(form, changed)}
      >
        <FormField name="content" input="textarea" placeholder="以平台身份回复采购商" />
        <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={sending}>
          发送回复
        </Button>
      </Form>
    </FormRulesContext>
  );
}
