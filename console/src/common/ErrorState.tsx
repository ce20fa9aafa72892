import { Alert, AlertTitle, Button } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A failed load or action, said so a person can read it (docs/decisions/0039-console-on-front-desk-screens.md):
 * what failed (`title`, the product's words), why (`message`, the server's detail when it gave one) and, when the
 * thing can be asked again, 'Try again'. Never an empty page or a spinner in its place.
 */
export function ErrorState({
  title,
  message,
  onRetry,
  testId = 'error-state',
}: {
  title?: string;
  message?: string | null;
  onRetry?: () => void;
  testId?: string;
}) {
  const translate = useTranslate();
  const reason = message && message !== title ? message : null;
  return (
    <Alert
      severity="error"
      data-testid={testId}
      action={
        onRetry && (
          <Button color="inherit" size="small" onClick={onRetry}>
            {translate('pp.errors.try_again')}
          </Button>
        )
      }
    >
      {title && <AlertTitle sx={reason ? undefined : { mb: 0 }}>{title}</AlertTitle>}
      {reason}
    </Alert>
  );
}
