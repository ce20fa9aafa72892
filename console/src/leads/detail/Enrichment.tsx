import LinkedIn from '@mui/icons-material/LinkedIn';
import X from '@mui/icons-material/X';
import { Chip, Link, Stack, Typography } from '@mui/material';
import type { EnrichmentData, PersonDto } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { procedureColour, procedureNames } from '../format';
import { safeHttpUrl } from '../timeline/eventText';

const str = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Title and organisation: the enrichment's own, else the current job of the employment history. */
function job(data: EnrichmentData): { title: string | null; organization: string | null } {
  const current = data.details?.employment?.find((entry) => entry?.current) ?? data.details?.employment?.[0];
  return {
    title: str(data.title) ?? str(current?.title),
    organization: str(data.organization) ?? str(current?.name),
  };
}

/** Enrichment (avatar is in the header): social links, age, location, title at organisation, education. */
export function Enrichment({ person }: { person: PersonDto }) {
  const translate = useTranslate();
  const data: EnrichmentData = person.enrichment_data ?? {};
  const linkedin = safeHttpUrl(data.linkedin) ?? safeHttpUrl(data.details?.profiles?.linkedin?.url);
  const twitter = safeHttpUrl(data.details?.profiles?.twitter?.url);
  const { title, organization } = job(data);
  const role =
    title && organization
      ? translate('pp.leads.detail.title_at_org', { title, organization })
      : (title ?? organization);
  const age =
    typeof data.age === 'number' && data.age > 0
      ? translate('pp.leads.detail.age_years', { age: data.age })
      : null;
  const education = (data.education ?? [])
    .map((entry) => [str(entry?.degree), str(entry?.name)].filter(Boolean).join(', '))
    .filter(Boolean);
  const facts = [age, str(data.location), role].filter(Boolean);

  return (
    <Stack spacing={1} data-testid="enrichment">
      {(facts.length > 0 || linkedin || twitter) && (
        <Stack direction="row" spacing={1} alignItems="center" useFlexGap sx={{ flexWrap: 'wrap' }}>
          {facts.length > 0 && (
            <Typography variant="body2" color="text.secondary">
              {facts.join(' · ')}
            </Typography>
          )}
          {linkedin && (
            <Link
              href={linkedin}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={translate('pp.leads.detail.linkedin')}
            >
              <LinkedIn fontSize="small" />
            </Link>
          )}
          {twitter && (
            <Link
              href={twitter}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={translate('pp.leads.detail.twitter')}
            >
              <X fontSize="small" />
            </Link>
          )}
        </Stack>
      )}
      {education.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {translate('pp.leads.detail.education')}: {education.join('; ')}
        </Typography>
      )}
      <Procedures names={procedureNames(person)} />
    </Stack>
  );
}

function Procedures({ names }: { names: string[] }) {
  const translate = useTranslate();
  return (
    <Stack spacing={0.5} component="section" aria-label={translate('pp.leads.detail.procedures')}>
      <Typography variant="overline" color="text.secondary" component="h3">
        {translate('pp.leads.detail.procedures')}
      </Typography>
      {names.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('pp.leads.detail.no_procedures')}
        </Typography>
      ) : (
        <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          {names.map((name) => {
            const colour = procedureColour(name);
            return (
              <Chip key={name} size="small" label={name} sx={{ bgcolor: colour.bg, color: colour.fg }} />
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
