/**
 * A first-screen route (login, layout) as a lazy chunk that can be retried. React Router's own
 * `lazy` keeps a rejected import for good, so a failed chunk could only be recovered by a reload;
 * here the import is made again when the user presses 重试.
 *
 * `preload()` starts the import before the route renders (the login chunk on a cold load of
 * /login, the layout once the user starts signing in); the route then renders from the same
 * import. A failed preload is forgotten, so rendering imports again and shows the failure.
 */
import { lazy, Suspense, useState, type ComponentType } from "react";
import { RetryBoundary } from "@/components/RetryBoundary";
import { loadPage } from "@/lib/core";
import { FirstScreenError } from "@/app/FirstScreenError";

export type LazyRoute = ComponentType & { preload: () => void };

export function lazyRoute(chunkId: string, loader: () => Promise<ComponentType>): LazyRoute {
  let pending: Promise<ComponentType> | undefined;
  const importChunk = () => {
    pending ??= loadPage(chunkId, loader).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
  const load = () => lazy(async () => ({ default: await importChunk() }));
  let Lazy = load();
  function Route() {
    const [attempt, setAttempt] = useState(0);
    return (
      <RetryBoundary
        key={attempt}
        onRetry={() => {
          Lazy = load();
          setAttempt((n) => n + 1);
        }}
        fallback={(error, retry) => <FirstScreenError error={error} onRetry={retry} />}
      >
        {/* While the chunk loads on first visit: nothing (no spinner flash). */}
        <Suspense fallback={null}>
          <Lazy />
        </Suspense>
      </RetryBoundary>
    );
  }
  return Object.assign(Route, {
    preload: () => {
      importChunk().catch(() => undefined);
    },
  });
}
