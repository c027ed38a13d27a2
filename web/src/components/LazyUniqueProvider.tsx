/**
 * antd's tooltip `UniqueProvider`, loaded when it is first rendered. antd's ConfigProvider renders
 * it only for `tooltip.unique` (never set here); the build points ConfigProvider's import at this
 * module (`web/build/firstScreen.ts`) so the login page does not load @rc-component/trigger.
 */
import { lazy, Suspense, type ReactNode } from "react";

const UniqueProvider = lazy(() => import("antd/es/tooltip/UniqueProvider"));

export default function LazyUniqueProvider({ children }: { children?: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <UniqueProvider>{children}</UniqueProvider>
    </Suspense>
  );
}
