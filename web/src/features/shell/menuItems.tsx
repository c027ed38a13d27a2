/**
 * The core's menu items as antd Menu items: labels are links; hovering a link prefetches, and a
 * link to a kept tab's address shows that tab as the tab bar does. An entry with a badge
 * (menuBadges.ts) shows its count beside the link, and its top-level group a dot.
 */
import { Badge, type MenuProps } from "antd";
import { Link } from "react-router";
import { MenuIcon } from "@/components/MenuIcon";
import type { Badges } from "@/features/shell/menuBadges";
import type { MenuItem } from "@/lib/core";

type AntdItems = NonNullable<MenuProps["items"]>;

export type Prefetch = (path: string) => void;

/** What the menu's links do besides going to their page, and what they show. */
export interface MenuLinks {
  /** Fetches the code of the page at a path (on hover). */
  prefetch?: Prefetch;
  /** Shows the kept tab at a path, if there is one: true when it did (`useOpenKeptTab`). */
  open?: (path: string) => boolean;
  /** The entries' badges (pending reviews), once read. */
  badges?: Badges;
}

function linkLabel(item: MenuItem, { prefetch, open }: MenuLinks) {
  return (
    <Link
      to={item.path}
      onMouseEnter={prefetch ? () => prefetch(item.path) : undefined}
      // A plain click on a link to a kept tab shows it (`open`): the link itself goes nowhere.
      onClick={
        open
          ? (event) => {
              const plain = event.button === 0 && !event.metaKey && !event.ctrlKey;
              if (plain && !event.shiftKey && !event.altKey && open(item.path)) {
                event.preventDefault();
              }
            }
          : undefined
      }
    >
      {item.alias}
    </Link>
  );
}

/** Whether `item` or an entry under it has work waiting. */
function waiting(item: MenuItem, badges: Badges): boolean {
  return (
    (badges(item.path)?.count ?? 0) > 0 || item.children.some((child) => waiting(child, badges))
  );
}

/** The top bar: the first level only; a group's link goes where the core sends its path. */
export function topMenuItems(menu: MenuItem[], links: MenuLinks = {}): AntdItems {
  const { badges } = links;
  return menu.map((item) => ({
    key: item.path,
    icon: <MenuIcon name={item.icon} />,
    label:
      badges && waiting(item, badges) ? (
        <Badge dot offset={[4, 0]}>
          {linkLabel(item, links)}
        </Badge>
      ) : (
        linkLabel(item, links)
      ),
  }));
}

/**
 * A leaf's label: its link, and its count when work waits there — drawn by the badge, said in
 * words (the core's: 待审核店铺 12 家) to a screen reader.
 */
function leafLabel(item: MenuItem, links: MenuLinks) {
  const badge = links.badges?.(item.path);
  if (!badge || badge.count === 0) return linkLabel(item, links);
  return (
    <span style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
      {linkLabel(item, links)}
      <span className="visually-hidden">{badge.label}</span>
      <Badge aria-hidden count={badge.count} overflowCount={999} size="small" title={badge.label} />
    </span>
  );
}

/** The side menu: groups open inline, leaves are links. */
export function sideMenuItems(items: MenuItem[], links: MenuLinks = {}): AntdItems {
  return items.map((item) =>
    item.children.length > 0
      ? {
          key: item.path,
          icon: item.icon ? <MenuIcon name={item.icon} /> : undefined,
          label: item.alias,
          children: sideMenuItems(item.children, links),
        }
      : {
          key: item.path,
          icon: item.icon ? <MenuIcon name={item.icon} /> : undefined,
          label: leafLabel(item, links),
        },
  );
}
