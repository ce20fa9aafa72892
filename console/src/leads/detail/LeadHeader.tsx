import { Avatar, Stack, Typography } from '@mui/material';
import { formatPhone, type PersonDto } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { useUpdatePerson } from '../api/personQueries';
import { initials } from '../format';
import { InlineField } from './InlineField';

/**
 * The lead's avatar — its initials: a remote image (the enrichment's avatar) would tell its host who looks at the
 * lead, and the console's CSP loads no image from elsewhere (docs/decisions/0044-console-csp-and-map-tiles.md) — and
 * its inline-editable first name, last name, phone and email.
 */
export function LeadHeader({ person }: { person: PersonDto }) {
  const translate = useTranslate();
  const update = useUpdatePerson(person.person_id);
  const save =
    (field: 'first_name' | 'last_name' | 'primary_phone' | 'primary_email') => (value: string | null) =>
      update.mutateAsync({ [field]: value });
  return (
    <Stack direction="row" spacing={2} alignItems="flex-start" data-testid="lead-header">
      <Avatar alt="" sx={{ width: 56, height: 56, bgcolor: 'primary.main' }}>
        {initials(person)}
      </Avatar>
      <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="h5" component="h2" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          <InlineField
            field="first_name"
            label={translate('pp.leads.detail.first_name')}
            placeholder={translate('pp.leads.detail.add_first_name')}
            value={person.first_name}
            onSave={save('first_name')}
          />
          <InlineField
            field="last_name"
            label={translate('pp.leads.detail.last_name')}
            placeholder={translate('pp.leads.detail.add_last_name')}
            value={person.last_name}
            onSave={save('last_name')}
          />
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', color: 'text.secondary' }}>
          <InlineField
            field="primary_phone"
            label={translate('pp.leads.detail.phone')}
            placeholder={translate('pp.leads.detail.add_phone')}
            value={person.primary_phone}
            format={formatPhone}
            inputType="tel"
            onSave={save('primary_phone')}
          />
          <InlineField
            field="primary_email"
            label={translate('pp.leads.detail.email')}
            placeholder={translate('pp.leads.detail.add_email')}
            value={person.primary_email}
            inputType="email"
            onSave={save('primary_email')}
          />
        </Stack>
      </Stack>
    </Stack>
  );
}
