/**
 * The header's right side: theme switch, and the user's avatar and nickname opening 个人设置,
 * 修改密码 and 退出登录 (every browser tab of the app signs out). The two dialogs are chunks of their own, loaded when chosen.
 */
import {
  KeyOutlined,
  LogoutOutlined,
  MoonOutlined,
  SunOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { Avatar, Button, Dropdown, Space, Switch, type MenuProps } from "antd";
import { lazy, memo, Suspense, useState } from "react";
import { signOutEverywhere } from "@/lib/browserTabs";
import { constants } from "@/lib/core";
import { useSessionStore } from "@/stores/session";
import { useThemeStore } from "@/stores/theme";

const ProfileDialog = lazy(() => import("@/features/shell/account/ProfileDialog"));
const PasswordDialog = lazy(() => import("@/features/shell/account/PasswordDialog"));

type Open = "profile" | "password" | undefined;

const items: MenuProps["items"] = [
  { key: "profile", icon: <UserOutlined />, label: "个人设置" },
  { key: "password", icon: <KeyOutlined />, label: "修改密码" },
  { type: "divider" },
  { key: "logout", icon: <LogoutOutlined />, label: "退出登录" },
];

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
  const avatar = useSessionStore((s) => s.user?.avatar);
  const renew = useSessionStore((s) => s.renew);
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  const onClick: MenuProps["onClick"] = ({ key }) => {
    if (key === "logout") void signOutEverywhere();
    else setOpen(key as Open);
  };
  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={["click"]} placement="bottomRight">
        <Button type="text" style={{ height: "auto", paddingBlock: 4 }} data-testid="user-menu">
          <Space size={8}>
            <Avatar
              size={constants().avatarSize}
              src={avatar === "" ? undefined : avatar}
              icon={<UserOutlined />}
              alt={nickname}
              // A signed URL that expired: the default avatar shows, and the user is read again
              // for a fresh URL.
              onError={() => {
                if (avatar) renew(avatar);
                return true;
              }}
            />
            <span className="narrow-hidden">{nickname}</span>
          </Space>
        </Button>
      </Dropdown>
      <Suspense fallback={null}>
        {open === "profile" ? <ProfileDialog onClose={close} /> : null}
        {open === "password" ? <PasswordDialog onClose={close} /> : null}
      </Suspense>
    </>
  );
}

/** Memoised: its parts read their own stores, so a page change has nothing to redraw here. */
export const HeaderActions = memo(function HeaderActions() {
  return (
    <Space size={16} align="center">
      <ThemeSwitch />
      <UserMenu />
    </Space>
  );
});
