/** 角色管理: the role tree; create and edit roles. */
import { RoleTree } from "@/features/system/role/RoleTree";

export default function SystemRolePage() {
  return <RoleTree />;
}
