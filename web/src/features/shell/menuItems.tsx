/** The core's menu items as antd Menu items: labels are links; hovering a link prefetches. */
import type { MenuProps } from "antd";
import { Link } from "react-router";
import { MenuIcon } from "@/components/MenuIcon";
import type { MenuItem } from "@/lib/core";

type AntdItems = NonNullable<MenuProps["items"]>;

export type Prefetch = (path: string) => void;

function linkLabel(item: MenuItem, prefetch: Prefetch | undefined) {
  return (
    <Link to={item.path} onMouseEnter={prefetch ? () => prefetch(item.path) : undefined}>
      {item.alias}
    </Link>
  );
}

/** The top bar: the first level only; a group's link goes where the core sends its path. */
export function topMenuItems(menu: MenuItem[], prefetch?: Prefetch): AntdItems {
  return menu.map((item) => ({
    key: item.path,
    icon: <MenuIcon name={item.icon} />,
    label: linkLabel(item, prefetch),
  }));
}

/** The side menu: groups open inline, leaves are links. */
export function sideMenuItems(items: MenuItem[], prefetch?: Prefetch): AntdItems {
  return items.map((item) =>
    item.children.length > 0
      ? {
          key: item.path,
          icon: item.icon ? <MenuIcon name={item.icon} /> : undefined,
          label: item.alias,
          children: sideMenuItems(item.children, prefetch),
        }
      : {
          key: item.path,
          icon: item.icon ? <MenuIcon name={item.icon} /> : undefined,
          label: linkLabel(item, prefetch),
        },
  );
}
