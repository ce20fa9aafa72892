/**
 * The consent box of a lead (docs/product/channels.md#consent-ledger), spread into en.ts under pp.leads.consent.
 * Not specified by the product pages: our texts.
 */
export const consentTexts = {
  title: 'Consent',
  loading: 'Loading consent…',
  channels: {
    sms: 'Texts',
    phone: 'Calls',
    email: 'E-mail',
  },
  status: {
    granted: 'Consented',
    refused: 'Refused',
    withdrawn: 'Withdrawn',
    opted_out: 'Opted out',
    none: 'No record',
  },
  since: 'since %{date}',
  history: 'Consent history (%{count})',
  no_history: 'No consent recorded: the lead did not answer a consent question.',
  given: '%{channel} consented %{date}',
  refused_on: '%{channel} refused %{date}',
  withdrawn: 'Withdrawn %{date}: %{reason}',
  sources: {
    website_form: 'on the website form',
    sms_keyword: 'by text message',
    other: 'from %{source}',
  },
  page: 'Page',
  reasons: {
    sms_keyword: 'the lead texted STOP',
    carrier_unsubscribed: 'the carrier reports the lead unsubscribed',
    opt_out_message: 'the lead asked not to be contacted',
    staff_removal: 'staff recorded the lead wants no contact',
    email_unsubscribe: 'the lead unsubscribed from e-mail',
    email_reply: 'the lead replied asking for no more e-mail',
    unknown: 'no reason recorded',
  },
};
