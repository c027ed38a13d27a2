/** 权限管理: pick a role, tick its menus in the menu tree, save (`updateMenuRole`). */
import { PermissionEditor } from "@/features/system/permission/PermissionEditor";

export default function SystemPermissionPage() {
  return <PermissionEditor />;
}
