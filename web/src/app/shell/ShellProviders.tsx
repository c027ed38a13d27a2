/** Providers of the in-layout screens: the server cache, antd's App (modal, notification), dayjs. */
import { QueryClientProvider } from "@tanstack/react-query";
import { App } from "antd";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import type { ReactNode } from "react";
import { queryClient } from "@/lib/query";

dayjs.locale("zh-cn");

export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <App>{children}</App>
    </QueryClientProvider>
  );
}
