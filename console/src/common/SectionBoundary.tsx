import { Alert, Button } from '@mui/material';
import { Component, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface Props {
  /** What failed, for the console warning (never data). */
  name: string;
  children: ReactNode;
  /** A change of this value (e.g. the lead shown) clears the failure and renders the children again. */
  resetKey?: unknown;
}

interface State {
  failed: boolean;
  resetKey: unknown;
}

/**
 * Keeps one failing part of a page from taking the rest down: a render error inside shows a small notice in
 * its place ('This part could not be shown.' with a retry), while the rest of the page keeps working. Only
 * the part's name is logged, never the error's data (it may hold patient details).
 */
export class SectionBoundary extends Component<Props, State> {
  state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  componentDidCatch(error: Error): void {
    console.error(`${this.props.name} could not be shown: ${error.name}`);
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return <SectionFailed name={this.props.name} onRetry={() => this.setState({ failed: false })} />;
  }
}

function SectionFailed({ name, onRetry }: { name: string; onRetry: () => void }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="warning"
      data-testid="section-failed"
      data-section={name}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {translate('pp.common.retry')}
        </Button>
      }
    >
      {translate('pp.common.section_failed')}
    </Alert>
  );
}
