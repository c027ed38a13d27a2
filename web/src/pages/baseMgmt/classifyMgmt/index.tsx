/** 类目管理: the category tree with product counts; add, edit, hide, delete, reorder. */
import { CategoryTree } from "@/features/category/CategoryTree";

export default function ClassifyMgmtPage() {
  return <CategoryTree />;
}
