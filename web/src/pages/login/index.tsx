/**
 * 登录: outside the layout. After sign-in the app goes to the safe redirect the core chose.
 * Drawn without Card/Typography to keep the first load small (Card pulls in Tabs and Menu). It is
 * rendered at build time (`app/prerender.tsx`), so it styles itself with classes, not `style`.
 */
import type { CSSInterpolation } from "@ant-design/cssinjs";
import type { GlobalToken } from "antd";
import { useLocation, useNavigate } from "react-router";
import { Logo } from "@/components/Logo";
import { useThemedStyle } from "@/components/useThemedStyle";
import { LoginForm } from "@/features/auth/LoginForm";
import { constants } from "@/lib/core";
import { useMenuStore } from "@/stores/menu";
import { useSessionStore } from "@/stores/session";

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

export default function LoginPage() {
  const hashId = useThemedStyle("adnur-login", pageStyle);
  const navigate = useNavigate();
  const { search } = useLocation();
  const refreshSession = useSessionStore((s) => s.refresh);
  const resetMenu = useMenuStore((s) => s.reset);
  const loadMenu = useMenuStore((s) => s.load);
  const { appName } = constants();

  const onSuccess = (redirect: string) => {
    refreshSession();
    resetMenu();
    // The new user's menus are asked for now, while the layout's chunk loads and renders, rather
    // than once the layout has mounted.
    void loadMenu();
    void navigate(redirect, { replace: true });
  };

  return (
    <main className={`${hashId} adnur-login`}>
      <section aria-labelledby="login-title" className={`${hashId} adnur-login-card`}>
        <header>
          <Logo size={56} />
          <h1 id="login-title">{appName}</h1>
          <div className={`${hashId} adnur-login-tagline`}>B2B 贸易平台运营管理</div>
        </header>
        <LoginForm search={search} onSuccess={onSuccess} />
      </section>
    </main>
  );
}
