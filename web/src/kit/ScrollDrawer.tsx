/**
 * A drawer whose content scrolls in a region the keyboard can reach: a long detail has nothing
 * focusable at its end, and a scroll container without a focusable element is out of a keyboard
 * user's reach (axe `scrollable-region-focusable`). Closed when `title` is undefined.
 */
import { Drawer } from "antd";
import type { ReactNode } from "react";

export interface ScrollDrawerProps {
  /** The drawer's title and its region's name; undefined: closed. */
  title: string | undefined;
  size?: number;
  onClose: () => void;
  children: ReactNode;
}

export function ScrollDrawer({ title, size = 520, onClose, children }: ScrollDrawerProps) {
  return (
    <Drawer
      open={title !== undefined}
      title={title ?? ""}
      size={size}
      onClose={onClose}
      destroyOnHidden
      styles={{ body: { padding: 0, overflow: "hidden" } }}
    >
      {title === undefined ? null : (
        <div
          role="region"
          aria-label={title}
          tabIndex={0}
          style={{ height: "100%", overflow: "auto", padding: 24 }}
        >
          {children}
        </div>
      )}
    </Drawer>
  );
}
