/**
 * Trees as the gateway answers them (a node and its `children`) shaped for antd's Tree,
 * TreeSelect and tree Table. A `TreeShape` says where a node keeps its id and children, so one set
 * of helpers serves every tree (roles, menus, categories…). Shapes only: which node may go where
 * is the core's rule (`blockedParents`).
 */

/** Where a node of a tree keeps its id and its children. */
export interface TreeShape<N> {
  id: (node: N) => number;
  children: (node: N) => readonly N[] | undefined;
}

/** A node of antd's Tree / TreeSelect. */
export interface TreeOption {
  key: number;
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** The tree as options titled by `title`; `disabled` ids cannot be picked. */
export function treeOptions<N>(
  nodes: readonly N[],
  shape: TreeShape<N>,
  title: (node: N) => string,
  disabled: ReadonlySet<number> = new Set(),
): TreeOption[] {
  return nodes.map((node) => {
    const id = shape.id(node);
    const children = shape.children(node) ?? [];
    return {
      key: id,
      value: id,
      title: title(node),
      disabled: disabled.has(id),
      children: children.length ? treeOptions(children, shape, title, disabled) : undefined,
    };
  });
}

/** Every id of a tree, depth first (to expand all, or 全选). */
export function treeIds<N>(nodes: readonly N[], shape: TreeShape<N>): number[] {
  return nodes.flatMap((node) => [shape.id(node), ...treeIds(shape.children(node) ?? [], shape)]);
}

/** The ids of a tree's leaves. */
export function leafIds<N>(nodes: readonly N[], shape: TreeShape<N>): number[] {
  return nodes.flatMap((node) => {
    const children = shape.children(node) ?? [];
    return children.length ? leafIds(children, shape) : [shape.id(node)];
  });
}

/** Finds a node by id. */
export function findNode<N>(nodes: readonly N[], shape: TreeShape<N>, id: number): N | undefined {
  for (const node of nodes) {
    if (shape.id(node) === id) return node;
    const below = findNode(shape.children(node) ?? [], shape, id);
    if (below) return below;
  }
  return undefined;
}

/** A row of antd's tree Table: `children` only where there are some (no expander on leaves). */
export type TreeRow<R> = R & { children?: TreeRow<R>[] };

/** The tree as tree Table rows, each made by `row` from its node. */
export function treeRows<N, R extends object>(
  nodes: readonly N[],
  shape: TreeShape<N>,
  row: (node: N) => R,
): TreeRow<R>[] {
  return nodes.map((node) => {
    const children = shape.children(node) ?? [];
    return children.length
      ? { ...row(node), children: treeRows(children, shape, row) }
      : { ...row(node) };
  });
}
