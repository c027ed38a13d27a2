/**
 * 登录: outside the layout. After sign-in the app goes to the safe redirect the core chose.
 * Drawn without Card/Typography to keep the first load small (Card pulls in Tabs and Menu). It is
 * rendered at build time (`app/prerender.tsx`), so it styles itself with classes, not `style`.
 */
import type { CSSInterpolation } from "@ant-design/cssinjs";
import type { GlobalToken } from "antd";
import { startTransition, useRef, useSyncExternalStore } from "react";
import { useLocation, useNavigate } from "react-router";
import { Logo } from "@/components/Logo";
import { useThemedStyle } from "@/components/useThemedStyle";
import { LoginForm } from "@/features/auth/LoginForm";
import { constants } from "@/lib/core";
import type * as MenuStore from "@/stores/menu";
import { useSessionStore, type LoginNotice } from "@/stores/session";

const pageStyle = (token: GlobalToken): CSSInterpolation => ({
  ".adnur-login": {
    minHeight: "100vh",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    padding: 24,
    boxSizing: "border-box",
    background: `linear-gradient(135deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 60%)`,
    color: token.colorText,
  },
  ".adnur-login-card": {
    width: 400,
    maxWidth: "100%",
    padding: "40px 32px 32px",
    boxSizing: "border-box",
    background: token.colorBgContainer,
    borderRadius: token.borderRadiusLG,
    boxShadow: token.boxShadowSecondary,
    "& > header": { textAlign: "center", marginBottom: 32 },
    "& h1": { margin: "16px 0 4px", fontSize: 24, fontWeight: 600, color: token.colorText },
  },
  ".adnur-login-tagline": { color: token.colorTextSecondary },
});

type MenuStoreModule = typeof MenuStore;

const noChanges = () => () => undefined;

export default function LoginPage() {
  const hashId = useThemedStyle("adnur-login", pageStyle);
  const navigate = useNavigate();
  const location = useLocation();
  const { search } = location;
  const state: unknown = location.state;
  // Why the app was sent here (the account locked), from the router's state; none while the page
  // drawn at build time hydrates, which had none.
  const notice = useSyncExternalStore(
    noChanges,
    () => (state as Partial<LoginNotice> | null)?.notice,
    () => undefined,
  );
  const refreshSession = useSessionStore((s) => s.refresh);
  // The menu store comes with sign-in, as the layout does, not with the login page (1.7 KB
  // gzipped off the first screen): asked for as the form is sent, in step with the sign-in call.
  const menuStore = useRef<Promise<MenuStoreModule>>(undefined);
  const loadMenuStore = () => (menuStore.current ??= import("@/stores/menu"));
  const { appName } = constants();

  const onSuccess = (redirect: string) => {
    refreshSession();
    // The new user's menus are asked for now, while the layout's chunk loads and renders, rather
    // than once the layout has mounted; the old user's are dropped before the layout can show
    // them. If the store's chunk cannot load, the layout's own loading says so.
    void loadMenuStore()
      .then(({ useMenuStore }) => {
        const menus = useMenuStore.getState();
        menus.reset();
        void menus.load();
      })
      .catch(() => undefined)
      .finally(() =>
        // A transition: the login page stays up while the layout's chunk finishes loading.
        startTransition(() => void navigate(redirect, { replace: true })),
      );
  };

  return (
    <main className={`${hashId} adnur-login`}>
      <section aria-labelledby="login-title" className={`${hashId} adnur-login-card`}>
        <header>
          <Logo size={56} />
          <h1 id="login-title">{appName}</h1>
          <div className={`${hashId} adnur-login-tagline`}>B2B 贸易平台运营管理</div>
        </header>
        <LoginForm
          search={search}
          onSubmit={() => void loadMenuStore()}
          onSuccess={onSuccess}
          notice={notice}
        />
      </section>
    </main>
  );
}
