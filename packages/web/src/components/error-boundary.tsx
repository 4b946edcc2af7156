import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { CrashFallback } from './crash-fallback.tsx';

interface State {
  error: unknown;
  hasError: boolean;
}

/**
 * Last line of defence outside the router (providers, layout chrome): React only offers class
 * components for catching render errors.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Docket crashed', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasError ? <CrashFallback error={this.state.error} /> : this.props.children;
  }
}
