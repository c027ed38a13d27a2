/**
 * The mixed layout: a top bar (logo, title, the first menu level, the user's actions), a
 * collapsible side menu with the selected group's children, the workspace's tabs, and the page
 * (its `PageHeading` and `PageArea`). Which group is selected and what the trail reads come from
 * the core (the breadcrumbs of the path).
 */
import { MenuOutlined } from "@ant-design/icons";
import { Breadcrumb, Button, Drawer, Grid, Layout, Menu, theme } from "antd";
import { useMemo, useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "@/components/Logo";
import { constants, type Crumb, type MenuItem } from "@/lib/core";
import { HeaderActions } from "@/features/shell/HeaderActions";
import type { Badges } from "@/features/shell/menuBadges";
import { sideMenuItems, topMenuItems, type Prefetch } from "@/features/shell/menuItems";

const { Header, Sider, Content } = Layout;
/** antd's Layout.Header height (its `headerHeight` token). */
const HEADER_HEIGHT = 64;
const NO_ITEMS: MenuItem[] = [];

export interface AppLayoutProps {
  /** The visible, accessible menu (empty while the tree loads). */
  menu: MenuItem[];
  /** The trail to the current path, top first: which entries are selected and open. */
  crumbs: Crumb[];
  onPrefetch?: Prefetch;
  /** Shows the kept tab at a menu link's address, if there is one (`useOpenKeptTab`). */
  onOpen?: (path: string) => boolean;
  /** The entries' badges (pending reviews), once read. */
  badges?: Badges;
  /** The workspace's tab bar, above the trail. */
  tabs?: ReactNode;
  /** The header's 搜索 (the command palette), before the user's actions. */
  search?: ReactNode;
  /** The page: its `PageHeading` and `PageArea` (the workspace draws them per kept tab). */
  children: ReactNode;
}

/**
 * The page area (`main`). Each workspace tab draws its own, so only the shown tab's is a landmark
 * (a hidden tab's is `display: none`, out of the accessibility tree).
 */
export function PageArea({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Content
      style={{
        padding: 16,
        minHeight: 280,
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
      }}
    >
      {children}
    </Content>
  );
}

export interface PageHeadingProps {
  /** The trail to the page, top first. */
  crumbs: readonly Crumb[];
  /** The page's title, its one `h1` (the trail's last label, or a fixed page's name). */
  title?: string;
}

/**
 * A page's one `h1` and, on the same line after it, the trail to it: the trail's last entry is the
 * page the h1 already names, so it is said to screen readers but not drawn twice. Drawn with the
 * page (each workspace tab has its own, hidden with it), so a tab shown again brings its heading
 * in the same frame.
 */
export function PageHeading({ crumbs, title }: PageHeadingProps) {
  const { token } = theme.useToken();
  const last = crumbs.length - 1;
  const named = title !== undefined && crumbs[last]?.alias === title;
  return (
    <div className={`page-heading${named ? " page-heading-named" : ""}`}>
      {title ? (
        <h1
          style={{
            margin: 0,
            fontSize: token.fontSizeHeading4,
            lineHeight: token.lineHeightHeading4,
            fontWeight: 600,
            color: token.colorTextHeading,
          }}
        >
          {title}
        </h1>
      ) : null}
      <Breadcrumb
        items={crumbs.map((crumb, i) => ({
          key: crumb.path,
          title:
            i < last ? (
              <Link to={crumb.path}>{crumb.alias}</Link>
            ) : named ? (
              <span className="visually-hidden">{crumb.alias}</span>
            ) : (
              crumb.alias
            ),
        }))}
      />
    </div>
  );
}

export function AppLayout({
  menu,
  crumbs,
  onPrefetch,
  onOpen,
  badges,
  tabs,
  search,
  children,
}: AppLayoutProps) {
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  // Under 768 px (antd's md) the menus move into a drawer opened from the header: a side menu
  // would leave the page a third of a phone's width. Before the first measure: the desktop.
  const phone = Grid.useBreakpoint().md === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const trail = crumbs.map((c) => c.path);
  const topPath = trail[0];
  const group = menu.find((item) => item.path === topPath);
  const sideItems = group?.children ?? NO_ITEMS;
  // Built again only when the menus or their badges change, not on every navigation: antd's
  // menus then redraw only the entries whose selection changed (each page change, and every
  // switch between kept tabs, renders the layout).
  const topItems = useMemo(
    () => topMenuItems(menu, { prefetch: onPrefetch, open: onOpen, badges }),
    [menu, onPrefetch, onOpen, badges],
  );
  const sideMenu = useMemo(
    () => sideMenuItems(sideItems, { prefetch: onPrefetch, open: onOpen, badges }),
    [sideItems, onPrefetch, onOpen, badges],
  );
  const drawerMenu = useMemo(
    () => (phone ? sideMenuItems(menu, { prefetch: onPrefetch, open: onOpen, badges }) : []),
    [phone, menu, onPrefetch, onOpen, badges],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(trail);
  const trailKey = trail.join("|");
  const [openedFor, setOpenedFor] = useState(trailKey);
  // Open the submenus on the way to the current page when the page changes.
  if (openedFor !== trailKey) {
    setOpenedFor(trailKey);
    setOpenKeys((open) => Array.from(new Set([...open, ...trail])));
    // A page opened from the drawer: the drawer has done its job.
    setDrawerOpen(false);
  }

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Header
        style={{
          display: "flex",
          alignItems: "center",
          gap: phone ? 8 : 24,
          paddingInline: phone ? 8 : 24,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          position: "sticky",
          top: 0,
          zIndex: 10,
        }}
      >
        {phone ? (
          <Button
            type="text"
            icon={<MenuOutlined aria-hidden />}
            aria-label="打开菜单"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          />
        ) : null}
        <Link
          to="/"
          style={{ display: "flex", alignItems: "center", gap: 12, color: token.colorText }}
        >
          <Logo size={32} />
          <span
            className="narrow-hidden"
            style={{ fontSize: 18, fontWeight: 600, whiteSpace: "nowrap" }}
          >
            {constants().appName}
          </span>
        </Link>
        {phone ? (
          <div style={{ flex: 1 }} />
        ) : (
          <Menu
            aria-label="主导航"
            mode="horizontal"
            items={topItems}
            selectedKeys={topPath ? [topPath] : []}
            style={{ flex: 1, minWidth: 0, borderBottom: "none", background: "transparent" }}
          />
        )}
        {search}
        <HeaderActions />
      </Header>
      {phone ? (
        <Drawer
          title="菜单"
          placement="left"
          size={280}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          styles={{ body: { padding: 0 } }}
        >
          <Menu
            aria-label="主导航"
            mode="inline"
            items={drawerMenu}
            selectedKeys={trail}
            defaultOpenKeys={trail}
            style={{ borderInlineEnd: "none" }}
          />
        </Drawer>
      ) : null}
      <Layout>
        {sideItems.length > 0 && !phone ? (
          <Sider
            collapsible
            collapsed={collapsed}
            onCollapse={setCollapsed}
            width={220}
            theme="light"
            // Stays in view under the sticky header, scrolling on its own, so menu entries never
            // slide beneath the header (where they could not be clicked: axe target-size).
            style={{
              borderRight: `1px solid ${token.colorBorderSecondary}`,
              position: "sticky",
              top: HEADER_HEIGHT,
              alignSelf: "flex-start",
              height: `calc(100vh - ${HEADER_HEIGHT}px)`,
              overflow: "auto",
            }}
          >
            <Menu
              aria-label="侧边导航"
              mode="inline"
              items={sideMenu}
              selectedKeys={trail}
              openKeys={collapsed ? undefined : openKeys}
              onOpenChange={setOpenKeys}
              style={{ borderInlineEnd: "none" }}
            />
          </Sider>
        ) : null}
        {/* minWidth 0: a wide table scrolls inside the page area rather than widening it. */}
        <Layout style={{ padding: phone ? "0 8px 8px" : "0 16px 16px", minWidth: 0 }}>
          {tabs ? (
            // Stays under the header as the page scrolls: the tabs are always at hand.
            <div
              style={{
                position: "sticky",
                top: HEADER_HEIGHT,
                zIndex: 9,
                paddingTop: 8,
                background: token.colorBgLayout,
              }}
            >
              {tabs}
            </div>
          ) : null}
          {children}
        </Layout>
      </Layout>
    </Layout>
  );
}
