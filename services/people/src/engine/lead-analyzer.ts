import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import type { InquiryChannel, LanguageModel, LeadScore, Understanding } from '@pp/ai';
import { PendingReviewTypes } from '@pp/contracts';
import { returnedRows } from '@pp/platform';
import { DataSource, EntityManager, In } from 'typeorm';
import { eachAlone, errorKind } from '../batch-fallback';
import { PracticeKnowledge, PracticeOffer } from '../knowledge-context/practice-knowledge';
import { dismissOpenDecision } from '../decisions/review-items';
import { Person } from '../persons/person.entity';
import { lockPeople } from '../persons/lock-people';
import { writePeople } from '../persons/write-people';
import {
  AppendOptions,
  annotateEvents,
  EventAnnotation,
  LeadActivity,
  NewTimelineEvent,
} from '../timeline/lead-activity';
import { ActionScheduler, ScheduleItem } from './action-scheduler';
import { Clock } from './clock';
import type { ConsentFacts } from './consent-rules';
import { readConsentFactsOf, withdrawConsents } from './consent-store';
import { contactClock, stateOfAddress } from './contact-clock';
import { decide, Decision, PracticeFacts, TriggerChannel } from './decision-rules';
import { EngineAnalysis } from './engine-analysis.entity';
import {
  currentActionId,
  endScheduledActions,
  leadFacts,
  lockPerson,
  outboundFacts,
  patchOutreachState,
  readTimeline,
  readTimelines,
} from './engine-store';
import {
  aiInsights,
  behavioralInsights,
  calculatedMetrics,
  contentAnalysis,
  conversation,
  eventText,
  formFields,
  INBOUND_TYPES,
  TimelineFact,
} from './insights-rules';
import { LANGUAGE_MODEL } from './language-model';
import { matchedLocationId } from './lead-location';
import { leadScore } from './lead-scoring';
import { EnginePractice, leadLocation, PracticeSettings } from './practice-settings';
import { quotableFacts } from './quotable-facts';
import { ReminderPlanner } from './reminder-planner';
import type { ContactClock } from './timing-rules';

export type AnalysisOutcome = 'skipped' | Decision['type'];

/** How many of a batch's inquiries the model reads at once (`runBatch`). */
export const MODEL_CALLS_AT_ONCE = 4;

/**
 * Runs a batch's model calls: an endpoint's a few at a time (they wait on the network); the built-in model's one at
 * a time, handing the event loop back between them, so the reading of a batch (CPU in this process) never holds up
 * the requests this process answers for longer than one message's reading.
 */
export async function eachModelCall<T>(
  model: Pick<LanguageModel, 'provider'> | null,
  items: readonly T[],
  call: (item: T) => Promise<unknown>,
): Promise<void> {
  const atOnce = model?.provider === 'openai-compatible' ? MODEL_CALLS_AT_ONCE : 1;
  for (let i = 0; i < items.length; i += atOnce) {
    if (i > 0) await new Promise((resolve) => setImmediate(resolve));
    await Promise.all(items.slice(i, i + atOnce).map(call));
  }
}

/** Failed reads of one analysis before it goes to a person (as many as the job's own attempts). */
export const MAX_ANALYSIS_ATTEMPTS = 5;

/** An analysis read and understood, before the lead is locked (LeadAnalyzer.prepare). */
interface Prepared {
  analysis: EngineAnalysis;
  practice: EnginePractice | null;
  trigger: TimelineFact | null;
  text: string | null;
  location: EnginePractice['locations'][number] | null;
  now: Date;
  facts: ReturnType<typeof quotableFacts>;
  /** Null when there is no message to read (withoutMessage, from the locked lead). */
  understood: Understanding | null;
}

/**
 * What the decisions of a batch read of its leads once they are locked (LeadAnalyzer.readLocked), and the writes
 * they leave for the end of the transaction, one statement each for the batch: the inbound events' annotations
 * and the planned actions.
 */
class LockedWork {
  readonly annotations: EventAnnotation[] = [];
  readonly schedules: ScheduleItem[] = [];
  /**
   * Timeline events a decision ends with (an escalation, a stop), appended for the batch at once
   * (`LeadActivity.appendMany`): each lead's announcement carries it as it is at the end, which is as it was
   * after its event (nothing is applied to a lead after its last event).
   */
  readonly appends: { person: Person; input: NewTimelineEvent; options?: AppendOptions }[] = [];
  /** The leads whose insights were stored (on the entities): written as they are at the end. */
  readonly understood = new Set<Person>();

  constructor(
    readonly timelines: Map<string, TimelineFact[]>,
    readonly consents: Map<string, ConsentFacts>,
    /** The leads with a scheduled action (engine_actions), as the lock found them. */
    readonly planned: Set<string>,
  ) {}

  async flush(manager: EntityManager, scheduler: ActionScheduler, activity: LeadActivity): Promise<void> {
    await annotateEvents(manager, this.annotations.splice(0));
    await activity.appendMany(manager, this.appends.splice(0), { writePeople: false });
    const planned = this.schedules.splice(0);
    await scheduler.scheduleMany(manager, planned, { writePeople: false });
    // Last, once per lead: every write before this one kept the entities in step.
    await writePeople(manager, [...new Set([...this.understood, ...planned.map((item) => item.person)])]);
    this.understood.clear();
  }
}

const DEFAULT_TIMEZONE = 'America/New_York';

/**
 * The `analyze-lead` job (docs/product/ai-engine.md#understanding-deciding-acting): read the inquiry with the
 * language model, store what it understood on the lead and its event, then decide and apply the decision, all
 * under the lead's row lock in one transaction. The model is called before the lock is taken.
 */
@Injectable()
export class LeadAnalyzer {
  private readonly logger = new Logger(LeadAnalyzer.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly activity: LeadActivity,
    private readonly scheduler: ActionScheduler,
    private readonly settings: PracticeSettings,
    private readonly clock: Clock,
    private readonly reminders: ReminderPlanner,
    @Optional() @Inject(LANGUAGE_MODEL) private readonly model: LanguageModel | null,
    @Optional() @Inject(PracticeKnowledge) private readonly knowledge: PracticeKnowledge | null,
  ) {}

  /**
   * One analysis. Should it fail (the model cannot read the message, a provider is down), the job's retries run it
   * again; the MAX_ANALYSIS_ATTEMPTS-th failure hands the lead to a person instead (`couldNotRead`): escalated,
   * never left unread.
   */
  async run(analysisId: string): Promise<AnalysisOutcome> {
    const analysis = await this.dataSource
      .getRepository(EngineAnalysis)
      .findOneBy({ analysis_id: analysisId });
    if (!analysis || analysis.status !== 'queued') return 'skipped';
    if (!this.model) throw new Error('No language model is configured');
    try {
      return await this.analyse(analysis, true);
    } catch (error) {
      const [{ attempts }] = returnedRows<{ attempts: number }>(
        await this.dataSource.query(
          `UPDATE "people"."engine_analyses" SET "attempts" = "attempts" + 1, "error" = $2
           WHERE "analysis_id" = $1 RETURNING "attempts"`,
          [analysisId, errorKind(error)],
        ),
      );
      if (attempts < MAX_ANALYSIS_ATTEMPTS) throw error;
      this.logger.warn(`analysis ${analysisId} failed ${attempts} times (${errorKind(error)}): to a person`);
      return this.analyse(analysis, false);
    }
  }

  /** `run`'s work: the model's reading (or, when `read` is false, none: a person reads it), then the decision. */
  private async analyse(analysis: EngineAnalysis, read: boolean): Promise<AnalysisOutcome> {
    const analysisId = analysis.analysis_id;
    // The lead itself is read once, locked, below: what the model reads comes from the timeline.
    const prepared = await this.prepare(
      analysis,
      await this.settings.practice(analysis.practice_id),
      this.knowledge ? await this.knowledge.offer(analysis.practice_id) : null,
      await readTimeline(this.dataSource.manager, analysis.person_id),
      read,
    );
    return this.dataSource.transaction(async (manager) => {
      const locked = await lockPerson(manager, analysis.person_id);
      const current = await manager.findOne(EngineAnalysis, {
        where: { analysis_id: analysisId },
        lock: { mode: 'pessimistic_write' },
      });
      const work = await this.readLocked(manager, [analysis.person_id]);
      const outcome = await this.applyLocked(manager, prepared, locked, current, work);
      await work.flush(manager, this.scheduler, this.activity);
      if (outcome !== 'skipped') await this.finish(manager, [analysisId]);
      return outcome;
    });
  }

  /**
   * What a decision reads of leads already locked, one statement each: their timelines, what they agreed to,
   * and which of them have a scheduled action.
   */
  private async readLocked(manager: EntityManager, personIds: readonly string[]): Promise<LockedWork> {
    const planned: { person_id: string }[] = await manager.query(
      `SELECT DISTINCT "person_id" FROM "people"."engine_actions"
       WHERE "person_id" = ANY($1::uuid[]) AND "status" = 'scheduled'`,
      [[...new Set(personIds)]],
    );
    return new LockedWork(
      await readTimelines(manager, personIds),
      await readConsentFactsOf(manager, personIds),
      new Set(planned.map((row) => row.person_id)),
    );
  }

  /**
   * Several analyses in one transaction (the leads of a batch of forms, ADR 0032): each is read and understood
   * as `run` does, with one statement for the batch where `run` takes one per lead (the analyses, the timelines,
   * the locks), and applied one after the other under the leads' locks, exactly as `run` applies one. Should the
   * batch fail, each runs alone, so one analysis that cannot be made holds up no other.
   */
  async runBatch(analysisIds: readonly string[]): Promise<AnalysisOutcome[]> {
    const analyses = await this.dataSource.getRepository(EngineAnalysis).find({
      where: { analysis_id: In([...analysisIds]), status: 'queued' },
      order: { created_at: 'ASC', analysis_id: 'ASC' },
    });
    if (analyses.length === 0) return [];
    if (!this.model) throw new Error('No language model is configured');
    try {
      const practices = new Map<string, Promise<EnginePractice | null>>();
      const offers = new Map<string, Promise<PracticeOffer | null>>();
      const once = <T>(map: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
        if (!map.has(key)) map.set(key, load());
        return map.get(key) as Promise<T>;
      };
      const timelines = await readTimelines(
        this.dataSource.manager,
        analyses.map((a) => a.person_id),
      );
      const prepareOne = async (analysis: EngineAnalysis) =>
        this.prepare(
          analysis,
          await once(practices, analysis.practice_id, () => this.settings.practice(analysis.practice_id)),
          this.knowledge
            ? await once(offers, analysis.practice_id, () => this.knowledge!.offer(analysis.practice_id))
            : null,
          timelines.get(analysis.person_id) ?? [],
        );
      const prepared: Prepared[] = new Array(analyses.length);
      await eachModelCall(this.model, [...analyses.keys()], async (i) => {
        prepared[i] = await prepareOne(analyses[i]);
      });
      return await this.dataSource.transaction(async (manager) => {
        const people = await lockPeople(
          manager,
          analyses.map((a) => a.person_id),
        );
        const current = new Map(
          (
            await manager.find(EngineAnalysis, {
              where: { analysis_id: In(analyses.map((a) => a.analysis_id)) },
              order: { analysis_id: 'ASC' },
              lock: { mode: 'pessimistic_write' },
            })
          ).map((row) => [row.analysis_id, row]),
        );
        const work = await this.readLocked(manager, [...people.keys()]);
        const applied = new Set<string>();
        const outcomes: AnalysisOutcome[] = [];
        for (const p of prepared) {
          const personId = p.analysis.person_id;
          const person = people.get(personId) ?? null;
          const row = current.get(p.analysis.analysis_id) ?? null;
          if (!applied.has(personId)) {
            outcomes.push(await this.applyLocked(manager, p, person, row, work));
          } else {
            // A lead's second analysis in the batch reads what its first one wrote.
            await work.flush(manager, this.scheduler, this.activity);
            const again = await this.readLocked(manager, [personId]);
            outcomes.push(await this.applyLocked(manager, p, person, row, again));
            await again.flush(manager, this.scheduler, this.activity);
          }
          applied.add(personId);
        }
        await work.flush(manager, this.scheduler, this.activity);
        await this.finish(
          manager,
          prepared.filter((_, i) => outcomes[i] !== 'skipped').map((p) => p.analysis.analysis_id),
        );
        return outcomes;
      });
    } catch (error) {
      this.logger.warn(
        `batch of ${analyses.length} analyses failed (${errorKind(error)}), one at a time now`,
      );
      return eachAlone(analyses, (analysis) => this.run(analysis.analysis_id), 'skipped' as const);
    }
  }

  /** What the model understood of the inquiry and what the decision needs, read before any lock is taken. */
  private async prepare(
    analysis: EngineAnalysis,
    practice: EnginePractice | null,
    offer: PracticeOffer | null,
    events: TimelineFact[],
    read = true,
  ): Promise<Prepared> {
    const trigger = analysis.trigger_event_id
      ? (events.find((e) => e.event_id === analysis.trigger_event_id) ?? null)
      : null;
    const text = trigger ? eventText(trigger) : null;
    // The location the inquiry names, else the one the lead's earlier inquiries named (a look without a message).
    const location = practice ? leadLocation(practice, matchedLocationId(practice, events, trigger)) : null;
    const now = this.clock.now();
    const facts = quotableFacts(offer, location, now);
    let understood: Understanding | null = null;
    if (text && !read) understood = couldNotRead(text);
    else if (text && this.model)
      understood = await this.model.understand(
        {
          channel: inquiryChannel(analysis.channel),
          text,
          subject: typeof trigger?.content_data.subject === 'string' ? trigger.content_data.subject : null,
          formFields: trigger ? formFields(trigger) : undefined,
          conversation: conversation(events, trigger?.event_id ?? null),
          practiceProcedures: offer?.procedures.map((p) => p.name) ?? [],
          receivedAt: trigger?.timestamp ?? now,
        },
        { correlationId: analysis.job_id },
      );
    return { analysis, practice, trigger, text, location, now, facts, understood };
  }

  /**
   * Stores what was understood, decides and applies the decision, the lead and the analysis row locked. The
   * caller marks the analysis done (one statement for a batch) unless this says `skipped`.
   */
  private async applyLocked(
    manager: EntityManager,
    prepared: Prepared,
    locked: Person | null,
    current: EngineAnalysis | null,
    work: LockedWork,
  ): Promise<AnalysisOutcome> {
    const { analysis, practice, trigger, text, location, now, facts, understood } = prepared;
    if (current?.status !== 'queued') return 'skipped' as const;
    if (!locked || locked.practice_id !== analysis.practice_id) {
      await this.fail(manager, analysis.analysis_id, 'The lead no longer exists');
      return 'skipped' as const;
    }
    const understanding = understood ?? withoutMessage(locked, trigger ? formFields(trigger) : {});
    const clock = await leadClock(locked, location);
    // The timeline as the lead's lock found it; this analysis' own writes come after.
    const fresh = work.timelines.get(locked.person_id) ?? [];
    const counts = outboundFacts(fresh, INBOUND_TYPES);
    const score = leadScore({
      understanding,
      facts,
      counts,
      metrics: calculatedMetrics(fresh),
      lead: {
        phone: Boolean(locked.primary_phone),
        email: Boolean(locked.primary_email),
        optedOut: locked.current_outreach_state?.opted_out === true,
      },
      now,
    });
    this.storeInsights(work, locked, understanding, score, fresh, now, counts);
    if (trigger && text) {
      work.annotations.push({
        person_id: locked.person_id,
        event_id: trigger.event_id,
        metadata: {
          ai_content_analysis: contentAnalysis(understanding),
          calculated_lead_score: score.lead_score,
        },
      });
    }

    const decision = decide({
      understanding,
      trigger: { channel: analysis.channel as TriggerChannel, text },
      lead: {
        ...leadFacts(locked, counts.outbound > 0),
        consent: work.consents.get(locked.person_id) as ConsentFacts,
      },
      practice: practiceFacts(practice, location, clock),
      now,
      quiet:
        !text && counts.lastOutbound && (!counts.lastInbound || counts.lastOutbound > counts.lastInbound)
          ? {
              sent_follow_ups: await followUpsSince(manager, locked.person_id, counts.lastInbound),
              last_outbound_at: counts.lastOutbound,
            }
          : undefined,
    });
    const announced = await this.apply(manager, locked, work, decision, understanding, {
      trigger_event_id: trigger?.event_id ?? null,
      inbound: text,
      location_id: location?.location_id ?? null,
      newInbound: Boolean(text),
    });
    // The insights, stage and plan go out once: with the timeline event the decision appended last, if any.
    if (!announced) await this.activity.announce(manager, locked, 'lead_updated');
    return decision.type;
  }

  private storeInsights(
    work: LockedWork,
    person: Person,
    u: Understanding,
    score: LeadScore,
    events: TimelineFact[],
    now: Date,
    counts: ReturnType<typeof outboundFacts>,
  ): void {
    const insights = behavioralInsights({
      understanding: u,
      score,
      metrics: calculatedMetrics(events),
      inboundMessages: counts.inbound,
      outboundMessages: counts.outbound,
      now,
    });
    const state: Record<string, unknown> = {
      ...(person.current_outreach_state ?? {}),
      ai_insights: aiInsights(u, now),
    };
    person.current_outreach_state = state as Person['current_outreach_state'];
    person.behavioral_insights = insights;
    person.language = u.language;
    // Written with the batch's other leads at its end, as they then are (LockedWork.flush).
    work.understood.add(person);
  }

  /**
   * Applies a decision to the locked lead. True when its last write was (or, for a planned action, a stop or an
   * escalation, will be at the end of the batch) a timeline event, whose announcement carries the lead as it
   * then is.
   */
  private async apply(
    manager: EntityManager,
    person: Person,
    work: LockedWork,
    decision: Decision,
    u: Understanding,
    context: {
      trigger_event_id: string | null;
      inbound: string | null;
      location_id: string | null;
      newInbound: boolean;
    },
  ): Promise<boolean> {
    // Whatever follows, a new message from the lead makes the planned next message stale.
    if (context.newInbound) await endPlans(manager, person, work, 'superseded', 'The lead wrote again');
    const meta = { source: 'ai_engine', ai_reasoning: u.reasoning };
    switch (decision.type) {
      case 'stop': {
        await endPlans(manager, person, work, 'cancelled', `Outreach stopped: ${decision.reason}`);
        const patch: Record<string, unknown> = {};
        if (decision.reason === 'opt_out') {
          patch.opted_out = true;
          await withdrawConsents(manager, person.person_id, this.clock.now(), 'opt_out_message');
        }
        if (decision.reason === 'opt_out' || decision.reason === 'spam') {
          await dismissOpenDecision(manager, person.person_id, {
            at: this.clock.now(),
            by: null,
            byName: null,
          });
          if (person.pending_review_type === PendingReviewTypes.approval) person.pending_review_type = null;
        }
        await patchOutreachState(manager, person, patch);
        // The stage and review are written with the lead's other changes at the end (LockedWork.flush).
        if (decision.close) person.stage = 'Closed - Lost';
        // With the batch's other closing events at its end (LockedWork.flush), timed now.
        work.appends.push({
          person,
          input: {
            event_type: 'outreach_stopped',
            timestamp: new Date(),
            content_data: { reason: decision.reason },
            event_metadata: meta,
          },
        });
        return true;
      }
      case 'escalate': {
        await endPlans(manager, person, work, 'cancelled', `Escalated: ${decision.reason}`);
        if (decision.optOut && person.current_outreach_state?.opted_out !== true) {
          await patchOutreachState(manager, person, { opted_out: true });
          await withdrawConsents(manager, person.person_id, this.clock.now(), 'opt_out_message');
          await this.activity.append(manager, person, {
            event_type: 'outreach_stopped',
            content_data: { reason: 'opt_out' },
            event_metadata: meta,
          });
        }
        // Written with the lead's other changes at the end (LockedWork.flush: every lead applied here is in it).
        person.stage = 'Escalated';
        person.pending_review_type = PendingReviewTypes.escalate;
        // With the batch's other closing events at its end (LockedWork.flush), timed now.
        work.appends.push({
          person,
          input: {
            event_type: 'ai_escalation',
            timestamp: new Date(),
            content_data: { reason: decision.reason, priority: decision.priority, message: decision.message },
            event_metadata: meta,
          },
          options: { markUnseen: true },
        });
        return true;
      }
      case 'none':
        // Staff see why the AI stays silent on a lead it could reach but may not (consent).
        if (decision.reason === 'no_consent') {
          await this.activity.append(manager, person, {
            event_type: 'outreach_stopped',
            content_data: { reason: 'no_consent' },
            event_metadata: { ...meta, description: decision.why },
          });
        }
        // A booked lead who wrote (the message ended the plan) or is back from human control: its reminders go on.
        await this.reminders.resume(manager, person);
        return false;
      case 'act':
        // Written with the batch's other plans at its end (ActionScheduler.scheduleMany).
        work.schedules.push({
          person,
          planned: decision.action,
          context: {
            trigger_event_id: context.trigger_event_id,
            plan: {
              intent: u.intent,
              procedures: u.procedures_of_interest,
              key_concerns: u.key_concerns,
              language: u.language,
              reasoning: u.reasoning,
              confidence: u.confidence,
              summary: u.inquiry_summary,
              inbound: context.inbound,
              location_id: context.location_id,
            },
          },
        });
        return true;
    }
  }

  /** Marks analyses done, one statement for a batch. */
  private async finish(manager: EntityManager, analysisIds: readonly string[]): Promise<void> {
    if (analysisIds.length === 0) return;
    await manager.update(
      EngineAnalysis,
      { analysis_id: In([...analysisIds]) },
      { status: 'done', error: null, finished_at: new Date(), attempts: () => '"attempts" + 1' },
    );
  }

  private async fail(manager: EntityManager, analysisId: string, error: string): Promise<void> {
    await manager.update(
      EngineAnalysis,
      { analysis_id: analysisId },
      { status: 'failed', error, finished_at: new Date(), attempts: () => '"attempts" + 1' },
    );
    this.logger.warn(`analysis ${analysisId}: ${error}`);
  }
}

/**
 * `endScheduledActions` where there is something to end: a scheduled action (as the lock found them) or a plan
 * the lead still shows. A new lead has neither, so its analysis writes nothing here.
 */
async function endPlans(
  manager: EntityManager,
  person: Person,
  work: LockedWork,
  status: 'cancelled' | 'superseded',
  why: string,
): Promise<void> {
  if (!work.planned.has(person.person_id) && !currentActionId(person)) return;
  await endScheduledActions(manager, person, status, why);
  work.planned.delete(person.person_id);
}

function inquiryChannel(channel: string): InquiryChannel {
  return channel === 'sms' || channel === 'email' || channel === 'chat' || channel === 'phone'
    ? channel
    : 'form';
}

/** Follow-ups the engine carried out since the lead last wrote (a held approval sends a decision counted already). */
async function followUpsSince(
  manager: EntityManager,
  personId: string,
  lastInbound: Date | null,
): Promise<number> {
  const [row]: { count: string }[] = await manager.query(
    `SELECT count(*) AS "count" FROM "people"."engine_actions"
     WHERE "person_id" = $1 AND "kind" = 'follow_up' AND "status" = 'done'
       AND NOT ("plan" ? 'approved_decision_id')
       AND ($2::timestamptz IS NULL OR "finished_at" > $2)`,
    [personId, lastInbound],
  );
  return Number(row?.count ?? 0);
}

/**
 * What the decision rules need of the practice and the lead's clock. `contact` is the lead's clock
 * (`leadClock`); without it, the location's zone and state stand in.
 */
export function practiceFacts(
  practice: EnginePractice | null,
  location: EnginePractice['locations'][number] | null,
  contact?: ContactClock,
): PracticeFacts {
  const timeZone = location?.timezone ?? DEFAULT_TIMEZONE;
  return {
    channels: practice?.channels ?? { sms: true, email: true, phone: true },
    timeZone,
    hours: location?.business_hours ?? null,
    contact: contact ?? { zones: [timeZone], state: stateOfAddress(location?.address) },
  };
}

/** The lead's clock: its number's zones and state, else its location's (contact-clock.ts). */
export function leadClock(
  person: Pick<Person, 'primary_phone'>,
  location: EnginePractice['locations'][number] | null,
): Promise<ContactClock> {
  return contactClock(person.primary_phone, {
    timezone: location?.timezone ?? DEFAULT_TIMEZONE,
    address: location?.address ?? null,
  });
}

/**
 * A message the model failed to read MAX_ANALYSIS_ATTEMPTS times: a person reads it (escalated as low confidence,
 * the reason staff see), so nothing a lead wrote is left unanswered because the AI could not read it.
 */
function couldNotRead(text: string): Understanding {
  const finding = {
    reason: 'low_confidence' as const,
    priority: 'medium' as const,
    evidence: text.slice(0, 200),
  };
  return builtInReading({
    language: 'en',
    intent: 'information',
    procedures_of_interest: [],
    inquiry_summary: 'The AI could not read this message: a person reads it.',
    escalation: finding,
    escalations: [finding],
    confidence: 0,
    reasoning: 'Could not analyse the message: the AI failed to read it, so a person reads it.',
  });
}

/**
 * A lead without a message to read. A website form sent with a service chosen and nothing written asks to be
 * contacted about that service: a request to book (the built-in understanding reads a form of fields alone the same
 * way); a lead staff added introduces the practice.
 */
function withoutMessage(person: Person, fields: Record<string, string>): Understanding {
  const known = person.current_outreach_state?.ai_insights?.procedures_of_interest ?? [];
  return builtInReading({
    intent: fields.procedure_interest ? 'booking' : 'information',
    language: person.current_outreach_state?.ai_insights?.language === 'es' ? 'es' : 'en',
    procedures_of_interest: fields.procedure_interest ? [fields.procedure_interest] : known,
    inquiry_summary: 'Lead added without a message',
    escalation: null,
    escalations: [],
    confidence: 1,
    reasoning: 'No message to read: a first contact introduces the practice',
  });
}

/** A reading the engine makes itself, without the model: a plain question of medium urgency, nothing else read. */
function builtInReading(
  parts: Pick<
    Understanding,
    | 'language'
    | 'intent'
    | 'procedures_of_interest'
    | 'inquiry_summary'
    | 'escalation'
    | 'escalations'
    | 'confidence'
    | 'reasoning'
  >,
): Understanding {
  return {
    ...parts,
    intent_confidence: parts.confidence,
    urgency_level: 'medium',
    key_concerns: [],
    buying_signals: [],
    objections: [],
    budget_indicator: null,
    preferred_contact_method: null,
    preferred_contact_time: null,
    communication_style: 'brief',
    provider: 'built-in',
    model: 'built-in',
  };
}
