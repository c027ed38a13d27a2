/**
 * The sign-in form. The core validates, calls the gateway and stores the session; this form shows
 * its outcome: field errors under the fields, the gateway's message above the form (what was typed
 * stays), or hands the safe redirect to the page. Whatever was typed before the page's scripts ran
 * is kept and sent (see the layout effect).
 *
 * Drawn without antd's Form and Alert: Form brings rc-field-form and, through its labels, Tooltip
 * and the popup machinery — about 30 KB gzipped of the login page's 300 KB budget for two fields
 * whose rules live in the core anyway. Styled with classes (`useThemedStyle`): the login page is
 * rendered at build time, where `style` attributes would be refused by the page's CSP.
 */
import { CloseCircleFilled, LockOutlined, UserOutlined } from "@ant-design/icons";
import type { CSSInterpolation } from "@ant-design/cssinjs";
import { Button, type GlobalToken, type InputRef } from "antd";
// Input and Password alone: `Input` from "antd" drags TextArea, Search and OTP into the login chunk.
import Input from "antd/es/input/Input";
import Password from "antd/es/input/Password";
import {
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
} from "react";
import { useThemedStyle } from "@/components/useThemedStyle";
import { errorInfo, login, type LoginForm as LoginValues } from "@/lib/core";

export interface LoginFormProps {
  /** The page's query string; the core picks the safe `redirect` from it. */
  search: string;
  /** The form is being sent: what a sign-in leads to may start loading. */
  onSubmit?: () => void;
  onSuccess: (redirect: string) => void;
  /** Why the app was sent here (a session the gateway ended), shown until a failure replaces it. */
  notice?: string;
}

/** The fields people fill (the core adds this browser's device token itself). */
type Field = "username" | "password";

const never = () => () => undefined;

/**
 * False while the page drawn at build time waits for its scripts (the server snapshot, used while
 * hydrating), true once React runs it. Until then 登录 stays disabled: the browser would otherwise
 * send the form itself, as a GET with the password in the URL.
 */
function useAlive(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

const formStyle = (token: GlobalToken): CSSInterpolation => ({
  ".adnur-login-field": {
    marginBottom: 24,
    "& > label": { display: "block", paddingBottom: 8, color: token.colorText },
  },
  ".adnur-login-field-error": { color: token.colorError, marginTop: 4 },
  ".adnur-login-failure": {
    display: "flex",
    alignItems: "center",
    gap: 8,
    marginBottom: 24,
    padding: "8px 12px",
    color: token.colorText,
    background: token.colorErrorBg,
    border: `1px solid ${token.colorErrorBorder}`,
    borderRadius: token.borderRadiusLG,
    "& > .anticon": { color: token.colorError },
  },
});

export function LoginForm({ search, onSubmit, onSuccess, notice }: LoginFormProps) {
  const hashId = useThemedStyle("adnur-login-form", formStyle);
  const [values, setValues] = useState<LoginValues>({ username: "", password: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [ownFailure, setFailure] = useState<string>();
  const failure = ownFailure ?? notice;
  const [submitting, setSubmitting] = useState(false);
  const alive = useAlive();
  const inputs: Record<Field, RefObject<InputRef | null>> = {
    username: useRef<InputRef>(null),
    password: useRef<InputRef>(null),
  };

  // The page is drawn before its scripts run (app/prerender.tsx): what was typed meanwhile is in
  // the fields but not in React's state, which would wipe it on the next render. Adopt it first.
  useLayoutEffect(() => {
    const typed = (field: Field) => inputs[field].current?.input?.value ?? "";
    const found = { username: typed("username"), password: typed("password") };
    // The fields are the outside world here, read once, before the first paint React makes.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (found.username || found.password) setValues(found);
    // Once, on the first render only: later the state is the truth.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.();
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
      <div className={`${hashId} adnur-login-field`}>
        <label htmlFor={id}>{label}</label>
        {input({
          id,
          name: field,
          value: values[field] ?? "",
          ref: inputs[field],
          status: error ? "error" : undefined,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? `${id}_help` : undefined,
          onChange: (e) => change(field, e.target.value),
        })}
        {error ? (
          <div id={`${id}_help`} role="alert" className={`${hashId} adnur-login-field-error`}>
            {error}
          </div>
        ) : null}
      </div>
    );
  };

  return (
    <form name="login" onSubmit={(e) => void submit(e)} autoComplete="on" noValidate>
      {failure ? (
        <div role="alert" className={`${hashId} adnur-login-failure`}>
          <CloseCircleFilled />
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
      <Button
        type="primary"
        htmlType="submit"
        size="large"
        block
        loading={submitting}
        disabled={!alive}
      >
        登录
      </Button>
    </form>
  );
}

interface FieldProps {
  id: string;
  name: Field;
  value: string;
  ref: RefObject<InputRef | null>;
  status: "error" | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}
