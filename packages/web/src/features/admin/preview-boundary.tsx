import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';

interface State {
  error: string | null;
}

/**
 * Keeps a broken schema's preview from taking the editor down with it. The editor mounts a new
 * boundary (a new `key`) for each settled version of the schema, which retries the preview.
 */
export class PreviewBoundary extends Component<{ message: string; children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error.message : String(error) };
  }

  override render(): ReactNode {
    return this.state.error !== null ? (
      <Alert severity="warning">{`${this.props.message}: ${this.state.error}`}</Alert>
    ) : (
      this.props.children
    );
  }
}
