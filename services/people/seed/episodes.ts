import { Channels, Draft, HOUR, MINUTE, SECOND } from './channels';
import { seedId } from './prng';
import * as T from './texts';

const iso = (ms: number) => new Date(ms).toISOString();

const GENERIC_PAGES = [
  { path: '/pricing', title: 'Pricing' },
  { path: '/before-after', title: 'Before & After Gallery' },
  { path: '/about', title: 'About Us' },
  { path: '/financing', title: 'Financing Options' },
  { path: '/specials', title: 'Monthly Specials' },
  { path: '/reviews', title: 'Patient Reviews' },
];

const REFERRERS = [
  'https://www.google.com/',
  'https://www.google.com/',
  'https://www.instagram.com/',
  'https://www.facebook.com/',
  'https://www.bing.com/',
  'https://www.yelp.com/',
  '',
];

/**
 * Timeline episodes (a web session, an SMS exchange, a booking...): a few events close together, in the
 * shapes of docs/product/leads.md#event and of what the console's timeline groups (sessions by session_id, forms
 * merged within 5 minutes by page, calls merged by call_sid).
 */
export class Episodes extends Channels {
  /** A website session: a visit, 1-4 pageviews, and optionally the form that made the visitor a lead. */
  webSession(t: number, withForm: boolean): Draft[] {
    const r = this.rng;
    const session = `sess_${r.hex(20)}`;
    const visitor = `web:v_${r.hex(12)}`;
    const referrer = r.pick(REFERRERS);
    const slug = this.practice.procedures.find((p) => p.name === this.vars.proc)?.slug ?? '';
    const target = {
      url: `${this.practice.website}/${slug}`,
      title: `${this.vars.proc} | ${this.practice.name}`,
    };
    const pages = [
      ...r.sample(GENERIC_PAGES, r.int(0, 3)).map((p) => ({
        url: `${this.practice.website}${p.path}`,
        title: `${p.title} | ${this.practice.name}`,
      })),
      target,
    ];
    const visit = { url: pages[0].url, title: pages[0].title, referrer };
    const drafts: Draft[] = [
      { type: 'website_visit', at: t, session_id: session, source_identifier: visitor, content: visit },
    ];
    let at = t + r.int(1, 4) * SECOND;
    let last = at;
    for (const [index, page] of pages.entries()) {
      // About one page in three is read long enough (120 s or more) to count as engaged.
      const duration = r.chance(0.35) ? r.int(120, 420) : r.int(8, 110);
      const content = { ...page, referrer, duration_seconds: duration };
      // One id per pageview, as analytics' pageview id is on a real lead's (one event per pageview and practice).
      const pageview = `${visitor}:${session}:${index}`;
      drafts.push({ type: 'pageview', at, session_id: session, source_identifier: pageview, content });
      last = at;
      at += duration * SECOND;
    }
    return withForm ? [...drafts, this.form(last, session, visitor, target)] : drafts;
  }

  /**
   * The form: mostly inside its session; now and then without a session id, on the same page with a
   * #hash and within 5 minutes of its pageview, so the console's merge rule has something to merge.
   */
  private form(
    pageviewAt: number,
    session: string,
    visitor: string,
    page: { url: string; title: string },
  ): Draft {
    const r = this.rng;
    const detached = r.chance(0.25);
    const p = this.plan.phone;
    return {
      type: 'form_submission',
      at: pageviewAt + r.int(20, 280) * SECOND,
      session_id: detached ? null : session,
      source_identifier: visitor,
      content: {
        url: detached ? `${page.url}#${r.pick(['book', 'consultation', 'contact-form'])}` : page.url,
        title: page.title,
        form_data: {
          name: [this.plan.first_name, this.plan.last_name].filter(Boolean).join(' '),
          email: this.plan.email ?? '',
          phone: p ? `(${p.slice(2, 5)}) ${p.slice(5, 8)}-${p.slice(8)}` : '',
          message: this.inbound(T.FORM_MESSAGES, this.plan.markup),
          procedure: this.vars.proc,
        },
      },
      meta: this.analysed(),
    };
  }

  /** The AI's first touch after an inquiry: SMS when there is a phone, else email. */
  firstTouch(at: number): Draft {
    return this.message(at, this.text(T.AI_FIRST_SMS), this.text(T.EMAIL_SUBJECTS), this.byAi('first'));
  }

  outboundCall(t: number, answered: boolean): Draft[] {
    return this.call(t, 'sent', answered, this.byAi(answered ? 'engaged' : 'call'));
  }

  /** The lead called in; the AI answered and followed up in writing. */
  inboundCall(t: number): Draft[] {
    const call = this.call(t, 'received', true, {});
    const end = call[call.length - 1].at + this.rng.int(40, 120) * SECOND;
    return [...call, this.sms('sms_sent', end, this.text(T.AI_FIRST_SMS), this.byAi('first'))];
  }

  /** The lead asks, the AI answers: 1-3 turns, by SMS or (no phone) by email. */
  conversation(t: number, turns: number, markup = false): Draft[] {
    const r = this.rng;
    const drafts: Draft[] = [];
    const subject = `Re: ${this.text(T.EMAIL_SUBJECTS)}`;
    let at = t;
    for (let i = 0; i < turns; i++) {
      const asked = i === 0 ? this.inbound(this.practice.questions, markup) : this.text(T.LEAD_REPLIES);
      drafts.push(this.reply(at, T.fill(asked, this.vars), subject));
      const answer = this.text(this.plan.phone ? T.AI_REPLIES : T.AI_EMAILS);
      drafts.push(this.message(at + r.int(30, 400) * SECOND, answer, subject, this.byAi('reply')));
      at += r.int(10, 90) * MINUTE;
    }
    return drafts;
  }

  emailThread(t: number, replied: boolean): Draft[] {
    if (!this.plan.email) return [];
    const subject = this.text(T.EMAIL_SUBJECTS);
    const sent = this.email('email_sent', t, subject, this.text(T.AI_EMAILS), this.byAi('followUp'));
    if (!replied) return [sent];
    const at = t + this.rng.int(25, 300) * MINUTE;
    return [sent, this.email('email_received', at, `Re: ${subject}`, this.text(T.LEAD_EMAILS))];
  }

  /** A scheduled action that ran: the execution record, then what it sent. */
  followUp(t: number): Draft[] {
    const viaSms = Boolean(this.plan.phone) && (!this.plan.email || this.rng.chance(0.7));
    const executed: Draft = {
      type: 'action_executed',
      at: t,
      content: {
        action_type: viaSms ? 'send_sms' : 'send_email',
        status: 'completed',
        reason: 'No reply yet; scheduled follow-up',
      },
      meta: this.byAi('followUp'),
    };
    const text = this.text(viaSms ? T.AI_FIRST_SMS : T.AI_EMAILS);
    return [executed, this.message(t + 2 * SECOND, text, this.text(T.EMAIL_SUBJECTS), this.byAi('followUp'))];
  }

  scheduledAction(t: number, start: number, actionType: string, reason: string): Draft {
    return {
      type: 'scheduled_action',
      at: t,
      content: { action_type: actionType, reason, start_time: iso(start) },
      meta: this.byAi('schedule'),
    };
  }

  /** The lead asks for something only staff can give; the AI escalates. Resolved: staff called back. */
  escalation(t: number, open: boolean): Draft[] {
    const r = this.rng;
    const ask = `Can I talk to someone on your team? ${T.fill(r.pick(this.practice.questions), this.vars)}`;
    const inbound = this.reply(t, ask, 'Question before I book');
    const escalation: Draft = {
      type: 'ai_escalation',
      at: t + r.int(20, 90) * SECOND,
      content: {
        reason: r.pick(this.practice.escalationReasons),
        priority: r.pick(['high', 'high', 'medium', 'urgent']),
        ...(open ? {} : { outcome_logged: true }),
      },
      meta: { ai_reasoning: r.pick(T.AI_ESCALATION_REASONING) },
    };
    if (open || !this.plan.phone) return [inbound, escalation];
    return [
      inbound,
      escalation,
      ...this.call(escalation.at + r.int(20, 240) * MINUTE, 'sent', true, this.byStaff()),
    ];
  }

  /** The id of the appointment booked for `start` (its calendar row has the same one). */
  private appointmentId(start: number): string {
    return seedId(`${this.plan.key}:appointment:${start}`);
  }

  /** An appointment booked (by the AI or staff), with its confirmation in local time. */
  appointment(t: number, start: number, title: string, byStaff: boolean): Draft[] {
    const location = this.rng.pick(this.practice.locations).name;
    const meta = byStaff ? this.byStaff() : this.byAi('booking');
    const booked: Draft = {
      type: 'appointment_scheduled',
      at: t,
      content: {
        appointment_id: this.appointmentId(start),
        title,
        start_time: iso(start),
        end_time: iso(start + 30 * MINUTE),
        location,
      },
      meta,
    };
    const when = new Date(start + this.practice.utcOffsetHours * HOUR).toLocaleString('en-US', {
      weekday: 'long',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: 'UTC',
    });
    const text = T.fill(this.rng.pick(T.CONFIRM_SMS), { ...this.vars, title, when, location });
    return [booked, this.message(t + 30 * SECOND, text, `Confirmed: ${title}`, meta)];
  }

  /** The appointment booked for `from` moved to `to` (it keeps its id, as a calendar move does). */
  rescheduled(t: number, from: number, to: number): Draft {
    return {
      type: 'appointment_rescheduled',
      at: t,
      content: {
        appointment_id: this.appointmentId(from),
        start_time: iso(to),
        end_time: iso(to + 30 * MINUTE),
        from_start_time: iso(from),
        from_end_time: iso(from + 30 * MINUTE),
      },
      meta: this.byStaff(),
    };
  }

  cancelled(t: number, start: number): Draft[] {
    const reason = this.text(T.CANCEL_REPLIES);
    return [
      this.reply(t, reason, 'Cancel my appointment'),
      {
        type: 'appointment_cancelled',
        at: t + this.rng.int(1, 30) * MINUTE,
        content: {
          appointment_id: this.appointmentId(start),
          cancelled_start_time: iso(start),
          cancelled_end_time: iso(start + 30 * MINUTE),
          reason,
        },
        meta: this.byStaff(),
      },
    ];
  }

  /** A note from the practice around a visit (thanks, or "we missed you"). */
  note(t: number, templates: readonly string[]): Draft {
    return this.message(t, this.text(templates), `A note from ${this.practice.name}`, this.byAi('note'));
  }

  /** Staff corrected a field the lead mistyped (the lead's current value is the corrected one). */
  fieldUpdate(t: number): Draft | null {
    const { email, phone, last_name } = this.plan;
    // A mistyped domain, two swapped digits, or a name typed in lower case.
    const change = email
      ? { field: 'primary_email', now: email, old: email.replace('.example', '.exmaple') }
      : phone
        ? {
            field: 'primary_phone',
            now: phone,
            old: `${phone.slice(0, -2)}${phone.slice(-1)}${phone.slice(-2, -1)}`,
          }
        : last_name
          ? { field: 'last_name', now: last_name, old: last_name.toLowerCase() }
          : null;
    if (!change) return null;
    const content = { field: change.field, old_value: change.old, new_value: change.now };
    return { type: 'person_field_updated', at: t, content, meta: this.byStaff() };
  }

  /** The lead opted out or went elsewhere; outreach stops. */
  closeOut(t: number): Draft[] {
    const reply = this.text(T.CLOSE_OUT_REPLIES);
    const optOut = reply === 'STOP';
    return [
      this.reply(t, reply, 'Re: your inquiry'),
      {
        type: 'outreach_stopped',
        at: t + (optOut ? 2 * SECOND : this.rng.int(10, 300) * MINUTE),
        content: {
          reason: optOut ? 'opt_out' : 'not_interested',
          channel: this.plan.phone ? 'sms' : 'email',
        },
        meta: optOut ? { description: 'Lead replied STOP; all outreach stopped' } : this.byStaff(),
      },
    ];
  }
}
