/** A search box's value as it is sent: once typing has paused. */
import { useEffect, useState } from "react";
import { Debouncer } from "@/lib/core";

/** `value` once it has stopped changing for the core's debounce delay (what a search box sends). */
export function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    // The spec's debounce helper, with its default delay: each new value restarts the wait.
    const debouncer = new Debouncer(() => setSettled(value));
    debouncer.trigger();
    return () => {
      debouncer.cancel();
      debouncer.free();
    };
  }, [value]);
  return settled;
}
