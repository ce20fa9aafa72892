import { contactFor, jobIdFor, missingContact, sentEventType, stageAfterOutbound } from './send-rules';

describe('send rules', () => {
  const lead = { primary_phone: '+12145550131', primary_email: 'sofia@mail.example' };

  it('sends SMS and calls to the phone and email to the email address', () => {
    expect(contactFor(lead, 'sms')).toBe('+12145550131');
    expect(contactFor(lead, 'phone')).toBe('+12145550131');
    expect(contactFor(lead, 'email')).toBe('sofia@mail.example');
  });

  it('says which contact is missing for the channel', () => {
    expect(missingContact({ primary_phone: null, primary_email: 'a@b.co' }, 'sms')).toBe(
      'This lead has no phone number',
    );
    expect(missingContact({ primary_phone: ' ', primary_email: 'a@b.co' }, 'phone')).toBe(
      'This lead has no phone number',
    );
    expect(missingContact({ primary_phone: '+12145550131', primary_email: null }, 'email')).toBe(
      'This lead has no email address',
    );
    expect(missingContact(lead, 'email')).toBeNull();
  });

  it('never texts or calls a blocked number, not even an opt-out confirmation, and still e-mails the lead', () => {
    const refused = "This number is on the practice's block list: the product never texts or calls it.";
    expect(missingContact(lead, 'sms', { blocked: true })).toBe(refused);
    expect(missingContact(lead, 'phone', { blocked: true })).toBe(refused);
    expect(missingContact(lead, 'sms', { blocked: true, compliance: true })).toBe(refused);
    expect(missingContact(lead, 'email', { blocked: true })).toBeNull();
    expect(missingContact(lead, 'sms', { blocked: false })).toBeNull();
  });

  it('sends no more e-mail to a lead who unsubscribed from it, and still texts and calls them', () => {
    const unsubscribed = { ...lead, current_outreach_state: { control_mode: 'ai', email_opted_out: true } };
    expect(missingContact(unsubscribed, 'email')).toBe('This lead unsubscribed from email');
    expect(missingContact(unsubscribed, 'sms')).toBeNull();
    expect(missingContact(unsubscribed, 'phone')).toBeNull();
  });

  it('never reaches a lead who asked to be removed, on any channel', () => {
    const optedOut = { ...lead, current_outreach_state: { control_mode: 'human', opted_out: true } };
    for (const channel of ['sms', 'email', 'phone'] as const) {
      expect(missingContact(optedOut, channel)).toBe('This lead asked not to be contacted');
    }
    expect(missingContact({ ...lead, current_outreach_state: { opted_out: false } }, 'sms')).toBeNull();
  });

  it('still sends the one opt-out confirmation (compliance) to a lead who opted out', () => {
    const optedOut = { ...lead, current_outreach_state: { opted_out: true } };
    expect(missingContact(optedOut, 'sms', { compliance: true })).toBeNull();
  });

  it('refuses SMS and calls to a number the carrier refused until the phone changes; e-mail still goes', () => {
    const flagged = { ...lead, current_outreach_state: { invalid_phone: '+12145550131' } };
    expect(missingContact(flagged, 'sms')).toBe("This lead's phone number cannot receive messages");
    expect(missingContact(flagged, 'phone')).toBe("This lead's phone number cannot receive messages");
    expect(missingContact(flagged, 'email')).toBeNull();
    expect(missingContact({ ...flagged, primary_phone: '+12145550199' }, 'sms')).toBeNull();
  });

  it('records sms_sent, email_sent or phone_call_sent', () => {
    expect(sentEventType('sms')).toBe('sms_sent');
    expect(sentEventType('email')).toBe('email_sent');
    expect(sentEventType('phone')).toBe('phone_call_sent');
  });

  it('turns an idempotency key into a BullMQ job id without colons', () => {
    expect(jobIdFor('decision:3f1c')).toBe('decision_3f1c');
    expect(jobIdFor('action:9a:b')).toBe('action_9a_b');
  });

  it('moves only a new lead to Attempting Contact on a first outbound message', () => {
    expect(stageAfterOutbound('Lead')).toBe('Attempting Contact');
    expect(stageAfterOutbound('Active Conversation')).toBe('Active Conversation');
    expect(stageAfterOutbound('Scheduled')).toBe('Scheduled');
  });
});
