import { DemoTenants } from '@pp/contracts';
import { BusinessHours, defaultBusinessHours } from '../locations/business-hours';

/**
 * The demo tenants (README, "Demo sign-ins"). demo@ belongs to Glow Aesthetics (two locations) and
 * Northside Dental (one); other@ belongs to Lakeview Plastic Surgery, which demo@ must never see.
 * Addresses and numbers are fictional (555-01xx numbers, .example domains).
 */
export const DEMO_PASSWORD = 'practicepilot';

export const demoUsers = [
  {
    id: DemoTenants.demoUserId,
    email: 'demo@practicepilot.example',
    first_name: 'Dana',
    last_name: 'Whitfield',
  },
  {
    id: DemoTenants.otherUserId,
    email: 'other@practicepilot.example',
    first_name: 'Marcus',
    last_name: 'Oyelaran',
  },
];

const weekdays = (open: string, close: string, saturday?: [string, string]): BusinessHours => {
  const hours = defaultBusinessHours();
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const) {
    hours[day] = { open, close, closed: false };
  }
  if (saturday) hours.saturday = { open: saturday[0], close: saturday[1], closed: false };
  return hours;
};

const channels = (sms: boolean, phone: boolean, email: boolean, chat: boolean) => ({
  enabled: true,
  channels: {
    sms: { enabled: sms },
    phone: { enabled: phone },
    email: { enabled: email },
    chat: { enabled: chat },
  },
  enforce_location_filtering: false,
});

export const demoPractices = [
  {
    practice_id: DemoTenants.glowAestheticsId,
    site_key: DemoTenants.glowSiteKey,
    name: 'Glow Aesthetics',
    website_url: 'https://www.glowaesthetics.example',
    automation_level: 'semi_auto',
    outreach_preferences: channels(true, true, true, true),
    members: [DemoTenants.demoUserId],
    locations: [
      {
        location_id: DemoTenants.glowUptownLocationId,
        name: 'Glow Aesthetics - Uptown Dallas',
        address: '2100 McKinney Ave, Dallas, TX 75201',
        timezone: 'America/Chicago',
        phone: '(214) 555-0142',
        is_primary: true,
        business_hours: weekdays('09:00', '18:00', ['10:00', '15:00']),
      },
      {
        location_id: DemoTenants.glowPlanoLocationId,
        name: 'Glow Aesthetics - Plano',
        address: '5800 Legacy Dr, Plano, TX 75024',
        timezone: 'America/Chicago',
        phone: '(972) 555-0188',
        is_primary: false,
        business_hours: null,
      },
    ],
    virtual_numbers: [{ phone_number: '+12145550100', capabilities: { voice: true, sms: true } }],
  },
  {
    practice_id: DemoTenants.northsideDentalId,
    site_key: DemoTenants.northsideSiteKey,
    name: 'Northside Dental',
    website_url: 'https://www.northsidedental.example',
    automation_level: 'manual',
    outreach_preferences: channels(true, false, true, false),
    members: [DemoTenants.demoUserId],
    locations: [
      {
        location_id: DemoTenants.northsideLincolnParkLocationId,
        name: 'Northside Dental - Lincoln Park',
        address: '2550 N Lincoln Ave, Chicago, IL 60614',
        timezone: 'America/Chicago',
        phone: '(312) 555-0127',
        is_primary: true,
        business_hours: weekdays('08:00', '17:00', ['09:00', '13:00']),
      },
    ],
    virtual_numbers: [{ phone_number: '+13125550100', capabilities: { voice: true, sms: true } }],
  },
  {
    practice_id: DemoTenants.lakeviewPlasticSurgeryId,
    site_key: DemoTenants.lakeviewSiteKey,
    name: 'Lakeview Plastic Surgery',
    website_url: 'https://www.lakeviewplasticsurgery.example',
    automation_level: 'full_auto',
    outreach_preferences: channels(true, true, true, true),
    members: [DemoTenants.otherUserId],
    locations: [
      {
        location_id: DemoTenants.lakeviewSouthLakeUnionLocationId,
        name: 'Lakeview Plastic Surgery - South Lake Union',
        address: '1100 Eastlake Ave E, Seattle, WA 98109',
        timezone: 'America/Los_Angeles',
        phone: '(206) 555-0163',
        is_primary: true,
        business_hours: weekdays('08:30', '17:30'),
      },
    ],
    virtual_numbers: [{ phone_number: '+12065550100', capabilities: { voice: true, sms: false } }],
  },
];
