/**
 * Entry: the core is configured on import of `@/lib/core`; then the router and the app. The login
 * page arrives already drawn (`prerender.tsx`, in a new browser's theme, which it names): it is
 * hydrated in that theme; a browser that chose the other one gets it drawn afresh.
 */
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { chunkLoadError, constants, fileName, routerBasename } from "@/lib/core";
import { App } from "@/app/App";
import { useThemeStore } from "@/stores/theme";
import "@/app/global.css";

document.title = constants().appName;

// A stylesheet that fails to preload: Vite rethrows it into the import (the page's recovery view
// shows the core's CSS chunk error); here it is logged in the catalogue's words.
window.addEventListener("vite:preloadError", (event) => {
  const cause = event.payload;
  const message = cause instanceof Error ? cause.message : String(cause);
  console.error(chunkLoadError(fileName(message), cause));
});

const root = document.getElementById("root");
if (root) {
  const app = (
    <StrictMode>
      <BrowserRouter basename={routerBasename()}>
        <App />
      </BrowserRouter>
    </StrictMode>
  );
  if (root.dataset.prerendered === useThemeStore.getState().mode) {
    hydrateRoot(root, app, {
      // A mismatch is repaired by React (it draws that part afresh); say so, for the tests to see.
      onRecoverableError: (error) => console.error("hydration:", error),
    });
  } else {
    // Drawn afresh: without the build's markup, and without its stylesheet, whose map would tell
    // antd's CSS-in-JS that the other theme's styles are already there.
    root.replaceChildren();
    document.querySelector("link[data-prerendered]")?.remove();
    createRoot(root).render(app);
  }
}
