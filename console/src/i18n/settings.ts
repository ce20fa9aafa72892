/**
 * The settings area's texts (docs/product/settings.md), spread into en.ts as the settings block. Quoted texts
 * are copied exactly. The pricing page's texts sit beside these in that block.
 */
export const settingsTexts = {
  title: 'Settings',
  menu_label: 'Settings categories',
  // docs/product/settings.md#settings-shell, side menu and placeholder titles
  categories: {
    communications: 'AI Communications',
    email: 'Email Accounts',
    sms: 'SMS',
    calendar: 'Calendar Integrations',
    practice: 'Practice Locations',
    locations: 'Locations',
    knowledge: 'Practice Knowledge',
    pricing: 'Pricing & Promotions',
    field_mapping: 'Form Field Mapping',
    users: 'User Management',
    profile: 'Profile',
    notifications: 'Notifications',
    security: 'Security',
    appearance: 'Appearance',
  },
  communications_badge: '0',
  coming_soon: 'Coming Soon',
  coming_soon_text:
    '%{title} settings are currently under development. This section will be available in a future update.',
  no_practice: 'No practice selected. Please select a practice to change its settings.',
  knowledge: {
    no_practice: 'No practice selected. Please select a practice to view knowledge entries.',
  },
  unknown_category: 'There is no settings category at this address.',
};
