/**
 * An error boundary that draws its failure with `fallback` and can be retried: 重试 calls
 * `onRetry` (forget the failed import) and renders the children again. Kept free of heavy views so
 * the first screen can use it.
 */
import { Component, type ErrorInfo, type ReactNode } from "react";

export interface RetryBoundaryProps {
  children: ReactNode;
  /** Forgets the failed import so that the next render imports again. */
  onRetry?: () => void;
  /** Draws the failure; `retry` clears it and renders the children again. */
  fallback: (error: unknown, retry: () => void) => ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

export class RetryBoundary extends Component<RetryBoundaryProps, State> {
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
    return this.state.failed
      ? this.props.fallback(this.state.error, this.retry)
      : this.props.children;
  }
}
