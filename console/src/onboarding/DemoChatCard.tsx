import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Link,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { useDemoChat, type Citation } from './api';
import { CHAT_MESSAGE_MAX, safeHref } from './rules';

interface ChatMessage {
  id: number;
  from: 'visitor' | 'assistant';
  text: string;
  citations?: { href: string; title: string }[];
}

/** The reply's sources that can be links (http(s) only), titled by the page or else by the address. */
const linkable = (citations: Citation[] | null | undefined) =>
  (citations ?? []).flatMap((citation) => {
    const href = safeHref(citation?.url);
    return href ? [{ href, title: citation.title?.trim() || href }] : [];
  });

/**
 * The demo chat (docs/product/onboarding.md#demo-session): a greeting from the practice's demo assistant,
 * then the visitor's messages and the assistant's replies with the pages they cite. Open only once the status
 * is ready (#validation). Messages and replies are text, never HTML.
 */
export function DemoChatCard({
  sessionId,
  ready,
  practiceName,
}: {
  sessionId: string;
  ready: boolean;
  practiceName?: string | null;
}) {
  const translate = useTranslate();
  const chat = useDemoChat(sessionId);
  const [draft, setDraft] = useState('');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const nextId = useRef(1);

  const practice = practiceName?.trim() || translate('pp.onboarding.chat.the_practice');
  const greeting: ChatMessage = {
    id: 0,
    from: 'assistant',
    text: translate('pp.onboarding.chat.greeting', { practice }),
  };
  const message = draft.trim();
  const canSend = ready && !chat.isPending && message.length > 0 && message.length <= CHAT_MESSAGE_MAX;

  const add = (entry: Omit<ChatMessage, 'id'>) =>
    setMessages((list) => [...list, { ...entry, id: nextId.current++ }]);

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSend) return;
    add({ from: 'visitor', text: message });
    setDraft('');
    chat.mutate(message, {
      onSuccess: (answer) =>
        add({ from: 'assistant', text: String(answer?.reply ?? ''), citations: linkable(answer?.citations) }),
    });
  };

  return (
    <Card variant="outlined" data-testid="onboarding-chat">
      <CardHeader
        title={
          <Typography variant="h6" component="h2">
            {translate('pp.onboarding.chat.title')}
          </Typography>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack
          role="log"
          aria-label={translate('pp.onboarding.chat.conversation')}
          aria-live="polite"
          spacing={1.5}
          sx={{ maxHeight: 420, overflowY: 'auto', mb: 2, pr: 0.5 }}
        >
          {[greeting, ...messages].map((entry) => (
            <Bubble key={entry.id} message={entry} />
          ))}
          {chat.isPending && (
            <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              {translate('pp.onboarding.chat.thinking')}
            </Typography>
          )}
        </Stack>
        {chat.error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="onboarding-chat-error">
            {chat.error.message}
          </Alert>
        )}
        <Stack component="form" direction="row" spacing={1} onSubmit={send} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={translate('pp.onboarding.chat.message_label')}
            placeholder={translate('pp.onboarding.chat.message_placeholder')}
            value={draft}
            onChange={(event) => setDraft(event.target.value.slice(0, CHAT_MESSAGE_MAX))}
            disabled={!ready}
            size="small"
            fullWidth
            helperText={
              ready
                ? translate('pp.onboarding.chat.counter', { count: draft.length, max: CHAT_MESSAGE_MAX })
                : translate('pp.onboarding.chat.not_ready')
            }
            slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX } }}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={!canSend}
            endIcon={<SendIcon />}
            sx={{ flexShrink: 0 }}
          >
            {translate('pp.onboarding.chat.send')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

function Bubble({ message }: { message: ChatMessage }) {
  const translate = useTranslate();
  const visitor = message.from === 'visitor';
  return (
    <Box
      data-testid={visitor ? 'chat-visitor' : 'chat-assistant'}
      sx={{ alignSelf: visitor ? 'flex-end' : 'flex-start', maxWidth: '85%', minWidth: 0 }}
    >
      <Typography
        variant="caption"
        color="text.secondary"
        component="p"
        sx={{ textAlign: visitor ? 'right' : 'left' }}
      >
        {translate(visitor ? 'pp.onboarding.chat.you' : 'pp.onboarding.chat.assistant')}
      </Typography>
      <Box
        sx={{
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: visitor ? 'primary.main' : 'action.hover',
          color: visitor ? 'primary.contrastText' : 'text.primary',
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
        }}
      >
        <Typography variant="body2" component="p">
          {message.text}
        </Typography>
      </Box>
      {message.citations && message.citations.length > 0 && (
        <Box sx={{ mt: 0.5 }} data-testid="chat-citations">
          <Typography variant="caption" color="text.secondary">
            {translate('pp.onboarding.chat.sources')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {message.citations.map((citation, index) => (
              <Box component="li" key={`${index}-${citation.href}`} sx={{ overflowWrap: 'anywhere' }}>
                <Link href={citation.href} target="_blank" rel="noopener noreferrer" variant="caption">
                  {citation.title}
                </Link>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
