import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** What to show instead of the children once they threw. */
  fallback: (error: unknown) => ReactNode;
  /** A change clears a caught error (pass the pathname: navigating elsewhere gives a fresh chance). */
  resetKey?: string;
  children: ReactNode;
}

interface ErrorBoundaryState {
  error: unknown;
  resetKey?: string;
}

/** Catches errors thrown while rendering the children (React has no hook for this). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
