/**
 * A record opened beside a list (a drawer, a thread), kept in the URL as `?open=<id>` so a copied
 * link, the back button and the command palette open it too.
 */
import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { readId } from "@/lib/core";

const OPEN = "open";

/** The open record's id from the URL, and the way to open or close one. */
export function useOpenParam(): [number | undefined, (id: number | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const open = readId(params.get(OPEN) ?? undefined);
  const setOpen = useCallback(
    (id: number | undefined) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (id === undefined) next.delete(OPEN);
        else next.set(OPEN, String(id));
        return next;
      }),
    [setParams],
  );
  return [open, setOpen];
}
