/**
 * The entries' order. `entry.sort` takes every entry once: a drag in a filtered view reorders
 * only the rows shown, so their new order is put back into the places they held among all.
 */

/**
 * `all` (every id, in display order) with the ids of `shown` (some of them, in their new order)
 * filling the places those ids held, one after the other; the others stay where they were.
 */
export function mergeOrder(all: readonly number[], shown: readonly number[]): number[] {
  const moved = new Set(shown);
  let next = 0;
  return all.map((id) => (moved.has(id) ? (shown[next++] ?? id) : id));
}
