/**
 * Catches a page that failed to load (the core's `ChunkLoadError`: time-out, missing chunk, CSS) or
 * to render, and shows the recovery view instead of a blank screen.
 */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorRecovery } from "@/components/ErrorRecovery";

export interface ChunkErrorBoundaryProps {
  children: ReactNode;
  /** Forgets the failed import so that the next render imports again. */
  onRetry?: () => void;
  /** Reloads the document (injectable for tests). */
  onReload?: () => void;
}

interface State {
  error: unknown;
  failed: boolean;
}

export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, State> {
  override state: State = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("page failed:", error, info.componentStack);
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ error: undefined, failed: false });
  };

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorRecovery error={this.state.error} onRetry={this.retry} onReload={this.props.onReload} />
    );
  }
}
