// `npm run simulate`: a living demo practice. Drives the running local stack (npm start) with website traffic
// as practices' visitors make it — the tracking script's events through the public ingress, forms that become
// leads, replies on the sandbox channels, consultations booked by the front desk. See README.md beside it and
// docs/decisions/0030-traffic-simulator.md.
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { candidateSlots } from './booking';
import { Gateway, HttpError, StackError, type Location, type Practice } from './client';
import { compactPast, batches, visitEvents, type TimedEvent, type TrackingEvent } from './events';
import {
  choosePractice,
  parseOptions,
  shortLocationName,
  USAGE,
  UsageError,
  type SimulateOptions,
} from './options';
import {
  geoHeaders,
  nextArrivalSeconds,
  planVisit,
  practiceKind,
  replyText,
  seededRandom,
  stateOfAddress,
  type PlanContext,
  type Random,
  type VisitPlan,
} from './traffic';

/** How far back a quick fill spreads its visitors: inside Realtime's default 30 minutes. */
const BURST_WINDOW_MS = 25 * 60_000;
/** How long to wait for a form to become a lead (intake), and for the AI's first answer before replying. */
const LEAD_WAIT_MS = 90_000;
const ANSWER_WAIT_MS = 180_000;

interface Stats {
  visitors: number;
  pageviews: number;
  forms: number;
  leads: number;
  replies: number;
  bookings: number;
  bySource: Map<string, number>;
}

const time = () => new Date().toLocaleTimeString('en-US', { hour12: false });
const say = (text: string) => console.log(`${time()}  ${text}`);
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname;
};
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const minutesSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60)}m${String(seconds % 60).padStart(2, '0')}s`;

class Simulator {
  private readonly stop = new AbortController();
  private readonly stats: Stats = {
    visitors: 0,
    pageviews: 0,
    forms: 0,
    leads: 0,
    replies: 0,
    bookings: 0,
    bySource: new Map(),
  };
  /** Pages being read right now: their pageview, to send the pageleave if the simulation stops first. */
  private readonly openPages = new Map<
    string,
    { plan: VisitPlan; pageview: TrackingEvent; openedAt: number }
  >();
  private readonly followUps = new Set<Promise<void>>();
  private readonly visitorIds: string[] = [];
  private geoChecked = false;

  constructor(
    private readonly options: SimulateOptions,
    private readonly gateway: Gateway,
    private readonly practice: Practice,
    private readonly context: PlanContext,
    private readonly location: Location | null,
    private readonly sandbox: { sms: boolean; email: boolean },
    private readonly random: Random,
  ) {
    // Every visitor and follow-up waits on the one stop signal.
    setMaxListeners(0, this.stop.signal);
  }

  get signal() {
    return this.stop.signal;
  }

  abort() {
    this.stop.abort();
  }

  /** Waits `ms` unless the simulation is stopped first; false when stopped. */
  private wait(ms: number): Promise<boolean> {
    if (this.signal.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.signal.removeEventListener('abort', onAbort);
        resolve(true);
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        resolve(false);
      };
      this.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private headersOf(plan: VisitPlan): Record<string, string> {
    return {
      'user-agent': plan.userAgent,
      origin: new URL(this.context.siteUrl).origin,
      ...geoHeaders(plan.city, this.options.geo),
    };
  }

  /** Prints a visitor's arrival; `planned` mentions the form they are going to send (live mode). */
  announce(plan: VisitPlan, prefix = '', planned = true) {
    const total = plan.pages.reduce((sum, page) => sum + page.dwell, 0);
    const first = plan.pages[0];
    this.stats.visitors++;
    this.stats.bySource.set(plan.source, (this.stats.bySource.get(plan.source) ?? 0) + 1);
    this.visitorIds.push(plan.visitorId);
    say(
      `${prefix}visitor from ${plan.city.city}, ${plan.city.state} via ${plan.source} → ${pathOf(first.url)}` +
        ` (${plan.pages.length} page${plan.pages.length > 1 ? 's' : ''}, ${minutesSeconds(total)}${plan.form && planned ? ', will send a form' : ''})`,
    );
  }

  private count(events: TrackingEvent[]) {
    for (const event of events) {
      if (event.type === 'pageview') this.stats.pageviews++;
      if (event.type === 'form') this.stats.forms++;
    }
  }

  /** Live: the visitor reads the site in real time, each event posted when it happens. */
  async liveVisit(plan: VisitPlan): Promise<void> {
    this.announce(plan);
    const start = Date.now();
    const headers = this.headersOf(plan);
    for (const item of visitEvents(plan, start)) {
      if (!(await this.wait(item.at - Date.now()))) return;
      await this.gateway.track(this.practice.site_key, [item.event], headers, this.signal);
      this.count([item.event]);
      if (item.event.type === 'pageview') {
        this.openPages.set(plan.visitorId, { plan, pageview: item.event, openedAt: item.at });
      } else if (item.event.type === 'pageleave') {
        this.openPages.delete(plan.visitorId);
      } else if (item.event.type === 'form') {
        say(
          `form from ${plan.form!.person.firstName} ${plan.form!.person.lastName} about ${plan.form!.procedure} on ${pathOf(item.event.url)}`,
        );
        this.followUp(plan);
      }
      if (!this.geoChecked && this.stats.pageviews >= 3) {
        this.geoChecked = true;
        this.checkGeoLater(10_000);
      }
    }
  }

  /** Quick fill: the visitor came some minutes ago; what happened until now is posted at once. */
  async pastVisit(plan: VisitPlan, start: number): Promise<TimedEvent[]> {
    const events = compactPast(visitEvents(plan, start), Date.now());
    const headers = this.headersOf(plan);
    for (const batch of batches(events.map((item) => item.event))) {
      await this.gateway.track(this.practice.site_key, batch, headers, this.signal);
      this.count(batch);
    }
    return events;
  }

  /** The visitors still reading leave (as the script's pagehide would report), so nobody stays "on the page". */
  async leaveAll(): Promise<void> {
    const open = [...this.openPages.values()];
    this.openPages.clear();
    await Promise.allSettled(
      open.map(({ plan, pageview, openedAt }) => {
        const seconds = Math.max(1, Math.round((Date.now() - openedAt) / 1000));
        const event: TrackingEvent = {
          ...pageview,
          event_id: randomUUID(),
          type: 'pageleave',
          occurred_at: new Date().toISOString(),
          pageview_id: pageview.event_id,
          duration_seconds: seconds,
        };
        return this.gateway.track(this.practice.site_key, [event], this.headersOf(plan));
      }),
    );
  }

  private track(work: Promise<void>) {
    const tracked = work.catch((error) =>
      say(`  (${error instanceof Error ? error.message : String(error)})`),
    );
    this.followUps.add(tracked);
    void tracked.finally(() => this.followUps.delete(tracked));
  }

  async settle(): Promise<void> {
    while (this.followUps.size > 0) await Promise.allSettled([...this.followUps]);
  }

  /** After a form: the lead appears (people's intake), may reply to the AI's answer, may be booked. */
  followUp(plan: VisitPlan) {
    this.track(this.leadJourney(plan));
  }

  private async leadJourney(plan: VisitPlan): Promise<void> {
    const person = plan.form!.person;
    const name = `${person.firstName} ${person.lastName}`;
    const lead = await this.poll(LEAD_WAIT_MS, 3000, () =>
      this.gateway.findLead(this.practice.id, person.email),
    );
    if (!lead) {
      if (!this.signal.aborted)
        say(`  ${name}'s form has not become a lead yet (is the people service running?)`);
      return;
    }
    this.stats.leads++;
    say(`lead ${name} is in Leads; the AI is on it`);
    const replies = this.random() < this.options.replyRate;
    const books = this.random() < this.options.bookRate;
    if (replies && (this.sandbox.sms || this.sandbox.email)) await this.reply(lead.person_id, name);
    if (books && this.location && !this.signal.aborted)
      await this.book(lead.person_id, name, plan.form!.procedure);
  }

  /**
   * The lead answers the AI's message on the channel it came by. A practice that reviews the AI's messages first
   * (semi-automatic) gets its draft approved by the front desk ('Approve & Send'); a lead the AI handed to staff
   * (escalated) waits for a person and does not reply here.
   */
  private async reply(personId: string, name: string) {
    let approved = false;
    const channel = await this.poll(ANSWER_WAIT_MS, 5000, async () => {
      const events = await this.gateway.leadEvents(personId);
      const sent = events.find(
        (event) =>
          (event.event_type === 'sms_sent' && this.sandbox.sms) ||
          (event.event_type === 'email_sent' && this.sandbox.email),
      );
      if (sent) return sent.event_type === 'sms_sent' ? ('sms' as const) : ('email' as const);
      const lead = await this.gateway.lead(personId);
      if (lead.pending_review_type === 'escalate') return 'escalated' as const;
      if (lead.pending_review_type === 'approval' && !approved) {
        approved = true;
        await this.gateway.approveDecision(personId);
        say(`the front desk approved the AI's answer to ${name}`);
      }
      return null;
    });
    if (!channel || channel === 'escalated') {
      if (channel === 'escalated') say(`${name} asked for a person: the lead waits for staff in Leads`);
      return;
    }
    if (!(await this.wait(this.options.burst === null ? 10_000 + this.random() * 50_000 : 0))) return;
    const message = replyText(this.random);
    await this.gateway.simulateReply(personId, channel, message);
    this.stats.replies++;
    say(`${name} replied by ${channel === 'sms' ? 'text' : 'e-mail'}: "${message}"`);
  }

  private async book(personId: string, name: string, procedure: string) {
    const location = this.location!;
    for (const start of candidateSlots(this.random, new Date(), location.timezone, location.business_hours)) {
      try {
        await this.gateway.book(this.practice.id, location.id, {
          person_id: personId,
          title: `${procedure} consultation`,
          start_time: start.toISOString(),
          end_time: new Date(start.getTime() + 30 * 60_000).toISOString(),
          description: 'Booked by the front desk after the website inquiry',
          location: location.name,
        });
        this.stats.bookings++;
        const when = start.toLocaleString('en-US', {
          timeZone: location.timezone,
          weekday: 'short',
          month: 'short',
          day: 'numeric',
          hour: 'numeric',
          minute: '2-digit',
        });
        say(`booked ${name}: ${procedure} consultation, ${when} at ${location.name}`);
        return;
      } catch (error) {
        // Taken (409) or outside what the calendar accepts (422): the next free slot.
        if (!(error instanceof HttpError) || (error.status !== 409 && error.status !== 422)) throw error;
      }
    }
    say(`  no free slot found to book ${name}`);
  }

  private async poll<T>(limitMs: number, everyMs: number, check: () => Promise<T | null>): Promise<T | null> {
    const deadline = Date.now() + limitMs;
    while (!this.signal.aborted && Date.now() < deadline) {
      const found = await check();
      if (found) return found;
      if (!(await this.wait(everyMs))) break;
    }
    return null;
  }

  checkGeoLater(afterMs: number) {
    this.track(this.checkGeo(afterMs));
  }

  /** Tells whether the stack located the visitors; if not, how to make it trust the location headers. */
  async checkGeo(afterMs: number): Promise<void> {
    if (this.options.geo === 'none') return;
    const ours = new Set(this.visitorIds);
    if (!(await this.wait(afterMs))) return;
    const seen = await this.poll(20_000, 3000, async () => {
      const rows = (await this.gateway.realtimePageviews(this.practice.id)).filter((row) =>
        ours.has(row.visitor_id),
      );
      return rows.length > 0 ? rows : null;
    });
    if (!seen) return;
    if (seen.some((row) => row.city)) {
      say(`Realtime shows the visitors' cities (via ${this.options.geo}'s location headers)`);
    } else {
      say(
        `Note: the stack does not read ${this.options.geo}'s location headers, so visitors have no city and the map stays empty.\n` +
          `          Restart \`npm start\` (the local stack trusts them) or give analytics TRACKING_GEO_HEADERS=${this.options.geo}.`,
      );
    }
  }

  summary(): string {
    const sources = [...this.stats.bySource.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([source, count]) => `${source} ${count}`)
      .join(', ');
    const { visitors, pageviews, forms, leads, replies, bookings } = this.stats;
    return (
      `${plural(visitors, 'visitor')} (${sources || 'none'}), ${plural(pageviews, 'pageview')}, ` +
      `${plural(forms, 'form')}, ${plural(leads, 'new lead')} seen, ${plural(replies, 'reply', 'replies')}, ` +
      plural(bookings, 'booking')
    );
  }
}

async function main() {
  let options: SimulateOptions;
  try {
    options = parseOptions(process.argv.slice(2), process.env);
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exit(2);
    }
    throw error;
  }
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const gateway = new Gateway(options.url);
  await gateway.signIn(options.email, options.password);
  const practice = choosePractice(await gateway.practices(), options.practice);
  if (!practice.website_url) {
    throw new StackError(
      `${practice.name} has no website address (Settings → Practice): the visits need one.`,
    );
  }
  const locations = (await gateway.locations(practice.id)).filter((location) => location.is_active);
  const primary = locations.find((location) => location.is_primary) ?? locations[0] ?? null;
  const sandbox = await gateway.sandboxChannels(practice.id);
  const random = options.seed === null ? Math.random : seededRandom(options.seed);
  const context: PlanContext = {
    siteUrl: practice.website_url,
    kind: practiceKind(practice.name),
    homeState: stateOfAddress(primary?.address),
    locations: locations.map((location) => shortLocationName(location.name)),
    formRate: options.formRate,
    // A phone on a form lets the AI text and call it: only while those stay in the sandbox.
    withPhone: sandbox.sms,
  };
  const simulator = new Simulator(options, gateway, practice, context, primary, sandbox, random);
  const leadsBefore = await gateway.leadCount(practice.id);

  console.log(
    `Simulating ${practice.name} (site key ${practice.site_key}, ${practice.website_url}) against ${options.url}\n` +
      `  ${
        options.burst !== null
          ? `quick fill: ${options.burst} visitors of the last 25 minutes`
          : `${options.rate} visitors a minute ${options.minutes > 0 ? `for ${plural(options.minutes, 'minute')}` : 'until Ctrl-C'}`
      }; forms ${Math.round(options.formRate * 100)}%, replies ${Math.round(options.replyRate * 100)}%` +
      ` (${sandbox.sms ? 'texts' : ''}${sandbox.sms && sandbox.email ? ' and ' : ''}${sandbox.email ? 'e-mail' : ''}${
        sandbox.sms || sandbox.email ? ' in the sandbox' : 'no sandbox channel: no replies'
      }), bookings ${Math.round(options.bookRate * 100)}%${primary ? ` at ${primary.name}` : ' (no location: none)'}` +
      `; visitor location: ${options.geo === 'none' ? 'none' : `${options.geo} headers`}\n` +
      `  Ctrl-C stops (the visitors still reading leave first).\n`,
  );

  let interrupted = 0;
  process.on('SIGINT', () => {
    interrupted++;
    if (interrupted > 1) {
      console.log('\nStopped.');
      process.exit(130);
    }
    console.log('\nStopping: visitors leave, follow-ups end (Ctrl-C again to quit at once)...');
    simulator.abort();
  });

  if (options.burst !== null) {
    const now = Date.now();
    const plans = Array.from({ length: options.burst }, () => ({
      plan: planVisit(random, context),
      start: now - Math.floor(random() * BURST_WINDOW_MS),
    })).sort((a, b) => a.start - b.start);
    for (const { plan, start } of plans) {
      if (simulator.signal.aborted) break;
      const ago = Math.round((now - start) / 60_000);
      simulator.announce(plan, `${String(ago).padStart(2)} min ago: `, false);
      const sent = await simulator.pastVisit(plan, start);
      if (sent.some((item) => item.event.type === 'form')) {
        say(
          `  form from ${plan.form!.person.firstName} ${plan.form!.person.lastName} about ${plan.form!.procedure}`,
        );
        simulator.followUp(plan);
      }
    }
    simulator.checkGeoLater(5000);
    say(
      'waiting for the forms to become leads, the AI to answer and the replies and bookings (Ctrl-C skips)...',
    );
    await simulator.settle();
  } else {
    const endAt = options.minutes > 0 ? Date.now() + options.minutes * 60_000 : Infinity;
    const visits = new Set<Promise<void>>();
    const timer =
      endAt === Infinity
        ? null
        : setTimeout(
            () => {
              say(
                `${plural(options.minutes, 'minute')} ${options.minutes === 1 ? 'is' : 'are'} up: the visitors still reading leave`,
              );
              simulator.abort();
            },
            Math.max(0, endAt - Date.now()),
          );
    while (!simulator.signal.aborted) {
      const visit = simulator.liveVisit(planVisit(random, context)).catch((error) => {
        say(`  ${error instanceof Error ? error.message : String(error)}`);
        if (error instanceof StackError) simulator.abort();
      });
      visits.add(visit);
      void visit.finally(() => visits.delete(visit));
      const gap = nextArrivalSeconds(random, options.rate) * 1000;
      await new Promise<void>((resolve) => {
        const wake = setTimeout(resolve, gap);
        simulator.signal.addEventListener(
          'abort',
          () => {
            clearTimeout(wake);
            resolve();
          },
          { once: true },
        );
      });
    }
    if (timer) clearTimeout(timer);
    await Promise.allSettled([...visits]);
    await simulator.leaveAll();
    await simulator.settle();
  }
  const leadsAfter = await gateway.leadCount(practice.id).catch(() => null);
  console.log(
    `\nDone: ${simulator.summary()}.` +
      (leadsAfter === null
        ? ''
        : `\n${practice.name} now has ${leadsAfter} leads (${leadsAfter - leadsBefore} new).`) +
      `\nSee it in the console: ${options.url} (Realtime Activity, Leads, Calendar).`,
  );
}

main().then(
  () => process.exit(0),
  (error) => {
    if (error instanceof StackError || error instanceof UsageError) console.error(`\n${error.message}`);
    else console.error(error);
    process.exit(1);
  },
);
