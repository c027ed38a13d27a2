/** 登录日志: every sign-in attempt and how it ended. */
import { LoginLogList } from "@/features/system/loginLog/LoginLogList";

export default function SystemLoginLogPage() {
  return <LoginLogList />;
}
