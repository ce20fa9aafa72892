import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { PersonDto, SandboxChannels, SimulatedReplyRequest } from '@pp/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { peopleApi } from '../../providers/peopleApi';
import { retryUnlessUnauthorized } from '../../practices/usePractices';
import { useRefreshLead } from '../api/personQueries';
import { personName } from '../format';

const MAX_LENGTH = 1600;
type Channel = SimulatedReplyRequest['channel'];

/** The channels a reply can be simulated on for this lead: sandboxed, and the lead has the address. */
export function simulatedChannels(sandbox: SandboxChannels | undefined, person: PersonDto): Channel[] {
  if (!sandbox) return [];
  return [
    ...(sandbox.sms && person.primary_phone ? (['sms'] as const) : []),
    ...(sandbox.email && person.primary_email ? (['email'] as const) : []),
  ];
}

/**
 * Staff write a reply in the lead's name while its channels are the sandbox (docs/product/channels.md#simulated-replies),
 * so a prospect trying the demo sees the AI answer. Shown only then: with real channels, replies come from the lead.
 */
export function SimulateReply({ person }: { person: PersonDto }) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const sandbox = useQuery<SandboxChannels, Error>({
    queryKey: ['people', 'sandbox', person.practice_id],
    queryFn: ({ signal }) => peopleApi.sandboxChannels(person.practice_id, signal),
    staleTime: 5 * 60_000,
    retry: retryUnlessUnauthorized,
  });
  const channels = simulatedChannels(sandbox.data, person);
  if (channels.length === 0) return null;
  return (
    <section aria-label={translate('pp.leads.panel.simulate.title')} data-testid="simulate-reply">
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {translate('pp.leads.panel.simulate.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('pp.leads.panel.simulate.intro')}
      </Typography>
      <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
        {translate('pp.leads.panel.simulate.open')}
      </Button>
      {open && <SimulateReplyDialog person={person} channels={channels} onClose={() => setOpen(false)} />}
    </section>
  );
}

function SimulateReplyDialog({
  person,
  channels,
  onClose,
}: {
  person: PersonDto;
  channels: Channel[];
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshLead(person.person_id, person.practice_id);
  const [channel, setChannel] = useState<Channel>(channels[0]);
  const [message, setMessage] = useState('');
  const send = useMutation({
    mutationFn: () => peopleApi.simulateReply(person.person_id, { channel, message: message.trim() }),
    onSuccess: async () => {
      notify('pp.leads.panel.simulate.added', { type: 'success' });
      onClose();
      await refresh();
    },
  });
  const text = message.trim();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>
        {translate('pp.leads.panel.simulate.dialog_title', { name: personName(person) })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {channels.length > 1 && (
            <RadioGroup
              row
              aria-label={translate('pp.leads.panel.simulate.channel')}
              value={channel}
              onChange={(event) => setChannel(event.target.value as Channel)}
            >
              <FormControlLabel
                value="sms"
                control={<Radio />}
                label={translate('pp.leads.panel.simulate.sms')}
              />
              <FormControlLabel
                value="email"
                control={<Radio />}
                label={translate('pp.leads.panel.simulate.email')}
              />
            </RadioGroup>
          )}
          <TextField
            label={translate('pp.leads.panel.simulate.message')}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            multiline
            minRows={3}
            autoFocus
            slotProps={{ htmlInput: { maxLength: MAX_LENGTH } }}
            helperText={translate('pp.leads.panel.simulate.helper', { count: message.length })}
          />
          {send.error && <Alert severity="error">{send.error.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('pp.leads.panel.simulate.cancel')}</Button>
        <Button variant="contained" disabled={!text || send.isPending} onClick={() => send.mutate()}>
          {translate(
            send.isPending ? 'pp.leads.panel.simulate.submitting' : 'pp.leads.panel.simulate.submit',
          )}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
