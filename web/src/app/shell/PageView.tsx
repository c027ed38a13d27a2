/** Renders one page module by key: lazy chunk, loading skeleton, recovery view on failure. */
import { Suspense, useState } from "react";
import { ChunkErrorBoundary } from "@/components/ChunkErrorBoundary";
import { PageSkeleton } from "@/components/PageSkeleton";
import { UnderConstruction } from "@/components/UnderConstruction";
import type { PageProps } from "@/lib/page";
import { forgetPage, lazyPage } from "@/app/pages";

export function PageView({ pageKey, ...props }: PageProps & { pageKey: string }) {
  const [attempt, setAttempt] = useState(0);
  const Page = lazyPage(pageKey);
  // A route the menu tree offers before its screen was written: a placeholder, never an error.
  if (!Page) return <UnderConstruction alias={props.alias} />;
  // The lazy component is made once per key and kept in the registry: its identity is stable.
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
