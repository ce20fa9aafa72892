import type { ComponentType } from 'react';
import { CalendarSettings } from './calendar/CalendarSettings';
import { CommunicationsSettings } from './communications/CommunicationsSettings';
import { EmailSettings } from './email/EmailSettings';
import { FieldMappingSettings } from './field-mapping/FieldMappingSettings';
import { KnowledgeSettings } from './knowledge/KnowledgeSettings';
import { PracticeSettings } from './practice/PracticeSettings';
import { PricingSettings } from './pricing/PricingSettings';
import { SecuritySettings } from './security/SecuritySettings';

/** What a settings page receives: the selected practice (docs/product/settings.md#settings-shell). */
export interface SettingsPageProps {
  practiceId: string;
}

/**
 * Category key → the page that renders it. A built page is one line here; every other category shows the
 * Coming Soon placeholder (docs/product/settings.md#settings-shell).
 */
export const SETTINGS_PAGES: Partial<Record<string, ComponentType<SettingsPageProps>>> = {
  communications: CommunicationsSettings,
  practice: PracticeSettings,
  knowledge: KnowledgeSettings,
  pricing: PricingSettings,
  'field-mapping': FieldMappingSettings,
  email: EmailSettings,
  calendar: CalendarSettings,
  security: SecuritySettings,
};
