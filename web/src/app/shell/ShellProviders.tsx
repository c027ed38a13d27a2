/**
 * Providers of the in-layout screens: the server cache, antd's Chinese locale and App (modal,
 * notification), dayjs; and the app's other browser tabs followed (lib/browserTabs).
 */
import { QueryClientProvider } from "@tanstack/react-query";
import { App } from "antd";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import { useEffect, type ReactNode } from "react";
import { AntdLocale } from "@/components/AntdConfig";
import { afterInput } from "@/kit/heldInput";
import { refreshReads } from "@/kit/write";
import { follow, listenToOtherTabs } from "@/lib/browserTabs";
import { queryClient } from "@/lib/query";

dayjs.locale("zh-cn");

/** While signed in, a sign-out or a write in another browser tab of the app is followed here. */
function useOtherTabs() {
  useEffect(() => {
    // A dialog holding what is typed keeps it: the reads wait until it has closed, gathered into
    // one refresh however many writes the other tabs made meanwhile.
    const held = { apis: new Set<string>(), menus: false, waiting: false };
    const refresh = () => {
      const apis = [...held.apis];
      const { menus } = held;
      Object.assign(held, { apis: new Set<string>(), menus: false, waiting: false });
      void refreshReads(queryClient, apis, menus);
    };
    return listenToOtherTabs((message) => {
      follow(message, (apis, menus) => {
        for (const api of apis) held.apis.add(api);
        held.menus ||= menus;
        if (held.waiting) return;
        held.waiting = true;
        afterInput(refresh);
      });
    });
  }, []);
}

/**
 * Signed in: the login page's build stylesheet (main.tsx) is no longer needed — antd's CSS-in-JS
 * has injected every style — and would otherwise outrank the theme's, dark included.
 */
function useDropLoginStylesheet() {
  useEffect(() => {
    document.querySelector("link[data-prerendered]")?.remove();
  }, []);
}

export function ShellProviders({ children }: { children: ReactNode }) {
  useOtherTabs();
  useDropLoginStylesheet();
  return (
    <QueryClientProvider client={queryClient}>
      <AntdLocale>
        <App>{children}</App>
      </AntdLocale>
    </QueryClientProvider>
  );
}
