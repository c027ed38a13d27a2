/**
 * Opens the command palette: the header's 搜索 button, and Ctrl+K (⌘K on a Mac) anywhere in the
 * signed-in app. The palette is a chunk of its own (cmdk, pinyin-pro), fetched once the browser is
 * idle after sign-in so it opens at once, and never part of the login page.
 */
import { SearchOutlined } from "@ant-design/icons";
import { Button, Tooltip } from "antd";
import { Suspense, lazy, memo, useEffect, useState } from "react";
import { useMenuStore } from "@/stores/menu";

const load = () => import("@/features/palette/CommandPalette");
const CommandPalette = lazy(load);

/** Whether `event` is the palette's shortcut. */
function isShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === "k";
}

/** Memoised: the header redraws on every page change; the launcher has nothing to redraw then. */
export const PaletteLauncher = memo(function PaletteLauncher() {
  const navigator = useMenuStore((s) => s.navigator);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isShortcut(event)) return;
      event.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  useEffect(() => {
    // Fetched while nothing else is going on (Safari has no requestIdleCallback: a timer there).
    const fetch = () => void load().catch(() => undefined);
    if ("requestIdleCallback" in window) {
      const idle = window.requestIdleCallback(fetch, { timeout: 5_000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(fetch, 2_000);
    return () => clearTimeout(timer);
  }, []);

  return (
    <>
      <Tooltip title="Ctrl+K">
        <Button
          icon={<SearchOutlined />}
          onClick={() => setOpen(true)}
          aria-keyshortcuts="Control+K Meta+K"
        >
          <span className="narrow-hidden">搜索</span>
        </Button>
      </Tooltip>
      {open && navigator ? (
        <Suspense fallback={null}>
          <CommandPalette navigator={navigator} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
});
