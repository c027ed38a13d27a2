/**
 * An opportunity's category path (`服装 / 男装 / T恤`) from `category.tree`, which every
 * signed-in user may read: the names from the top down to the category.
 */
import { ops, type CategoryNode } from "@/lib/generated/ops";
import { useOpQuery } from "@/kit/queries";

/** The names from the top of `nodes` down to category `id`; empty when it is not in the tree. */
export function categoryPath(nodes: readonly CategoryNode[], id: number): string[] {
  for (const node of nodes) {
    if (node.id === id) return [node.name];
    const below = categoryPath(node.children, id);
    if (below.length) return [node.name, ...below];
  }
  return [];
}

/** Category `id`'s path as text, or `fallback` (its own name) until the tree is read or without it. */
export function useCategoryPath(id: number, fallback: string): string {
  const tree = useOpQuery(ops.category.tree, {});
  const path = categoryPath(tree.data ?? [], id);
  return path.length ? path.join(" / ") : fallback;
}
