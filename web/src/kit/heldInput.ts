/**
 * What an operator is typing is never moved away by another browser tab's write
 * (lib/browserTabs). A dialog that holds input (FormDialog, ReasonDialog) often lives in a table's
 * row: reading the list again could take the row, and the dialog with it, off the screen. So
 * while one is open the reads another tab made stale are read again only once the last has closed
 * (a stale version is then the gateway's conflict, shown in the dialog). This tab's own writes
 * refresh at once: their dialog is done.
 */
import { useEffect } from "react";

let open = 0;
let waiting: (() => void)[] = [];

/** Marks the calling dialog as holding input while it is mounted. */
export function useHoldsInput(): void {
  useEffect(() => {
    open += 1;
    return () => {
      open -= 1;
      if (open > 0) return;
      const run = waiting;
      waiting = [];
      for (const refresh of run) refresh();
    };
  }, []);
}

/** Runs `refresh` now, or once no dialog holds input. */
export function afterInput(refresh: () => void): void {
  if (open === 0) refresh();
  else waiting.push(refresh);
}
