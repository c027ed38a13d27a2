/**
 * Layout for drag-and-drop tests: happy-dom lays nothing out, so @dnd-kit would see every row
 * at 0.
 * Gives each table row a place, one under the other, in document order (restore with
 * `vi.restoreAllMocks()`).
 */
import { vi } from "vitest";

export function layOutRows() {
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockImplementation(function (
    this: HTMLElement,
  ) {
    const row = this.closest("tr");
    const rows = Array.from(document.querySelectorAll("tr[data-row-key]"));
    const top = row ? rows.indexOf(row) * 40 + 40 : 0;
    return {
      x: 0,
      y: top,
      top,
      left: 0,
      width: 800,
      height: 40,
      right: 800,
      bottom: top + 40,
      toJSON: () => ({}),
    };
  });
}
