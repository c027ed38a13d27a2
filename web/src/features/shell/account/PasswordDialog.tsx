/**
 * 修改密码: the old password, the new one (the core's policy, its hint under the field) and the
 * new one again (the core checks they match), sent by `user.changePassword`. A wrong old password
 * is the gateway's error at 原密码. The gateway counts it toward the sign-in lockout: the failure
 * that locks the account ends this session, so the app forgets it here too and goes to the sign-in
 * page, which says why.
 */
import { Input } from "antd";
import { useNavigate } from "react-router";
import { FormDialog } from "@/kit/FormDialog";
import { FormField } from "@/kit/FormField";
import { useWrite } from "@/kit/write";
import { errorInfo, validate } from "@/lib/core";
import { ops } from "@/lib/generated/ops";
import { useSessionStore, type LoginNotice } from "@/stores/session";

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The gateway's answer when the account locked: the session it came from has ended. */
const LOCKED = "user_login_locked";

export interface PasswordDialogProps {
  /** After a change (toasted) or a cancel. */
  onClose: () => void;
}

export default function PasswordDialog({ onClose }: PasswordDialogProps) {
  const username = useSessionStore((s) => s.user?.name ?? "");
  const end = useSessionStore((s) => s.end);
  const navigate = useNavigate();
  const change = useWrite(ops.session.changePassword);

  const submit = async ({ oldPassword, newPassword }: PasswordValues) => {
    try {
      await change.send({ oldPassword, newPassword });
    } catch (error) {
      const info = errorInfo(error);
      if (info.code === LOCKED) {
        end();
        void navigate("/login", {
          replace: true,
          state: { notice: info.message } satisfies LoginNotice,
        });
      }
      throw error;
    }
  };

  return (
    <FormDialog<PasswordValues, void>
      title="修改密码"
      name="passwordForm"
      form="changePassword"
      initialValues={{ oldPassword: "", newPassword: "", confirmPassword: "" }}
      // The new password may not contain the login name, which the form does not show.
      validate={(values) => validate("changePassword", { ...values, username })}
      submit={submit}
      onSaved={onClose}
      onCancel={onClose}
      okText="确定"
      width={480}
    >
      <FormField name="oldPassword">
        <Input.Password autoComplete="current-password" />
      </FormField>
      <FormField name="newPassword" input="password" />
      <FormField name="confirmPassword" input="password" />
    </FormDialog>
  );
}
