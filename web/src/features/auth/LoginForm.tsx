/**
 * The sign-in form. The core validates, calls the gateway and stores the session; this form shows
 * its outcome: field errors under the fields, the gateway's message above the form (the typed
 * username stays), or hands the safe redirect to the page.
 */
import { LockOutlined, UserOutlined } from "@ant-design/icons";
import { Alert, Button, Form } from "antd";
// Input and Password alone: `Input` from "antd" drags TextArea, Search and OTP into the login chunk.
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import { useState } from "react";
import { errorInfo, login, type LoginForm as LoginValues } from "@/lib/core";

export interface LoginFormProps {
  /** The page's query string; the core picks the safe `redirect` from it. */
  search: string;
  onSuccess: (redirect: string) => void;
}

export function LoginForm({ search, onSuccess }: LoginFormProps) {
  const [form] = Form.useForm<LoginValues>();
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const submit = async (values: Partial<LoginValues>) => {
    setSubmitting(true);
    setFailure(undefined);
    try {
      const outcome = await login(
        { username: values.username ?? "", password: values.password ?? "" },
        search,
      );
      switch (outcome.kind) {
        case "ok":
          onSuccess(outcome.redirect);
          return;
        case "invalid":
          form.setFields(
            outcome.fields.map((f) => ({
              name: f.field as keyof LoginValues,
              errors: [f.message],
            })),
          );
          return;
        case "failed":
          setFailure(outcome.msg);
          return;
      }
    } catch (error) {
      // Transport faults: the core already toasted; keep the reason on the page as well.
      setFailure(errorInfo(error).message);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      {failure ? (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: 24 }} role="alert" />
      ) : null}
      <Form<LoginValues>
        form={form}
        name="login"
        layout="vertical"
        requiredMark={false}
        size="large"
        onFinish={(values) => void submit(values)}
        autoComplete="on"
      >
        <Form.Item label="用户名" name="username">
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="密码" name="password">
          <Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            登录
          </Button>
        </Form.Item>
      </Form>
    </>
  );
}
