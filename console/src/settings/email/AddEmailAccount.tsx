import { Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { EMAIL_PROVIDERS, isOAuthEmailProvider, type EmailProvider } from '@pp/contracts';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import type { SettingsPageProps } from '../categories';
import { useConnectEmailAccount } from './api';
import { browser } from './leavePage';

/** What each provider's card says under its name (literal keys: the catalogue check reads them). */
const PROVIDER_HELP: Record<EmailProvider, string> = {
  google: 'pp.settings.email.provider_help.google',
  microsoft: 'pp.settings.email.provider_help.microsoft',
  generic: 'pp.settings.email.provider_help.generic',
};

/**
 * /settings/email/add: the choice of provider (google, microsoft, generic). Google and Microsoft start the
 * provider's consent; generic opens /settings/email/add/generic, a placeholder until its form is built
 * (docs/product/settings.md#email-accounts).
 */
export function AddEmailAccount({ practiceId }: SettingsPageProps) {
  const translate = useTranslate();
  const t = (key: string) => translate(`pp.settings.email.${key}`);
  const { provider } = useParams();
  const navigate = useNavigate();
  const connect = useConnectEmailAccount(practiceId, (url) => browser.leaveFor(url));

  const choose = (choice: EmailProvider) => {
    if (isOAuthEmailProvider(choice)) connect.mutate(choice);
    else navigate(`/settings/email/add/${choice}`);
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h5" component="h2" gutterBottom>
          {t('add_title')}
        </Typography>
        {provider === 'generic' ? (
          <Typography color="text.secondary" data-testid="email-generic-placeholder" sx={{ mb: 2 }}>
            {t('generic_placeholder')}
          </Typography>
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {t('add_intro')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
              {EMAIL_PROVIDERS.map((choice) => (
                <Card key={choice} variant="outlined" sx={{ flex: 1 }}>
                  <CardActionArea
                    onClick={() => choose(choice)}
                    disabled={connect.isPending}
                    aria-label={t(`providers.${choice}`)}
                  >
                    <CardContent>
                      <Typography variant="h6" component="h3">
                        {t(`providers.${choice}`)}
                      </Typography>
                      <Typography color="text.secondary" variant="body2">
                        {connect.isPending && connect.variables === choice
                          ? t('connecting')
                          : translate(PROVIDER_HELP[choice])}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              ))}
            </Stack>
          </>
        )}
        <Button component={RouterLink} to="/settings/email">
          {t('back')}
        </Button>
      </CardContent>
    </Card>
  );
}
