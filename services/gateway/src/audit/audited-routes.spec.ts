import { auditTargetOf, idsFromAnswer, leadActionAudit, uuidOrNull } from './audited-routes';

const LEAD = '0b6f3d2e-5c1a-4f7e-9a43-2d8e1f0c7b15';
const APPOINTMENT = '7d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6';

describe('which forwarded requests the audit log records', () => {
  it.each([
    ['GET', '/api/v1/people', 'lead.list', null],
    ['GET', '/api/v1/people/', 'lead.list', null],
    ['POST', '/api/v1/people/', 'lead.create', null],
    ['GET', '/api/v1/people/search', 'lead.search', null],
    ['GET', `/api/v1/people/${LEAD}`, 'lead.read', LEAD],
    ['PATCH', `/api/v1/people/${LEAD}`, 'lead.update', LEAD],
    ['POST', `/api/v1/people/${LEAD}/seen`, 'lead.mark_seen', LEAD],
    ['GET', `/api/v1/people/${LEAD}/events`, 'timeline.read', LEAD],
    ['GET', `/api/v1/people/${LEAD}/consents`, 'consent.read', LEAD],
    ['POST', `/api/v1/people/${LEAD}/approve-decision`, 'decision.approve', LEAD],
    ['POST', `/api/v1/people/${LEAD}/edit-decision`, 'decision.edit', LEAD],
    ['POST', `/api/v1/people/${LEAD}/actions`, 'lead.action', LEAD],
    ['POST', `/api/v1/people/${LEAD}/ask-ai`, 'lead.ask_ai', LEAD],
    ['POST', `/api/v1/people/${LEAD}/simulate-reply`, 'message.simulate_reply', LEAD],
  ])('%s %s is %s on lead %s', (method, path, action, lead) => {
    expect(auditTargetOf(method, path)).toEqual(
      expect.objectContaining({ action, resource_type: 'lead', resource_id: lead, lead_id: lead }),
    );
  });

  it('names appointments by their id, their lead from the answer', () => {
    expect(auditTargetOf('GET', '/api/v1/calendar/appointments')).toEqual({
      action: 'appointment.list',
      resource_type: 'appointment',
      resource_id: null,
      lead_id: null,
    });
    expect(auditTargetOf('POST', '/api/v1/calendar/appointments')).toEqual(
      expect.objectContaining({ action: 'appointment.create', fromAnswer: 'appointment' }),
    );
    expect(auditTargetOf('PUT', `/api/v1/calendar/appointments/${APPOINTMENT.toUpperCase()}`)).toEqual({
      action: 'appointment.update',
      resource_type: 'appointment',
      resource_id: APPOINTMENT,
      lead_id: null,
      fromAnswer: 'rescheduled',
    });
  });

  it('records reading and changing the block list, an entry removed by its id', () => {
    const list = '/api/v1/practices/p1/blocked-numbers';
    expect(auditTargetOf('GET', list)).toEqual({
      action: 'blocked_number.list',
      resource_type: 'blocked_number',
      resource_id: null,
      lead_id: null,
    });
    expect(auditTargetOf('POST', list)).toEqual(expect.objectContaining({ action: 'blocked_number.add' }));
    expect(auditTargetOf('DELETE', `${list}/${APPOINTMENT}`)).toEqual({
      action: 'blocked_number.remove',
      resource_type: 'blocked_number',
      resource_id: APPOINTMENT,
      lead_id: null,
    });
  });

  it("records reading analytics' Realtime lists, which name leads, like a lead list (no ids)", () => {
    expect(auditTargetOf('GET', '/api/v1/analytics/realtime/pageviews')).toEqual({
      action: 'realtime.pageviews_read',
      resource_type: 'lead',
      resource_id: null,
      lead_id: null,
    });
    expect(auditTargetOf('GET', '/api/v1/analytics/realtime/events/')).toEqual({
      action: 'realtime.lead_events_read',
      resource_type: 'lead',
      resource_id: null,
      lead_id: null,
    });
  });

  it('keeps an id that is not a UUID out of the entry', () => {
    expect(auditTargetOf('GET', "/api/v1/people/'%20OR%201=1--")).toEqual(
      expect.objectContaining({ action: 'lead.read', resource_id: null, lead_id: null }),
    );
    expect(uuidOrNull('not-a-uuid')).toBeNull();
  });

  it.each([
    ['GET', '/api/v1/people/stats'],
    ['DELETE', `/api/v1/people/${LEAD}`],
    ['GET', `/api/v1/people/${LEAD}/unknown`],
    ['GET', '/api/v1/calendar/integrations'],
    ['GET', '/api/v1/practices/p/knowledge'],
    ['POST', '/api/v1/tracking/events'],
    ['GET', '/api/v1/analytics/metrics'],
    ['POST', '/api/v1/analytics/realtime/pageviews'],
    ['GET', '/api/v1/analytics/realtime/unknown'],
  ])('does not record %s %s (no patient record)', (method, path) => {
    expect(auditTargetOf(method, path)).toBeNull();
  });
});

describe('the action of a lead action, from its body', () => {
  const body = (value: unknown) => Buffer.from(JSON.stringify(value));

  it('calls a staff text or e-mail a message sent, and keeps nothing else of the body', () => {
    expect(leadActionAudit(body({ action: 'sms_sent', message: 'Your results are ready' }))).toBe(
      'message.send',
    );
    expect(leadActionAudit(body({ action: 'email_sent', subject: 'Hi', message: 'x' }))).toBe('message.send');
    expect(leadActionAudit(body({ action: 'phone_call_sent', notes: 'voicemail' }))).toBe('call.log');
    expect(leadActionAudit(body({ action: 'patient_scheduled' }))).toBe('lead.schedule');
    expect(leadActionAudit(body({ action: 'patient_wants_removal' }))).toBe('lead.remove');
    expect(leadActionAudit(body({ action: 'snooze' }))).toBe('lead.snooze');
    expect(leadActionAudit(body({ action: 'switch_control_mode' }))).toBe('lead.control_mode');
  });

  it.each([
    ['no body', undefined],
    ['not JSON', Buffer.from('{"action":')],
    ['an unknown action', body({ action: 'toString' })],
    ['a number', body({ action: 1 })],
    ['null', body(null)],
  ])('is lead.action for %s', (_label, value) => {
    expect(leadActionAudit(value)).toBe('lead.action');
  });
});

describe('ids from a forwarded answer', () => {
  const body = (value: unknown) => Buffer.from(JSON.stringify(value));

  it('reads a created lead, a booked and a moved appointment', () => {
    expect(idsFromAnswer('person', body({ person_id: LEAD, first_name: 'Sofia' }))).toEqual({
      resource_id: LEAD,
      lead_id: LEAD,
    });
    expect(idsFromAnswer('appointment', body({ appointment_id: APPOINTMENT, person_id: LEAD }))).toEqual({
      resource_id: APPOINTMENT,
      lead_id: LEAD,
    });
    expect(
      idsFromAnswer(
        'rescheduled',
        body({ success: true, appointment: { appointment_id: APPOINTMENT, person_id: null } }),
      ),
    ).toEqual({ resource_id: APPOINTMENT, lead_id: null });
  });

  it('answers nulls for an error or another shape', () => {
    expect(idsFromAnswer('person', body({ detail: 'Not found' }))).toEqual({
      resource_id: null,
      lead_id: null,
    });
    expect(idsFromAnswer('rescheduled', body({ success: false }))).toEqual({
      resource_id: null,
      lead_id: null,
    });
    expect(idsFromAnswer('appointment', Buffer.from('<html>'))).toEqual({ resource_id: null, lead_id: null });
  });
});
