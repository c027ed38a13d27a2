/** 邀请管理: invitations with inviter, invitee, code, state and reward, and their totals. */
import { InvitationList } from "@/features/invitation/InvitationList";

export default function InvitationMgmtPage() {
  return <InvitationList />;
}
