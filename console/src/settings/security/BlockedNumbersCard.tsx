import DeleteOutline from '@mui/icons-material/DeleteOutline';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { BlockedNumberLimits, formatPhone, type BlockedNumber } from '@pp/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { SettingsPageProps } from '../categories';
import { useBlockedNumbers, useBlockNumber, useUnblockNumber } from './api';

/** A US number as (214) 555-0134, any other in its E.164 form. */
const shown = (phone: string) => (phone.startsWith('+1') ? formatPhone(phone) : phone);

/**
 * Settings › Security › Blocked numbers (docs/decisions/0043-number-block-list.md): the numbers the practice never
 * texts or calls, with their note and who blocked them when; staff add one (the server reads and checks the number)
 * and unblock one. The server's refusal (an invalid number, one already blocked) is shown as it words it.
 */
export function BlockedNumbersCard({ practiceId }: SettingsPageProps) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.security.blocked.${key}`, options);
  const numbers = useBlockedNumbers(practiceId);
  const block = useBlockNumber(practiceId);
  const unblock = useUnblockNumber(practiceId);
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    block.mutate(
      { phone_number: phone, note: note.trim() || null },
      {
        onSuccess: () => {
          setPhone('');
          setNote('');
        },
      },
    );
  };
  const error = block.error ?? unblock.error ?? numbers.error;

  return (
    <Card variant="outlined" component="section" aria-labelledby="blocked-numbers-title">
      <CardContent>
        <Typography variant="h6" component="h3" id="blocked-numbers-title">
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('help')}
        </Typography>
        <Box
          component="form"
          onSubmit={submit}
          aria-label={t('add')}
          sx={{
            mt: 2,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: '1fr', md: '1fr 1.5fr auto' },
            alignItems: 'start',
          }}
        >
          <TextField
            size="small"
            label={t('number')}
            helperText={t('number_help')}
            value={phone}
            required
            inputProps={{ maxLength: BlockedNumberLimits.phoneInputMaxLength, inputMode: 'tel' }}
            onChange={(event) => setPhone(event.target.value)}
          />
          <TextField
            size="small"
            label={t('note')}
            value={note}
            inputProps={{ maxLength: BlockedNumberLimits.noteMaxLength }}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button
            type="submit"
            variant="contained"
            disabled={block.isPending || !phone.trim()}
            startIcon={block.isPending ? <CircularProgress size={16} /> : undefined}
          >
            {t(block.isPending ? 'adding' : 'add')}
          </Button>
        </Box>
        {error && (
          <Alert severity="error" sx={{ mt: 1.5 }}>
            {error.message}
          </Alert>
        )}
        {numbers.isPending ? (
          <Typography sx={{ mt: 2 }} color="text.secondary">
            {t('loading')}
          </Typography>
        ) : numbers.data && numbers.data.length === 0 ? (
          <Typography sx={{ mt: 2 }} color="text.secondary">
            {t('empty')}
          </Typography>
        ) : (
          <List dense aria-label={t('list_label')} sx={{ mt: 1 }}>
            {(numbers.data ?? []).map((entry) => (
              <BlockedRow
                key={entry.blocked_number_id}
                entry={entry}
                removing={unblock.isPending && unblock.variables === entry.blocked_number_id}
                onRemove={() => unblock.mutate(entry.blocked_number_id)}
              />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

function BlockedRow({
  entry,
  removing,
  onRemove,
}: {
  entry: BlockedNumber;
  removing: boolean;
  onRemove: () => void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`pp.settings.security.blocked.${key}`, options);
  const number = shown(entry.phone_number);
  const by = t('added_by', {
    name: entry.added_by_name ?? t('someone'),
    date: new Date(entry.created_at).toLocaleDateString(undefined, { dateStyle: 'medium' }),
  });
  return (
    <ListItem
      divider
      data-testid="blocked-number"
      secondaryAction={
        <Tooltip title={t('remove', { number })}>
          <span>
            <IconButton
              edge="end"
              aria-label={t('remove', { number })}
              disabled={removing}
              onClick={onRemove}
            >
              <DeleteOutline />
            </IconButton>
          </span>
        </Tooltip>
      }
    >
      <ListItemText
        primary={number}
        secondary={
          <Stack component="span">
            {entry.note && (
              <Box component="span" sx={{ wordBreak: 'break-word' }}>
                {entry.note}
              </Box>
            )}
            <Box component="span">{by}</Box>
          </Stack>
        }
      />
    </ListItem>
  );
}
