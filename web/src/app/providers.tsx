/**
 * First-screen providers: antd (zh-CN, light/dark) and the core's effect handler. Kept small for
 * the login page's budget; the server cache and antd's App (modal, notification) come with the
 * layout chunk (`app/shell/ShellProviders.tsx`).
 */
import { message } from "antd";
import { useEffect, type ReactNode } from "react";
import { AntdConfig } from "@/components/AntdConfig";
import { bindEffects } from "@/lib/core";
import { useThemeStore } from "@/stores/theme";

/** Performs the core's effects: toasts with antd's message, navigation with the router. */
export function EffectsHost({ navigate }: { navigate: (to: string) => unknown }) {
  const [api, holder] = message.useMessage();
  useEffect(() => bindEffects(navigate, api), [navigate, api]);
  return holder;
}

export function Providers({
  navigate,
  children,
}: {
  navigate: (to: string) => unknown;
  children: ReactNode;
}) {
  const mode = useThemeStore((s) => s.mode);
  return (
    <AntdConfig dark={mode === "dark"}>
      <EffectsHost navigate={navigate} />
      {children}
    </AntdConfig>
  );
}
