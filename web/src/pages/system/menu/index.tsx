/** 菜单管理: the system menu tree; create, edit, move, hide entries (`saveMenu`). */
import { MenuTable } from "@/features/system/menu/MenuTable";

export default function SystemMenuPage() {
  return <MenuTable />;
}
