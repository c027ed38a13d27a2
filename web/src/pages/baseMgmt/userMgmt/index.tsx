/** 用户管理: members by nickname, phone, type and state; ban with a reason, unban. */
import { MemberList } from "@/features/member/MemberList";

export default function UserMgmtPage() {
  return <MemberList />;
}
