/**
 * The sign-in form. The core validates, calls the gateway and stores the session; this form shows
 * its outcome: field errors under the fields, the gateway's message above the form (the typed
 * username stays), or hands the safe redirect to the page.
 *
 * Drawn without antd's Form and Alert: Form brings rc-field-form and, through its labels, Tooltip
 * and the popup machinery — about 30 KB gzipped of the login page's 300 KB budget for two fields
 * whose rules live in the core anyway.
 */
import { CloseCircleFilled, LockOutlined, UserOutlined } from "@ant-design/icons";
import { Button, theme } from "antd";
// Input and Password alone: `Input` from "antd" drags TextArea, Search and OTP into the login chunk.
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import { useState, type ChangeEvent, type SyntheticEvent, type ReactNode } from "react";
import { errorInfo, login, type LoginForm as LoginValues } from "@/lib/core";

export interface LoginFormProps {
  /** The page's query string; the core picks the safe `redirect` from it. */
  search: string;
  onSuccess: (redirect: string) => void;
}

type Field = keyof LoginValues;

export function LoginForm({ search, onSuccess }: LoginFormProps) {
  const { token } = theme.useToken();
  const [values, setValues] = useState<LoginValues>({ username: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setFailure(undefined);
    try {
      const outcome = await login(values, search);
      switch (outcome.kind) {
        case "ok":
          onSuccess(outcome.redirect);
          return;
        case "invalid":
          setErrors(Object.fromEntries(outcome.fields.map((f) => [f.field, f.message])));
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

  /** A labelled field with its error under it (announced, and tied to the input). */
  const item = (field: Field, label: string, input: (props: FieldProps) => ReactNode) => {
    const id = `login_${field}`;
    const error = errors[field];
    return (
      <div style={{ marginBottom: 24 }}>
        <label htmlFor={id} style={{ display: "block", paddingBottom: 8, color: token.colorText }}>
          {label}
        </label>
        {input({
          id,
          value: values[field] ?? "",
          status: error ? "error" : undefined,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}_help` : undefined,
          onChange: (e) => change(field, e.target.value),
        })}
        {error ? (
          <div id={`${id}_help`} role="alert" style={{ color: token.colorError, marginTop: 4 }}>
            {error}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <form name="login" onSubmit={(e) => void submit(e)} autoComplete="on" noValidate>
      {failure ? (
        <div
          role="alert"
          style={{
            display: "flex",
            alignItems: "center",
            gap: 8,
            marginBottom: 24,
            padding: "8px 12px",
            color: token.colorText,
            background: token.colorErrorBg,
            border: `1px solid ${token.colorErrorBorder}`,
            borderRadius: token.borderRadiusLG,
          }}
        >
          <CloseCircleFilled style={{ color: token.colorError }} />
          <span>{failure}</span>
        </div>
      ) : null}
      {item("username", "用户名", (props) => (
        <Input
          {...props}
          size="large"
          prefix={<UserOutlined />}
          autoComplete="username"
          autoFocus
        />
      ))}
      {item("password", "密码", (props) => (
        <Password
          {...props}
          size="large"
          prefix={<LockOutlined />}
          autoComplete="current-password"
        />
      ))}
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        登录
      </Button>
    </form>
  );
}

interface FieldProps {
  id: string;
  value: string;
  status: "error" | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}
