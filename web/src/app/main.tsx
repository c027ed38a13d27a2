/**
 * Entry: the core is configured on import of `@/lib/core` with the build's default gateway, then
 * from `config.json` beside index.html (one build for every environment); then the router and the
 * app. A config file that cannot be used shows what is wrong with it instead of the app. The login
 * page arrives already drawn (`prerender.tsx`, in a new browser's theme, which it names): it is
 * hydrated in that theme; a browser that chose the other one gets it drawn afresh.
 */
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import {
  chunkLoadError,
  constants,
  errorInfo,
  fileName,
  loadConfig,
  routerBasename,
} from "@/lib/core";
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

function start(root: HTMLElement) {
  // Navigations render at once, not as transitions: a transition renders in 5 ms slices with a
  // frame drawn between them, which tripled a kept tab's switch and a list's revisit with the CPU
  // slowed 4× (issue 21's timings: a tab switch ~490 → ~350 ms, a revisit ~540 → ~300 ms). The
  // two navigations between first-screen routes ask for a transition themselves, so the page
  // stays up while the other route's chunk loads (`startTransition` in the login page and in
  // `EffectsHost`).
  const app = (
    <StrictMode>
      <BrowserRouter basename={routerBasename()} useTransitions={false}>
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
    // Drawn afresh: without the build's markup, and without its stylesheet (the other theme's).
    root.replaceChildren();
    document.querySelector("link[data-prerendered]")?.remove();
    createRoot(root).render(app);
  }
}

/** The deployer's config file is wrong: say so, naming the file and the value, never a blank page. */
async function refuse(root: HTMLElement, error: unknown) {
  const { ConfigFailure } = await import("@/app/ConfigFailure");
  root.replaceChildren();
  document.querySelector("link[data-prerendered]")?.remove();
  createRoot(root).render(<ConfigFailure message={errorInfo(error).message} />);
}

const root = document.getElementById("root");
if (root) {
  loadConfig().then(
    () => start(root),
    (error: unknown) => refuse(root, error),
  );
}
