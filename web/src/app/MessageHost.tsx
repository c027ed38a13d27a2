/**
 * antd's message, mounted on the first toast (a chunk of its own, off the login page's first
 * screen): hands its api to the effects host, inside the ConfigProvider so toasts take the theme.
 */
import { message } from "antd";
import { useEffect } from "react";
import type { Toaster } from "@/lib/core";

export default function MessageHost({ onReady }: { onReady: (api: Toaster) => void }) {
  const [api, holder] = message.useMessage();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
