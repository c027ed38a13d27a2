/**
 * The login page rendered at build time (`web/build/prerender.ts` builds this module for Node after
 * the browser build, and runs it): its HTML goes into `dist/login/index.html`, which the gateway answers for the login route, so the
 * page is drawn as soon as the HTML and its styles arrive, before any script has run; `main.tsx`
 * then hydrates it. antd's styles (and the login page's own) are collected in a cssinjs cache and
 * extracted as one stylesheet; `web/build/prerender.ts` keeps of it what draws the markup.
 */
import { createCache, extractStyle, StyleProvider } from "@ant-design/cssinjs";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { App } from "@/app/App";
import { routerBasename } from "@/lib/core";
import { useThemeStore, type ThemeMode } from "@/stores/theme";

export interface Prerendered {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The stylesheet of everything rendered (antd's and the page's), with cssinjs' cache map. */
  css: string;
  /** The theme it was drawn in (a new browser's): the browser hydrates only in the same one. */
  theme: ThemeMode;
}

export async function renderLogin(): Promise<Prerendered> {
  const cache = createCache();
  const basename = routerBasename();
  // `prerender` waits for the lazy login chunk, where `renderToString` would emit its fallback.
  const { prelude } = await prerender(
    <StyleProvider cache={cache}>
      <StrictMode>
        <StaticRouter basename={basename} location={`${basename}/login`}>
          <App />
        </StaticRouter>
      </StrictMode>
    </StyleProvider>,
  );
  const html = await new Response(prelude).text();
  return {
    html,
    css: extractStyle(cache, { plain: true }),
    theme: useThemeStore.getState().mode,
  };
}
