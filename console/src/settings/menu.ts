/**
 * The settings categories (docs/product/settings.md#settings-shell): the side menu in its order, and every
 * category an address may name. Pure: the shell and its tests read it.
 */

export interface SettingsCategoryDefinition {
  key: string;
  /** The catalogue key of its label (pp.settings.categories.*). */
  label: string;
  /** A static badge beside the label. */
  badge?: string;
}

/** The side menu, in order (docs/product/settings.md#settings-shell). */
export const SETTINGS_MENU: readonly SettingsCategoryDefinition[] = [
  {
    key: 'communications',
    label: 'pp.settings.categories.communications',
    badge: 'pp.settings.communications_badge',
  },
  { key: 'practice', label: 'pp.settings.categories.practice' },
  { key: 'knowledge', label: 'pp.settings.categories.knowledge' },
  { key: 'pricing', label: 'pp.settings.categories.pricing' },
  { key: 'field-mapping', label: 'pp.settings.categories.field_mapping' },
  { key: 'calendar', label: 'pp.settings.categories.calendar' },
  { key: 'users', label: 'pp.settings.categories.users' },
  { key: 'notifications', label: 'pp.settings.categories.notifications' },
  { key: 'security', label: 'pp.settings.categories.security' },
  { key: 'appearance', label: 'pp.settings.categories.appearance' },
];

/** Categories reachable by address only (not in the menu). */
const OTHER_CATEGORIES: readonly SettingsCategoryDefinition[] = [
  { key: 'email', label: 'pp.settings.categories.email' },
  { key: 'sms', label: 'pp.settings.categories.sms' },
  { key: 'locations', label: 'pp.settings.categories.locations' },
  { key: 'profile', label: 'pp.settings.categories.profile' },
];

/** The category /settings opens. */
export const DEFAULT_SETTINGS_CATEGORY = 'communications';

/** A category named in the address, or undefined when there is none by that key. */
export function findCategory(key: string | undefined): SettingsCategoryDefinition | undefined {
  if (!key) return undefined;
  return [...SETTINGS_MENU, ...OTHER_CATEGORIES].find((category) => category.key === key);
}
