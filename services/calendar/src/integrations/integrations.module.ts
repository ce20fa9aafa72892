import { Module } from '@nestjs/common';
import { CalendarOAuthService } from './calendar-oauth.service';
import { IntegrationSettings } from './integration-settings';
import { IntegrationsController } from './integrations.controller';
import { IntegrationsService } from './integrations.service';
import { CalendarProviders } from './providers';

/** Calendar integrations: providers, OAuth consent, calendars, assignments, health. */
@Module({
  controllers: [IntegrationsController],
  providers: [IntegrationsService, CalendarOAuthService, IntegrationSettings, CalendarProviders],
  // The sync calls providers through withAccessToken.
  exports: [IntegrationsService],
})
export class IntegrationsModule {}
