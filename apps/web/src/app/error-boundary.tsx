import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logUncaughtError } from '../lib/logger';
import { ErrorScreen } from './error-screen';

interface State {
  failed: boolean;
}

/** Catches errors outside the router (providers, toaster); route errors use RouteErrorScreen. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logUncaughtError({ error, componentStack: info.componentStack });
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
