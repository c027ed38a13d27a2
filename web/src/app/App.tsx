/**
 * The app below its router: the providers (inside the router, so the core's navigation effects go
 * through it) and the routes. One tree for the browser (`main.tsx`) and for the build-time render
 * of the login page (`prerender.tsx`), so the page hydrates what was rendered.
 */
import { useNavigate } from "react-router";
import { Providers } from "@/app/providers";
import { AppRoutes } from "@/app/router";

export function App() {
  const navigate = useNavigate();
  return (
    <Providers navigate={navigate}>
      <AppRoutes />
    </Providers>
  );
}
