/**
 * The mixed layout: a top bar (logo, title, the first menu level, the user's actions), a
 * collapsible side menu with the selected group's children, breadcrumbs, and the page. Which group
 * is selected and what the trail reads come from the core (the breadcrumbs of the path).
 */
import { Breadcrumb, Layout, Menu, theme } from "antd";
import { useState, type ReactNode } from "react";
import { Link } from "react-router";
import { Logo } from "@/components/Logo";
import { constants, type Crumb, type MenuItem } from "@/lib/core";
import { HeaderActions } from "@/features/shell/HeaderActions";
import { sideMenuItems, topMenuItems, type Prefetch } from "@/features/shell/menuItems";

const { Header, Sider, Content } = Layout;
/** antd's Layout.Header height (its `headerHeight` token). */
const HEADER_HEIGHT = 64;

export interface AppLayoutProps {
  /** The visible, accessible menu (empty while the tree loads). */
  menu: MenuItem[];
  /** The trail to the current path, top first. */
  crumbs: Crumb[];
  onPrefetch?: Prefetch;
  children: ReactNode;
}

export function AppLayout({ menu, crumbs, onPrefetch, children }: AppLayoutProps) {
  const { token } = theme.useToken();
  const [collapsed, setCollapsed] = useState(false);
  const trail = crumbs.map((c) => c.path);
  const topPath = trail[0];
  const group = menu.find((item) => item.path === topPath);
  const sideItems = group?.children ?? [];
  const [openKeys, setOpenKeys] = useState<string[]>(trail);
  const trailKey = trail.join("|");
  const [openedFor, setOpenedFor] = useState(trailKey);
  // Open the submenus on the way to the current page when the page changes.
  if (openedFor !== trailKey) {
    setOpenedFor(trailKey);
    setOpenKeys((open) => Array.from(new Set([...open, ...trail])));
  }

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Header
        style={{
          display: "flex",
          alignItems: "center",
          gap: 24,
          paddingInline: 24,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
          position: "sticky",
          top: 0,
          zIndex: 10,
        }}
      >
        <Link
          to="/"
          style={{ display: "flex", alignItems: "center", gap: 12, color: token.colorText }}
        >
          <Logo size={32} />
          <span style={{ fontSize: 18, fontWeight: 600, whiteSpace: "nowrap" }}>
            {constants().appName}
          </span>
        </Link>
        <Menu
          aria-label="主导航"
          mode="horizontal"
          items={topMenuItems(menu, onPrefetch)}
          selectedKeys={topPath ? [topPath] : []}
          style={{ flex: 1, minWidth: 0, borderBottom: "none", background: "transparent" }}
        />
        <HeaderActions />
      </Header>
      <Layout>
        {sideItems.length > 0 ? (
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
              items={sideMenuItems(sideItems, onPrefetch)}
              selectedKeys={trail}
              openKeys={collapsed ? undefined : openKeys}
              onOpenChange={setOpenKeys}
              style={{ borderInlineEnd: "none" }}
            />
          </Sider>
        ) : null}
        <Layout style={{ padding: "0 24px 24px" }}>
          <Breadcrumb
            style={{ margin: "16px 0" }}
            items={crumbs.map((crumb, i) => ({
              key: crumb.path,
              title:
                i < crumbs.length - 1 ? <Link to={crumb.path}>{crumb.alias}</Link> : crumb.alias,
            }))}
          />
          <Content
            style={{
              padding: 24,
              minHeight: 280,
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG,
            }}
          >
            {children}
          </Content>
        </Layout>
      </Layout>
    </Layout>
  );
}
