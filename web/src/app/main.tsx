/** Entry: the core is configured on import of `@/lib/core`; then the providers and the router. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { chunkLoadError, constants, fileName } from "@/lib/core";
import { Providers } from "@/app/providers";
import { router } from "@/app/router";
import "@/app/global.css";

document.title = constants().appName;

// A stylesheet that fails to preload: Vite rethrows it into the import (the page's recovery view
// shows the core's CSS chunk error); here it is logged in the catalogue's words.
window.addEventListener("vite:preloadError", (event) => {
  const cause = event.payload;
  const message = cause instanceof Error ? cause.message : String(cause);
  console.error(chunkLoadError(fileName(message), cause));
});

const navigate = (to: string) => router.navigate(to);

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Providers navigate={navigate}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
