/** 系统用户: list, create, edit, disable, delete, role assignment from the role tree. */
import { UserList } from "@/features/system/user/UserList";

export default function SystemUserPage() {
  return <UserList />;
}
