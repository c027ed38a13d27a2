/**
 * Renders one page module by key: drawn at once when its chunk has loaded, otherwise a lazy chunk
 * with a loading skeleton; the recovery view on failure.
 */
import { Suspense, useState } from "react";
import { ChunkErrorBoundary } from "@/components/ChunkErrorBoundary";
import { PageSkeleton } from "@/components/PageSkeleton";
import { UnderConstruction } from "@/components/UnderConstruction";
import type { PageProps } from "@/lib/page";
import { forgetPage, pageComponent } from "@/app/pages";

export function PageView({ pageKey, ...props }: PageProps & { pageKey: string }) {
  const [attempt, setAttempt] = useState(0);
  const Page = pageComponent(pageKey);
  // A route the menu tree offers before its screen was written: a placeholder, never an error.
  if (!Page) return <UnderConstruction alias={props.alias} />;
  // The registry keeps one component per key (the lazy one, once made): its identity is stable.
  /* eslint-disable react-hooks/static-components */
  return (
    <ChunkErrorBoundary
      key={`${pageKey}#${attempt}`}
      onRetry={() => {
        forgetPage(pageKey);
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={<PageSkeleton />}>
        <Page {...props} />
      </Suspense>
    </ChunkErrorBoundary>
  );
  /* eslint-enable react-hooks/static-components */
}
