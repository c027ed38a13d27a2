/** The header's right side: theme switch, and the user's avatar and nickname opening `退出登录`. */
import { LogoutOutlined, MoonOutlined, SunOutlined, UserOutlined } from "@ant-design/icons";
import { Avatar, Button, Dropdown, Space, Switch, type MenuProps } from "antd";
import { constants, logout } from "@/lib/core";
import { useSessionStore } from "@/stores/session";
import { useThemeStore } from "@/stores/theme";

const LOGOUT_KEY = "logout";

const userMenu: MenuProps = {
  items: [{ key: LOGOUT_KEY, icon: <LogoutOutlined />, label: "退出登录" }],
  onClick: ({ key }) => {
    if (key === LOGOUT_KEY) void logout();
  },
};

export function ThemeSwitch() {
  const mode = useThemeStore((s) => s.mode);
  const toggle = useThemeStore((s) => s.toggle);
  return (
    <Switch
      aria-label="暗色主题"
      checked={mode === "dark"}
      onChange={toggle}
      checkedChildren={<MoonOutlined />}
      unCheckedChildren={<SunOutlined />}
    />
  );
}

export function UserMenu() {
  const nickname = useSessionStore((s) => s.nickname);
  return (
    <Dropdown menu={userMenu} trigger={["click"]} placement="bottomRight">
      <Button type="text" style={{ height: "auto", paddingBlock: 4 }} data-testid="user-menu">
        <Space size={8}>
          <Avatar size={constants().avatarSize} icon={<UserOutlined />} alt={nickname} />
          <span>{nickname}</span>
        </Space>
      </Button>
    </Dropdown>
  );
}

export function HeaderActions() {
  return (
    <Space size={16} align="center">
      <ThemeSwitch />
      <UserMenu />
    </Space>
  );
}
