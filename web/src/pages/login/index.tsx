/**
 * 登录: outside the layout. After sign-in the app goes to the safe redirect the core chose.
 * Drawn without Card/Typography to keep the first load small (Card pulls in Tabs and Menu).
 */
import { theme } from "antd";
import { useLocation, useNavigate } from "react-router";
import { Logo } from "@/components/Logo";
import { LoginForm } from "@/features/auth/LoginForm";
import { constants } from "@/lib/core";
import { useMenuStore } from "@/stores/menu";
import { useSessionStore } from "@/stores/session";

export default function LoginPage() {
  const { token } = theme.useToken();
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
    <main
      style={{
        minHeight: "100vh",
        display: "flex",
        alignItems: "center",
        justifyContent: "center",
        padding: 24,
        boxSizing: "border-box",
        background: `linear-gradient(135deg, ${token.colorPrimaryBg} 0%, ${token.colorBgLayout} 60%)`,
        color: token.colorText,
      }}
    >
      <section
        aria-labelledby="login-title"
        style={{
          width: 400,
          maxWidth: "100%",
          padding: "40px 32px 32px",
          boxSizing: "border-box",
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowSecondary,
        }}
      >
        <header style={{ textAlign: "center", marginBottom: 32 }}>
          <Logo size={56} />
          <h1
            id="login-title"
            style={{ margin: "16px 0 4px", fontSize: 24, fontWeight: 600, color: token.colorText }}
          >
            {appName}
          </h1>
          <div style={{ color: token.colorTextSecondary }}>B2B 贸易平台运营管理</div>
        </header>
        <LoginForm search={search} onSuccess={onSuccess} />
      </section>
    </main>
  );
}
