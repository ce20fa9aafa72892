import ContentCopy from '@mui/icons-material/ContentCopy';
import {
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  FormHelperText,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useId, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Practice } from './api';

/**
 * The one tag a practice pastes into its website (tracker/README.md): the script from this origin (the gateway
 * serves it at /pp.js) with the practice's site key, and `data-respect-dnt="true"` when the practice chooses to
 * honour Do Not Track.
 */
export function trackingSnippet(origin: string, siteKey: string, respectDnt: boolean): string {
  const dnt = respectDnt ? ' data-respect-dnt="true"' : '';
  return `<script async src="${origin}/pp.js" data-site-key="${siteKey}"${dnt}></script>`;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Website Tracking (docs/product/analytics.md#the-website-script): the snippet to copy. */
export function TrackingSnippetCard({ practice }: { practice: Practice }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`pp.settings.practice.tracking.${key}`);
  const [respectDnt, setRespectDnt] = useState(false);
  const [copy, setCopy] = useState<CopyState>('idle');
  const field = useRef<HTMLTextAreaElement>(null);
  const statusId = useId();
  const snippet = trackingSnippet(window.location.origin, practice.site_key, respectDnt);

  const copySnippet = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopy('copied');
    } catch {
      // No clipboard permission (or an insecure origin): select the text so that Ctrl+C copies it.
      field.current?.focus();
      field.current?.select();
      setCopy('failed');
    }
  };

  return (
    <Card variant="outlined" data-testid="website-tracking">
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            {t('title')}
          </Typography>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t('help')}
          </Typography>
          <TextField
            label={t('snippet')}
            value={snippet}
            multiline
            fullWidth
            inputRef={field}
            slotProps={{
              htmlInput: { readOnly: true, spellCheck: false, 'aria-describedby': statusId },
              input: { sx: { fontFamily: 'monospace', fontSize: 13 } },
            }}
            onFocus={(event) => event.target.select()}
          />
          <Stack direction="row" spacing={2} alignItems="center">
            <Button variant="contained" startIcon={<ContentCopy />} onClick={() => void copySnippet()}>
              {t('copy')}
            </Button>
            <Typography
              id={statusId}
              variant="body2"
              role="status"
              color={copy === 'failed' ? 'error' : 'success.main'}
            >
              {copy === 'idle' ? '' : t(copy)}
            </Typography>
          </Stack>
          <div>
            <FormControlLabel
              control={
                <Switch
                  checked={respectDnt}
                  onChange={(event) => {
                    setRespectDnt(event.target.checked);
                    setCopy('idle');
                  }}
                />
              }
              label={t('respect_dnt')}
            />
            <FormHelperText>{t('respect_dnt_help')}</FormHelperText>
          </div>
        </Stack>
      </CardContent>
    </Card>
  );
}
