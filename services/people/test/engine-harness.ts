import { getQueueToken } from '@nestjs/bullmq';
import type {
  Answer,
  AnswerRequest,
  Draft,
  DraftRequest,
  LanguageModel,
  ModelCallOptions,
  UnderstandRequest,
  Understanding,
} from '@pp/ai';
import { BuiltInLanguageModel } from '@pp/ai';
import {
  KnowledgePageV1,
  OfferedConsultationFee,
  OfferedProcedure,
  OfferedPromotion,
  PracticeOfferV1,
  Topics,
  VirtualNumberSnapshot,
} from '@pp/contracts';
import { PracticeReadModel } from '@pp/platform';
import {
  eventually,
  publishEvents,
  publishPracticeSnapshot,
  startIsolatedService,
  testCaller,
  testPracticeSnapshot,
  TestPracticeSnapshot,
} from '@pp/testing';
import { Queue } from 'bullmq';
import { randomInt, randomUUID } from 'node:crypto';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { peopleDatabase } from '../src/database/database';
import { Clock } from '../src/engine/clock';
import { EngineAction } from '../src/engine/engine-action.entity';
import { LANGUAGE_MODEL } from '../src/engine/language-model';
import { KnowledgeCopy } from '../src/knowledge-context/knowledge-copy';
import { peopleService } from '../src/people.service-definition';
import { Person } from '../src/persons/person.entity';
import { OUTREACH_QUEUE } from '../src/queues';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { formSubmitted } from './factories/forms';
import { Leads } from './factories/leads';
import { PeopleHarness, TestClock } from './people-harness';

export { TestClock };

/**
 * The language model of these tests: the real built-in one (understanding, drafts, answers, all offline). A
 * double only in that it records the draft requests and can hold a draft (`draftGate`), as a worker that
 * stopped mid-job; otherwise every call is the built-in model's.
 */
export class GatedLanguageModel implements LanguageModel {
  readonly provider = 'built-in' as const;
  readonly model = 'built-in';
  readonly builtIn = new BuiltInLanguageModel();
  readonly drafts: DraftRequest[] = [];
  draftGate: Promise<void> | null = null;
  onDraft: (() => void) | null = null;
  /** Inquiries the model fails to read while this says so (a provider that errors). */
  failsToRead: ((text: string) => boolean) | null = null;
  /** How sure the model says it is of its reading of an inquiry, while this says so (else its own figure). */
  confidenceOf: ((text: string) => number | null) | null = null;
  /** Drafts the model fails to write while this says so (a provider that errors). */
  failsToDraft: ((request: DraftRequest) => boolean) | null = null;

  understand(request: UnderstandRequest, options?: ModelCallOptions): Promise<Understanding> {
    if (this.failsToRead?.(request.text)) return Promise.reject(new Error('the model could not read it'));
    const confidence = this.confidenceOf?.(request.text) ?? null;
    return this.builtIn
      .understand(request, options)
      .then((understood) => (confidence === null ? understood : { ...understood, confidence }));
  }

  async draft(request: DraftRequest, options?: ModelCallOptions): Promise<Draft> {
    this.drafts.push(request);
    this.onDraft?.();
    if (this.failsToDraft?.(request)) throw new Error('the model could not write it');
    if (this.draftGate) await this.draftGate;
    return this.builtIn.draft(request, options);
  }

  answer(request: AnswerRequest, options?: ModelCallOptions): Promise<Answer> {
    return this.builtIn.answer(request, options);
  }
}

export interface EngineHarness extends PeopleHarness {
  clock: TestClock;
  model: GatedLanguageModel;
  queue: Queue;
  /**
   * Publishes a practice with its automation level and its locations (one in `timezone` unless `locations`
   * are given, the first the primary), and waits for its read model.
   */
  practice(options: {
    automation_level: 'manual' | 'semi_auto' | 'full_auto';
    timezone?: string;
    channels?: { sms?: boolean; email?: boolean; phone?: boolean };
    /** The Enable Communication switch (on unless given). */
    communication?: boolean;
    /** The practice's virtual numbers: by default one default number of its own with voice and SMS. */
    numbers?: VirtualNumberSnapshot[];
    locations?: { name: string; address: string }[];
  }): Promise<{
    practice_id: string;
    location_id: string;
    location_ids: string[];
    snapshot: TestPracticeSnapshot;
  }>;
  /** What the practice offers, into people's knowledge copy as knowledge publishes it. */
  offer(
    practiceId: string,
    offer: {
      procedures: OfferedProcedure[];
      promotions?: OfferedPromotion[];
      consultation_fees?: OfferedConsultationFee[];
    },
  ): Promise<void>;
  /** A page of the practice's website, into people's knowledge copy; its chunk ids, in order. */
  page(practiceId: string, page: { url: string; title: string; chunks: string[] }): Promise<string[]>;
  /** A website form on tracking.forms, as the ingress publishes it. */
  submitForm(practiceId: string, fields: Record<string, string>): Promise<void>;
  /** Several forms in one send: the consumer takes them as one batch. */
  submitForms(practiceId: string, forms: Record<string, string>[]): Promise<void>;
  /** The lead of a phone number in the practice, once intake made it. */
  leadByPhone(practiceId: string, e164: string): Promise<Person>;
  events(personId: string, type: string): Promise<TimelineEvent[]>;
  /**
   * Moves the lead's events of a type back in time, as if they had happened that many hours earlier (the engine's
   * clock is the test's, the timeline's timestamps are the database's).
   */
  backdate(personId: string, type: string, hours: number): Promise<void>;
  actions(personId: string): Promise<EngineAction[]>;
  person(personId: string): Promise<Person>;
}

/** A practice number no other test practice has (the read model keys numbers by themselves). */
export function uniquePracticeNumber(): string {
  return `+1${randomInt(200, 1000)}${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;
}

export async function startEngine(label: string): Promise<EngineHarness> {
  const clock = new TestClock();
  const model = new GatedLanguageModel();
  const isolated = await startIsolatedService(
    {
      ...peopleService,
      module: (config) =>
        AppModule.forRoot(config, {
          engineOptions: {
            clock: { provide: Clock, useValue: clock },
            languageModel: { provide: LANGUAGE_MODEL, useValue: model },
          },
        }),
    },
    peopleDatabase,
    label,
  );
  const { service, dataSource } = isolated;
  const brokers = service.config.KAFKA_BROKERS;
  const readModel = service.app.get(PracticeReadModel);
  const queue = service.app.get<Queue>(getQueueToken(OUTREACH_QUEUE));
  const copy = service.app.get(KnowledgeCopy);
  const submitForm = async (practiceId: string, fields: Record<string, string>) => {
    const now = new Date().toISOString();
    const event = formSubmitted(practiceId, fields, { referrer: null, submitted_at: now, received_at: now });
    await publishEvents(brokers, Topics.trackingForms, [event]);
    return event;
  };
  // The forms consumer is up once it kept a submission (one with no contact: no lead, no engine work). Its first
  // start can take long while other suites start theirs.
  const warmUp = await submitForm(randomUUID(), { message: 'warm-up' });
  await eventually(async () => {
    const [row] = await dataSource.query(
      `SELECT 1 FROM "people"."form_submissions" WHERE "tracking_event_id" = $1`,
      [warmUp.tracking_event_id],
    );
    return Boolean(row);
  }, 90_000);
  // So is the consumer of practice.changes, once it kept a practice: each test then waits for its own only briefly.
  const practiceWarmUp = testPracticeSnapshot();
  await publishPracticeSnapshot(brokers, practiceWarmUp);
  await eventually(
    async () => (await readModel.practice(practiceWarmUp.practice.practice_id)) !== null,
    90_000,
  );
  const envelope = <T extends string>(type: T, practiceId: string) => ({
    v: 1 as const,
    event_id: randomUUID(),
    practice_id: practiceId,
    occurred_at: new Date().toISOString(),
    type,
  });

  return {
    ...isolated,
    clock,
    model,
    queue,
    leads: new Leads(dataSource),
    http: () => request(service.app.getHttpServer()),
    caller: testCaller,
    async outbox(personId) {
      const rows: { payload: Record<string, unknown> }[] = await dataSource.query(
        `SELECT "payload" FROM "people"."outbox" WHERE "payload"->>'person_id' = $1 ORDER BY "id"`,
        [personId],
      );
      return rows.map((row) => ({ type: String(row.payload.type), payload: row.payload }));
    },
    async practice(options) {
      const channels = { sms: true, email: true, phone: true, ...options.channels };
      const locations = options.locations?.map((l) => ({
        ...l,
        timezone: options.timezone ?? 'America/Chicago',
        business_hours: null,
      })) ?? [{ timezone: options.timezone ?? 'America/Chicago', business_hours: null }];
      const snapshot = testPracticeSnapshot(
        {
          automation_level: options.automation_level,
          outreach_preferences: {
            enabled: options.communication ?? true,
            channels: {
              sms: { enabled: channels.sms },
              email: { enabled: channels.email },
              phone: { enabled: channels.phone },
            },
          },
          virtual_numbers: options.numbers ?? [
            {
              phone_number: uniquePracticeNumber(),
              is_active: true,
              assignment_type: 'practice_default',
              capabilities: { voice: true, sms: true },
            },
          ],
        },
        locations,
      );
      await publishPracticeSnapshot(brokers, snapshot);
      const practiceId = snapshot.practice.practice_id;
      const numbers = snapshot.practice.virtual_numbers ?? [];
      await eventually(async () => {
        const practice = await readModel.practice(practiceId);
        const [known]: { count: number }[] = await dataSource.query(
          `SELECT count(*)::int AS "count" FROM "people"."virtual_numbers" WHERE "practice_id" = $1`,
          [practiceId],
        );
        return (
          practice?.automation_level === options.automation_level &&
          (await readModel.locations(practiceId)).length === locations.length &&
          known.count === numbers.length
        );
      }, 30_000);
      const ids = snapshot.locations.map((l) => l.location_id);
      return { practice_id: practiceId, location_id: ids[0], location_ids: ids, snapshot };
    },
    async offer(practiceId, offer) {
      const event: PracticeOfferV1 = {
        ...envelope('practice_offer', practiceId),
        procedures: offer.procedures,
        promotions: offer.promotions ?? [],
        consultation_fees: offer.consultation_fees ?? [],
      };
      if (!(await copy.apply(event))) throw new Error('the offer was not applied');
    },
    async page(practiceId, page) {
      const event: KnowledgePageV1 = {
        ...envelope('knowledge_page', practiceId),
        source_url: page.url,
        page_title: page.title,
        chunks: page.chunks.map((content) => ({ chunk_id: randomUUID(), content })),
      };
      if (!(await copy.apply(event))) throw new Error('the page was not applied');
      return event.chunks.map((c) => c.chunk_id);
    },
    async submitForm(practiceId, fields) {
      await submitForm(practiceId, fields);
    },
    async submitForms(practiceId, forms) {
      const now = new Date().toISOString();
      await publishEvents(
        brokers,
        Topics.trackingForms,
        forms.map((fields) =>
          formSubmitted(practiceId, fields, { referrer: null, submitted_at: now, received_at: now }),
        ),
      );
    },
    leadByPhone(practiceId, e164) {
      return eventually(
        async () =>
          (await dataSource
            .getRepository(Person)
            .findOneBy({ practice_id: practiceId, primary_phone: e164 })) ?? undefined,
        30_000,
      );
    },
    async backdate(personId, type, hours) {
      await dataSource.query(
        `UPDATE "people"."events" SET "timestamp" = "timestamp" - make_interval(hours => $3)
         WHERE "person_id" = $1 AND "event_type" = $2`,
        [personId, type, hours],
      );
    },
    events(personId, type) {
      return dataSource
        .getRepository(TimelineEvent)
        .find({ where: { person_id: personId, event_type: type }, order: { timestamp: 'ASC' } });
    },
    actions(personId) {
      return dataSource
        .getRepository(EngineAction)
        .find({ where: { person_id: personId }, order: { created_at: 'ASC' } });
    },
    person(personId) {
      return dataSource.getRepository(Person).findOneByOrFail({ person_id: personId });
    },
  };
}
