/** 用户详情: 基本信息 with 操作记录, 询价与商机, 邀请记录. */
import { MemberDetail } from "@/features/member/MemberDetail";

export default function UserDetailPage() {
  return <MemberDetail />;
}
