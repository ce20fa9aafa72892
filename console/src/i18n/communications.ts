/**
 * The AI Communications page's texts (docs/product/settings.md#communications), spread into en.ts under
 * pp.settings.communications. Quoted texts are copied exactly.
 */
export const communicationsTexts = {
  title: 'AI Communications',
  intro:
    'How the AI reaches your leads: whether it communicates at all, how much it may do alone, and on which channels.',
  loading: 'Loading AI communication settings…',
  load_failed: 'The AI communication settings could not be loaded: %{message}',
  enable: 'Enable Communication',
  enable_on: 'The AI communicates with leads on the channels switched on below.',
  enable_off: 'The AI sends nothing on any channel. Turning it back on restores the channels as they were.',
  automation: 'Automation level',
  levels: {
    manual: 'Manual',
    semi_auto: 'Semi-Auto',
    full_auto: 'Full Auto',
  },
  level_meaning: {
    manual: 'All AI messages need approval.',
    semi_auto: 'Initial contact needs approval; follow-ups go automatically.',
    full_auto: 'The AI sends and receives everything.',
  },
  channels_title: 'Channels',
  channels: {
    email: 'Email',
    phone: 'Phone',
    sms: 'SMS',
    chat: 'Chat',
  },
  channel_help: {
    email: 'The AI e-mails leads from the practice’s connected mailbox.',
    phone: 'The AI calls leads from the practice’s default number.',
    sms: 'The AI texts leads from the practice’s default number.',
    chat: 'The AI answers visitors in the website chat.',
  },
  channel_toggle: 'Use %{channel}',
  unavailable: {
    switch_off: 'Turn on Enable Communication first.',
    no_email_account: 'Connect an email account first.',
    no_number: 'The practice has no active virtual number.',
    no_default_number: 'The practice has no default number.',
    no_voice: 'The practice’s default number cannot make calls.',
    no_sms: 'The practice’s default number cannot send SMS.',
  },
  more_accounts: '+%{count} more',
  no_accounts: 'No email account connected.',
  manage_accounts: 'Manage email accounts',
  default_number: 'Default number: %{number}',
  numbers: {
    title: 'Practice Numbers',
    intro: 'The phone numbers the AI calls and texts from. Phone and SMS use the default number.',
    none: 'The practice has no virtual number yet.',
    default: 'Default',
    additional: 'Additional',
    inactive: 'Inactive',
    voice: 'Voice',
    sms: 'SMS',
    area_code: 'Area code',
    area_code_help: 'Optional: the primary location’s otherwise',
    area_code_invalid: 'A US area code has 3 digits and does not start with 0 or 1',
    get: 'Get a number',
    getting: 'Getting a number…',
    got: '%{number} is now the practice’s.',
  },
} as const;
