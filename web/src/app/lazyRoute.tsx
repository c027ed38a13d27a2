/**
 * A first-screen route (login, layout) as a lazy chunk that can be retried. React Router's own
 * `lazy` keeps a rejected import for good, so a failed chunk could only be recovered by a reload;
 * here the import is made again when the user presses 重试.
 */
import { lazy, Suspense, useState, type ComponentType } from "react";
import { RetryBoundary } from "@/components/RetryBoundary";
import { loadPage } from "@/lib/core";
import { FirstScreenError } from "@/app/RouteError";

export function lazyRoute(chunkId: string, loader: () => Promise<ComponentType>): ComponentType {
  const load = () => lazy(async () => ({ default: await loadPage(chunkId, loader) }));
  let Lazy = load();
  return function LazyRoute() {
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
  };
}
