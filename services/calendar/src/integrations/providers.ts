import { Inject, Injectable } from '@nestjs/common';
import { CONFIG } from '@pp/platform';
import { CalendarConfig } from '../config';
import { IntegrationException } from './integration.exception';

export {
  isOAuthCalendarProvider,
  OAUTH_CALENDAR_PROVIDERS,
  type OAuthCalendarProvider,
  type ProviderCalendar,
} from '@pp/contracts';
import type { OAuthCalendarProvider, ProviderCalendar } from '@pp/contracts';

/** A token endpoint's answer; `tenantId` is the provider's account the consent chose (GHL: the locationId). */
export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresIn: number | null;
  scope: string | null;
  tenantId: string | null;
}

/** The provider refused or could not be reached. `expired`: the access token is no longer accepted. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly kind: 'expired' | 'grant_revoked' | 'failed',
  ) {
    super(message);
  }
}

/**
 * What the calendar service needs of an OAuth calendar provider (docs/decisions/0021-calendar-integrations.md):
 * its consent URL, the code and refresh grants, and its calendars. Sync will add events here.
 */
export interface CalendarProvider {
  readonly name: OAuthCalendarProvider;
  /** The consent URL, or a 409 naming the settings to configure. */
  authorizationUrl(state: string, redirectUri: string): string;
  exchangeCode(code: string, redirectUri: string): Promise<ProviderTokens>;
  refresh(refreshToken: string): Promise<ProviderTokens>;
  listCalendars(accessToken: string, tenantId: string): Promise<ProviderCalendar[]>;
}

/** HighLevel's API version of the calendars endpoints (its OpenAPI document, apps/calendars.json). */
export const GHL_CALENDARS_VERSION = '2021-04-15';

/**
 * GoHighLevel (API v2, OAuth 2.0 authorization-code grant): consent on the marketplace's chooselocation page,
 * `POST {GHL_API_URL}/oauth/token` form-encoded with client_secret (HighLevel documents no PKCE), Location
 * tokens, `GET /calendars/?locationId=` with `Version: 2021-04-15`.
 */
class GhlProvider implements CalendarProvider {
  readonly name = 'ghl' as const;

  constructor(private readonly config: CalendarConfig) {}

  private client() {
    const { GHL_CLIENT_ID: id, GHL_CLIENT_SECRET: secret } = this.config;
    if (!id || !secret)
      throw IntegrationException.notConfigured(
        'Connecting GoHighLevel is not configured: set GHL_CLIENT_ID and GHL_CLIENT_SECRET',
      );
    return { id, secret };
  }

  authorizationUrl(state: string, redirectUri: string): string {
    const url = new URL(this.config.GHL_AUTHORIZE_URL);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('client_id', this.client().id);
    url.searchParams.set('scope', this.config.GHL_SCOPES);
    url.searchParams.set('state', state);
    return url.toString();
  }

  exchangeCode(code: string, redirectUri: string) {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri });
  }

  refresh(refreshToken: string) {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async listCalendars(accessToken: string, tenantId: string): Promise<ProviderCalendar[]> {
    const url = new URL(`${this.config.GHL_API_URL}/calendars/`);
    url.searchParams.set('locationId', tenantId);
    const response = await this.call(url, {
      headers: {
        authorization: `Bearer ${accessToken}`,
        version: GHL_CALENDARS_VERSION,
        accept: 'application/json',
      },
    });
    if (response.status === 401)
      throw new ProviderError('GoHighLevel refused the access token (401)', 'expired');
    if (!response.ok) throw new ProviderError(`GoHighLevel answered ${response.status}`, 'failed');
    const body = (await response.json().catch(() => ({}))) as { calendars?: unknown };
    if (!Array.isArray(body.calendars))
      throw new ProviderError('GoHighLevel answered without a calendars list', 'failed');
    return body.calendars.flatMap((item: Record<string, unknown>) =>
      typeof item?.id === 'string' && item.id
        ? [
            {
              id: item.id,
              name: typeof item.name === 'string' ? item.name : item.id,
              description: typeof item.description === 'string' ? item.description : null,
            },
          ]
        : [],
    );
  }

  private async token(grant: Record<string, string>): Promise<ProviderTokens> {
    const client = this.client();
    const response = await this.call(new URL(`${this.config.GHL_API_URL}/oauth/token`), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        ...grant,
        client_id: client.id,
        client_secret: client.secret,
        user_type: 'Location',
      }).toString(),
    });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (!response.ok) {
      // The error code only: a token endpoint's body may echo what it was sent.
      const error = typeof body.error === 'string' ? body.error.slice(0, 64) : `http_${response.status}`;
      throw new ProviderError(
        `GoHighLevel's token endpoint answered ${response.status} (${error})`,
        error === 'invalid_grant' ? 'grant_revoked' : 'failed',
      );
    }
    if (typeof body.access_token !== 'string' || !body.access_token)
      throw new ProviderError("GoHighLevel's token endpoint answered without an access token", 'failed');
    return {
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
      expiresIn: typeof body.expires_in === 'number' ? body.expires_in : null,
      scope: typeof body.scope === 'string' ? body.scope : null,
      tenantId: typeof body.locationId === 'string' && body.locationId ? body.locationId : null,
    };
  }

  private async call(url: URL, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.config.PROVIDER_TIMEOUT_MS) });
    } catch (error) {
      throw new ProviderError(`GoHighLevel could not be reached (${(error as Error).name})`, 'failed');
    }
  }
}

/**
 * Symplast and Leadar: their consent URL is built from the configured client id and authorization URL; their
 * token and calendar APIs are not built yet (services/calendar/README.md says what they need), so a return
 * from their consent fails and the console shows oauth_failed.
 */
class ConsentOnlyProvider implements CalendarProvider {
  constructor(
    readonly name: 'symplast' | 'leadar',
    private readonly label: string,
    private readonly clientId: string | undefined,
    private readonly authorizeUrl: string | undefined,
  ) {}

  authorizationUrl(state: string, redirectUri: string): string {
    const prefix = this.name.toUpperCase();
    if (!this.clientId || !this.authorizeUrl)
      throw IntegrationException.notConfigured(
        `Connecting ${this.label} is not configured: set ${prefix}_CLIENT_ID and ${prefix}_AUTHORIZE_URL`,
      );
    const url = new URL(this.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    return url.toString();
  }

  private notBuilt(): never {
    throw new ProviderError(`${this.label}'s token and calendar APIs are not built yet`, 'failed');
  }

  exchangeCode(): Promise<ProviderTokens> {
    return this.notBuilt();
  }

  refresh(): Promise<ProviderTokens> {
    return this.notBuilt();
  }

  listCalendars(): Promise<ProviderCalendar[]> {
    return this.notBuilt();
  }
}

/** The OAuth providers, by name. */
@Injectable()
export class CalendarProviders {
  private readonly providers: Record<OAuthCalendarProvider, CalendarProvider>;

  constructor(@Inject(CONFIG) config: CalendarConfig) {
    this.providers = {
      ghl: new GhlProvider(config),
      symplast: new ConsentOnlyProvider(
        'symplast',
        'Symplast',
        config.SYMPLAST_CLIENT_ID,
        config.SYMPLAST_AUTHORIZE_URL,
      ),
      leadar: new ConsentOnlyProvider(
        'leadar',
        'Leadar',
        config.LEADAR_CLIENT_ID,
        config.LEADAR_AUTHORIZE_URL,
      ),
    };
  }

  get(name: OAuthCalendarProvider): CalendarProvider {
    return this.providers[name];
  }
}

/** PracticePilot's own calendar: the one calendar an internal integration offers. */
export const INTERNAL_CALENDAR: ProviderCalendar = {
  id: 'internal',
  name: 'PracticePilot Calendar',
  description: 'Appointments kept in PracticePilot',
};
