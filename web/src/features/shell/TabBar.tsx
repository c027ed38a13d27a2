/**
 * The workspace's tab bar (多标签页) under the header: a tab per opened page, the current one
 * selected. A click goes back to a tab as it was left; each tab's context menu offers 刷新, 关闭,
 * 关闭其他, 关闭右侧; a middle click closes it. Closing the current tab goes to its neighbour (the
 * one on its right, else its left), or home when it was the last. Tabs that do not fit scroll
 * sideways (the wheel too), the shown one is kept in view, and 全部标签页 lists them all.
 *
 * Not antd's Tabs: its overflow menu button and its tabs' × buttons sit inside the tablist, which
 * axe rightly refuses (aria-required-children, critical); here the tablist holds tabs only.
 */
import { CloseOutlined, DownOutlined } from "@ant-design/icons";
import type { CSSInterpolation } from "@ant-design/cssinjs";
import { Button, Dropdown, type GlobalToken, type MenuProps } from "antd";
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from "react";
import { useNavigate } from "react-router";
import { useThemedStyle } from "@/components/useThemedStyle";
import { useOpenKeptTab } from "@/features/shell/keptTabSwitch";
import { useDiscardGuard } from "@/kit/discard";
import { queryClient } from "@/lib/query";
import { tabTitle, useTabsStore, type WorkspaceTab } from "@/stores/tabs";
import { holdsEdits } from "@/stores/unsaved";

type Command = "refresh" | "close" | "closeOthers" | "closeRight";

const COMMANDS: { key: Command; label: string }[] = [
  { key: "refresh", label: "刷新" },
  { key: "close", label: "关闭" },
  { key: "closeOthers", label: "关闭其他" },
  { key: "closeRight", label: "关闭右侧" },
];

/** The tabs a command on `tab` closes. */
function closedBy(command: Command, tabs: readonly WorkspaceTab[], key: string): string[] {
  const at = tabs.findIndex((t) => t.key === key);
  switch (command) {
    case "close":
      return [key];
    case "closeOthers":
      return tabs.filter((t) => t.key !== key).map((t) => t.key);
    case "closeRight":
      return tabs.slice(at + 1).map((t) => t.key);
    case "refresh":
      return [];
  }
}

const barStyle = (token: GlobalToken): CSSInterpolation => ({
  ".adnur-tabs-row": {
    display: "flex",
    alignItems: "center",
    gap: 8,
    minWidth: 0,
  },
  ".adnur-tabs": {
    display: "flex",
    flex: "1 1 auto",
    minWidth: 0,
    gap: 4,
    overflowX: "auto",
    paddingBlock: 4,
    // A thin bar that shows there is more to either side.
    scrollbarWidth: "thin",
  },
  ".adnur-tab": {
    display: "inline-flex",
    alignItems: "center",
    gap: 6,
    flex: "none",
    maxWidth: 260,
    minHeight: 32,
    padding: "0 8px 0 12px",
    color: token.colorText,
    background: token.colorFillQuaternary,
    border: `1px solid ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadius,
    cursor: "pointer",
    userSelect: "none",
    "&:hover": { color: token.colorPrimary },
    "&:focus-visible": { outline: `2px solid ${token.colorPrimaryBorder}`, outlineOffset: 1 },
  },
  ".adnur-tab-selected": {
    color: token.colorPrimary,
    background: token.colorBgContainer,
    borderColor: token.colorPrimaryBorder,
  },
  ".adnur-tab-title": { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
  ".adnur-tab-close": {
    // 24 px: the smallest target WCAG 2.2 accepts.
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    width: 24,
    height: 24,
    fontSize: 10,
    color: token.colorTextTertiary,
    borderRadius: token.borderRadiusSM,
    "&:hover": { color: token.colorText, background: token.colorFillSecondary },
  },
});

export interface TabBarProps {
  /** The current page's tab key (undefined on a page outside the tabs: 403, 404). */
  active: string | undefined;
}

export function TabBar({ active }: TabBarProps) {
  const tabs = useTabsStore((s) => s.tabs);
  const close = useTabsStore((s) => s.close);
  const renew = useTabsStore((s) => s.renew);
  const navigate = useNavigate();
  const openKept = useOpenKeptTab(active);
  const bar = useRef<HTMLDivElement>(null);

  const hashId = useThemedStyle("adnur-tabs", barStyle);
  const askDiscard = useDiscardGuard();
  const overflowing = useOverflowing(bar, tabs.map(tabTitle).join("\n"));

  // The shown tab in view, sideways only: the bar scrolls, the page does not.
  useLayoutEffect(() => {
    const strip = bar.current;
    const shown = strip?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!strip || !shown) return;
    const left = shown.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft) strip.scrollLeft = left;
    else if (left + shown.offsetWidth > strip.scrollLeft + strip.clientWidth)
      strip.scrollLeft = left + shown.offsetWidth - strip.clientWidth;
  }, [active, tabs.length, overflowing]);

  const run = (command: Command, key: string) => {
    if (command === "refresh") {
      renew(key);
      // Drawn anew from fresh answers: the tab's reads are fetched again as it mounts.
      void queryClient.invalidateQueries({ refetchType: "active" });
      if (key !== active) {
        const tab = tabs.find((t) => t.key === key);
        if (tab) void navigate(tab.path);
      }
      return;
    }
    const closing = closedBy(command, tabs, key);
    if (closing.length === 0) return;
    // A tab with a half-filled dialog or unsaved ticks asks before they go with it.
    askDiscard(holdsEdits(closing), () => closeTabs(command, key, closing));
  };

  const closeTabs = (command: Command, key: string, closing: string[]) => {
    if (active !== undefined && closing.includes(active)) {
      // The neighbour that stays open: first on the right, else on the left.
      const at = tabs.findIndex((t) => t.key === active);
      const staying = (t: WorkspaceTab) => !closing.includes(t.key);
      const next =
        command === "closeOthers"
          ? tabs.find((t) => t.key === key)
          : (tabs.slice(at + 1).find(staying) ?? tabs.slice(0, at).reverse().find(staying));
      void navigate(next?.path ?? "/");
    }
    close(closing);
  };

  const menu = (key: string): MenuProps => ({
    items: COMMANDS.map((c) => ({
      ...c,
      disabled:
        (c.key === "closeRight" && tabs.at(-1)?.key === key) ||
        (c.key === "closeOthers" && tabs.length === 1),
    })),
    onClick: ({ key: command }) => run(command as Command, key),
  });

  if (tabs.length === 0) return null;
  // A kept tab's page is shown at once and React catches up after the paint; any other is opened
  // at its address.
  const activate = (tab: WorkspaceTab) => {
    if (!openKept(tab.path)) void navigate(tab.path);
  };
  // Arrow keys move along the tabs (the shown one is the one Tab reaches), Home and End to the
  // ends, Enter or Space shows the focused one, Delete closes it: the WAI-ARIA tabs pattern.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, at: number) => {
    const tab = tabs[at];
    if (!tab) return;
    const moves: Record<string, number> = {
      ArrowLeft: at - 1,
      ArrowRight: at + 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const to = moves[event.key];
    if (to !== undefined) {
      event.preventDefault();
      const all = bar.current?.querySelectorAll<HTMLElement>('[role="tab"]');
      all?.[(to + tabs.length) % tabs.length]?.focus();
    } else if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      activate(tab);
    } else if (event.key === "Delete") {
      event.preventDefault();
      run("close", tab.key);
    }
  };
  const focusable = tabs.some((t) => t.key === active) ? active : tabs[0]?.key;
  const all: MenuProps = {
    items: tabs.map((tab) => ({ key: tab.key, label: tabTitle(tab) })),
    selectable: true,
    selectedKeys: active === undefined ? [] : [active],
    onClick: ({ key }) => {
      const tab = tabs.find((t) => t.key === key);
      if (tab) activate(tab);
    },
  };

  return (
    <div className={`${hashId} adnur-tabs-row`}>
      <div ref={bar} role="tablist" aria-label="已打开的页面" className={`${hashId} adnur-tabs`}>
        {tabs.map((tab, at) => {
          const selected = tab.key === active;
          return (
            <Dropdown key={tab.key} trigger={["contextMenu"]} menu={menu(tab.key)}>
              <div
                role="tab"
                aria-selected={selected}
                tabIndex={tab.key === focusable ? 0 : -1}
                className={`${hashId} adnur-tab${selected ? " adnur-tab-selected" : ""}`}
                onClick={() => activate(tab)}
                onKeyDown={(event) => onKeyDown(event, at)}
                onAuxClick={(event) => {
                  if (event.button === 1) run("close", tab.key);
                }}
                // No autoscroll on a middle click: it closes the tab.
                onMouseDown={(event) => {
                  if (event.button === 1) event.preventDefault();
                }}
              >
                <span className={`${hashId} adnur-tab-title`}>{tabTitle(tab)}</span>
                {/* For the mouse; the keyboard closes with Delete or the context menu. A button
                  here would nest a control in the tab. */}
                <CloseOutlined
                  aria-hidden
                  className={`${hashId} adnur-tab-close`}
                  onClick={(event) => {
                    event.stopPropagation();
                    run("close", tab.key);
                  }}
                />
              </div>
            </Dropdown>
          );
        })}
      </div>
      {overflowing ? (
        <Dropdown menu={all} trigger={["click"]}>
          <Button size="small" icon={<DownOutlined aria-hidden />} iconPlacement="end">
            全部标签页（{tabs.length}）
          </Button>
        </Dropdown>
      ) : null}
    </div>
  );
}

/**
 * Whether the bar's tabs are wider than it (measured again as it resizes and as its tabs or
 * their titles change); the wheel then scrolls it sideways.
 */
function useOverflowing(bar: RefObject<HTMLDivElement | null>, titles: string): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const strip = bar.current;
    if (!strip) return;
    const measure = () => setOverflowing(strip.scrollWidth > strip.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    // Not React's wheel handler: it is passive, and the page must not scroll as well.
    const wheel = (event: WheelEvent) => {
      if (strip.scrollWidth <= strip.clientWidth || event.deltaX !== 0) return;
      event.preventDefault();
      strip.scrollLeft += event.deltaY;
    };
    strip.addEventListener("wheel", wheel, { passive: false });
    return () => {
      observer.disconnect();
      strip.removeEventListener("wheel", wheel);
    };
  }, [bar, titles]);
  return overflowing;
}
