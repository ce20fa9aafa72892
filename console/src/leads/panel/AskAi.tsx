import Send from '@mui/icons-material/Send';
import {
  Box,
  CircularProgress,
  IconButton,
  InputAdornment,
  Link,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { peopleApi, type AskAiCitation, type AskAiResponse } from '../../providers/peopleApi';

/** The longest question the server takes (docs/product/lead-panel.md#ask-ai). */
export const ASK_AI_MAX_LENGTH = 1000;

interface Turn {
  id: number;
  question: string;
  reply?: AskAiResponse;
  error?: string;
}

/** Only web addresses become links; anything else (javascript:, data:) is shown as text. */
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

/**
 * The ask-AI box of the lead side panel, in the AI Assistant panel's body (docs/product/lead-panel.md): staff
 * ask about the lead; the answer comes from its timeline and the practice's knowledge (POST
 * people/{id}/ask-ai) and shows above the box with its sources. Answers are plain text, never HTML. The
 * conversation lasts while the lead stays open.
 */
export function AskAi({ personId, name }: { personId: string; name: string }) {
  const translate = useTranslate();
  const t = (key: string, options?: Record<string, unknown>) => translate(`pp.leads.panel.${key}`, options);
  const [question, setQuestion] = useState('');
  const [turns, setTurns] = useState<Turn[]>([]);
  const nextId = useRef(1);
  const ask = useMutation({
    mutationFn: (text: string) => peopleApi.askAi(personId, { question: text }),
  });

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const text = question.trim();
    if (!text || ask.isPending) return;
    const id = nextId.current++;
    setTurns((current) => [...current, { id, question: text }]);
    setQuestion('');
    ask.mutate(text, {
      onSuccess: (reply) =>
        setTurns((current) => current.map((turn) => (turn.id === id ? { ...turn, reply } : turn))),
      onError: (error) =>
        setTurns((current) =>
          current.map((turn) => (turn.id === id ? { ...turn, error: error.message } : turn)),
        ),
    });
  };

  return (
    <Stack spacing={1.5} data-testid="ask-ai">
      {turns.length > 0 && (
        <Stack
          spacing={1.5}
          role="log"
          aria-live="polite"
          aria-label={t('ask_conversation', { name })}
          data-testid="ask-ai-conversation"
        >
          {turns.map((turn) => (
            <Stack key={turn.id} spacing={0.75} data-testid="ask-ai-turn">
              <Message who={t('ask_you')} text={turn.question} mine />
              {turn.reply ? (
                <Message who={t('ask_ai')} text={turn.reply.answer}>
                  {!turn.reply.grounded && (
                    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
                      {t('ask_ungrounded')}
                    </Typography>
                  )}
                  <Citations citations={turn.reply.citations} label={t('ask_sources')} />
                </Message>
              ) : turn.error ? (
                <Typography variant="body2" color="error" role="alert">
                  {t('ask_failed', { message: turn.error })}
                </Typography>
              ) : (
                <Stack direction="row" spacing={1} alignItems="center" role="status">
                  <CircularProgress size={14} />
                  <Typography variant="body2" color="text.secondary">
                    {t('ask_thinking')}
                  </Typography>
                </Stack>
              )}
            </Stack>
          ))}
        </Stack>
      )}
      <Box component="form" onSubmit={send}>
        <TextField
          size="small"
          fullWidth
          multiline
          maxRows={4}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter starts a new line.
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
          }}
          placeholder={t('ask_placeholder', { name })}
          slotProps={{
            htmlInput: { 'aria-label': t('ask_placeholder', { name }), maxLength: ASK_AI_MAX_LENGTH },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    type="submit"
                    disabled={!question.trim() || ask.isPending}
                    aria-label={t('ask_send')}
                  >
                    {ask.isPending ? <CircularProgress size={16} /> : <Send fontSize="small" />}
                  </IconButton>
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
    </Stack>
  );
}

function Message({
  who,
  text,
  mine = false,
  children,
}: {
  who: string;
  text: string;
  mine?: boolean;
  children?: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{
        px: 1.25,
        py: 0.75,
        alignSelf: mine ? 'flex-end' : 'stretch',
        maxWidth: mine ? '85%' : '100%',
        bgcolor: mine ? 'action.hover' : 'background.paper',
      }}
    >
      <Typography variant="caption" color="text.secondary" component="p">
        {who}
      </Typography>
      {/* Text, not markup: React escapes it, so an answer can never inject HTML. */}
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {text}
      </Typography>
      {children}
    </Paper>
  );
}

function Citations({ citations, label }: { citations: AskAiCitation[]; label: string }) {
  const shown = (citations ?? []).filter(
    (citation, index, all) =>
      citation?.source_url && all.findIndex((other) => other?.source_url === citation.source_url) === index,
  );
  if (shown.length === 0) return null;
  return (
    <Box sx={{ mt: 0.75 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {shown.map((citation) => {
          const title = citation.page_title?.trim() || citation.source_url;
          const href = safeUrl(citation.source_url);
          return (
            <Typography component="li" variant="caption" key={citation.chunk_id || citation.source_url}>
              {href ? (
                <Link href={href} target="_blank" rel="noopener noreferrer">
                  {title}
                </Link>
              ) : (
                title
              )}
            </Typography>
          );
        })}
      </Box>
    </Box>
  );
}
