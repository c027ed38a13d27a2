/** Entry: the core is configured on import of `@/lib/core`; then the router and the providers. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter, useNavigate } from "react-router";
import { chunkLoadError, constants, fileName, routerBasename } from "@/lib/core";
import { Providers } from "@/app/providers";
import { AppRoutes } from "@/app/router";
import "@/app/global.css";

document.title = constants().appName;

// A stylesheet that fails to preload: Vite rethrows it into the import (the page's recovery view
// shows the core's CSS chunk error); here it is logged in the catalogue's words.
window.addEventListener("vite:preloadError", (event) => {
  const cause = event.payload;
  const message = cause instanceof Error ? cause.message : String(cause);
  console.error(chunkLoadError(fileName(message), cause));
});

/** The providers inside the router, so the core's navigation effects go through it. */
function App() {
  const navigate = useNavigate();
  return (
    <Providers navigate={navigate}>
      <AppRoutes />
    </Providers>
  );
}

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter basename={routerBasename()}>
        <App />
      </BrowserRouter>
    </StrictMode>,
  );
}
