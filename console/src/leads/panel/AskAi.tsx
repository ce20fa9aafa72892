import Send from '@mui/icons-material/Send';
import { IconButton, InputAdornment, TextField, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';

/**
 * The ask-AI box (docs/product/lead-panel.md). How the assistant answers is a later issue, so the box takes a question but
 * does not pretend to send it: the send button stays disabled and says why.
 */
export function AskAi({ name }: { name: string }) {
  const translate = useTranslate();
  const [question, setQuestion] = useState('');
  return (
    <TextField
      size="small"
      fullWidth
      multiline
      maxRows={4}
      value={question}
      onChange={(event) => setQuestion(event.target.value)}
      placeholder={translate('pp.leads.panel.ask_placeholder', { name })}
      slotProps={{
        htmlInput: { 'aria-label': translate('pp.leads.panel.ask_placeholder', { name }) },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={translate('pp.leads.panel.ask_unavailable')}>
                <span>
                  <IconButton size="small" disabled aria-label={translate('pp.leads.panel.ask_send')}>
                    <Send fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
