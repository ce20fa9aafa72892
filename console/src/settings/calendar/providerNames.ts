/**
 * Catalogue keys of the calendar providers' display names (literal, so the catalogue check reads them). Besides
 * the four providers a practice can connect, a Google calendar and an Outlook calendar have names too
 * (docs/product/settings.md#calendar-integrations).
 */
const PROVIDER_NAMES: Record<string, string> = {
  ghl: 'pp.settings.calendar_integrations.providers.ghl',
  symplast: 'pp.settings.calendar_integrations.providers.symplast',
  leadar: 'pp.settings.calendar_integrations.providers.leadar',
  internal: 'pp.settings.calendar_integrations.providers.internal',
  google: 'pp.settings.calendar_integrations.providers.google',
  outlook: 'pp.settings.calendar_integrations.providers.outlook',
};

/** A provider's display name: its catalogue text, else the provider's own value. */
export function providerName(translate: (key: string, options?: object) => string, provider: string): string {
  const key = PROVIDER_NAMES[provider];
  return key ? translate(key) : provider;
}
