/**
 * First-screen providers: antd (light/dark) and the core's effect handler. Kept small for the login
 * page's budget; the server cache and antd's zh-CN locale and App (modal, notification) come with
 * the layout chunk (`app/shell/ShellProviders.tsx`), and antd's message with the first toast.
 */
import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import type { ReactNode } from "react";
import { AntdBase } from "@/components/AntdBase";
import { bindEffects, type Toaster } from "@/lib/core";
import { useThemeStore } from "@/stores/theme";

const MessageHost = lazy(() => import("@/app/MessageHost"));

type Level = keyof Toaster;

/** A toaster that holds toasts until antd's message api is handed to it, then shows them. */
function heldToaster(wanted: () => void) {
  let api: Toaster | undefined;
  const waiting: [Level, string][] = [];
  const show = (level: Level) => (text: string) => {
    if (api) return api[level](text);
    waiting.push([level, text]);
    wanted();
    return undefined;
  };
  const toaster: Toaster = { error: show("error"), success: show("success"), info: show("info") };
  const ready = (loaded: Toaster) => {
    api = loaded;
    for (const [level, text] of waiting.splice(0)) void loaded[level](text);
  };
  return { toaster, ready };
}

/**
 * Performs the core's effects: navigation with the router, toasts with antd's message — loaded on
 * the first toast; toasts asked for before it is there are shown as soon as it is.
 */
export function EffectsHost({ navigate }: { navigate: (to: string) => unknown }) {
  const [wanted, setWanted] = useState(false);
  const [held] = useState(() => heldToaster(() => setWanted(true)));
  // A transition: the current page stays up while the target's chunk loads (the login page's,
  // when a session ends in the layout).
  useEffect(
    () => bindEffects((to) => startTransition(() => void navigate(to)), held.toaster),
    [navigate, held],
  );
  return wanted ? (
    <Suspense fallback={null}>
      <MessageHost onReady={held.ready} />
    </Suspense>
  ) : null;
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
    <AntdBase dark={mode === "dark"}>
      <EffectsHost navigate={navigate} />
      {children}
    </AntdBase>
  );
}
