/**
 * Catches a page that failed to load (the core's `ChunkLoadError`: time-out, missing chunk, CSS) or
 * to render, and shows the recovery view instead of a blank screen.
 */
import type { ReactNode } from "react";
import { ErrorRecovery } from "@/components/ErrorRecovery";
import { RetryBoundary } from "@/components/RetryBoundary";

export interface ChunkErrorBoundaryProps {
  children: ReactNode;
  /** Forgets the failed import so that the next render imports again. */
  onRetry?: () => void;
  /** Reloads the document (injectable for tests). */
  onReload?: () => void;
}

export function ChunkErrorBoundary({ children, onRetry, onReload }: ChunkErrorBoundaryProps) {
  return (
    <RetryBoundary
      onRetry={onRetry}
      fallback={(error, retry) => (
        <ErrorRecovery error={error} onRetry={retry} onReload={onReload} />
      )}
    >
      {children}
    </RetryBoundary>
  );
}
