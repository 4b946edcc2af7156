import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import Alert from '@mui/material/Alert';

interface Props {
  message: string;
  /** A new schema gives the card a fresh chance. */
  resetKey: string;
  children: ReactNode;
}

interface State {
  failedKey: string | null;
}

/** One card's failure stays in its own frame: the other cards keep working (docs/product/reporting.md#cards). */
export class CardErrorBoundary extends Component<Props, State> {
  override state: State = { failedKey: null };

  static getDerivedStateFromError(): Partial<State> {
    return { failedKey: '__pending__' };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ failedKey: this.props.resetKey });
    console.error('Dashboard card failed', error, info.componentStack);
  }

  override render(): ReactNode {
    const { failedKey } = this.state;
    const hasFailed = failedKey === '__pending__' || failedKey === this.props.resetKey;
    return hasFailed ? (
      <Alert severity="error" variant="outlined" data-testid="card-failed">
        {this.props.message}
      </Alert>
    ) : (
      this.props.children
    );
  }
}
