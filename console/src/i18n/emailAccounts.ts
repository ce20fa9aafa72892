/**
 * The Email accounts page's texts (docs/product/settings.md#email-accounts), spread into en.ts under
 * pp.settings.email. Quoted texts are copied exactly.
 */
export const emailAccountsTexts = {
  title: 'Email Accounts',
  intro: 'The practice’s own mailboxes the AI sends e-mail from.',
  add: 'Add Email Account',
  loading: 'Loading email accounts…',
  empty: 'No email accounts connected yet.',
  columns: {
    address: 'Address',
    provider: 'Provider',
    status: 'Status',
    last_sync: 'Last sync',
  },
  never_synced: 'Never',
  delete_label: 'Delete %{address}',
  delete_title: 'Delete Email Account',
  delete_confirm: 'Delete %{address}? This action cannot be undone.',
  cancel: 'Cancel',
  delete_button: 'Delete',
  deleting: 'Deleting...',
  oauth_failed: 'Failed to connect email account. Please try again.',
  dismiss: 'Dismiss',
  add_title: 'Add Email Account',
  add_intro:
    'Choose the provider of the mailbox. You will sign in with it and allow PracticePilot to send e-mail.',
  back: 'Back to Email Accounts',
  providers: {
    google: 'Google',
    microsoft: 'Microsoft',
    generic: 'Other (SMTP/IMAP)',
  },
  provider_help: {
    google: 'Gmail and Google Workspace',
    microsoft: 'Outlook and Microsoft 365',
    generic: 'Any other mailbox',
  },
  connecting: 'Connecting…',
  generic_placeholder: 'The form for other email providers is not built yet.',
} as const;
