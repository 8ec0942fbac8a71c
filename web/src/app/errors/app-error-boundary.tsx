import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';
import { isChunkLoadError } from './is-chunk-load-error';

type Props = { children: ReactNode };
type State = { error: unknown; hasError: boolean };

/**
 * The last line of defence around the whole app: anything the router's errorElement cannot catch
 * (the providers, the toaster, the router itself) lands here. A class, since React offers error
 * boundaries only as classes.
 */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('The app crashed', error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <main className="min-h-dvh bg-bg">
        <ErrorScreen kind={isChunkLoadError(this.state.error) ? 'chunk' : 'crash'} />
      </main>
    );
  }
}
