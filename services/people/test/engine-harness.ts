import { getQueueToken } from '@nestjs/bullmq';
import type { Answer, AnswerRequest, Draft, DraftRequest, LanguageModel, UnderstandRequest } from '@pp/ai';
import { understandInquiry } from '@pp/ai';
import { FormSubmittedV1, Topics } from '@pp/contracts';
import { PracticeReadModel } from '@pp/platform';
import {
  eventually,
  publishEvents,
  publishPracticeSnapshot,
  startIsolatedService,
  testCaller,
  testPracticeSnapshot,
} from '@pp/testing';
import { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { AppModule } from '../src/app.module';
import { peopleDatabase } from '../src/database/database';
import { Clock } from '../src/engine/clock';
import { EngineAction } from '../src/engine/engine-action.entity';
import { LANGUAGE_MODEL } from '../src/engine/language-model';
import {
  KnowledgePassage,
  PracticeKnowledge,
  PracticeOffer,
} from '../src/knowledge-context/practice-knowledge';
import { peopleService } from '../src/people.service-definition';
import { Person } from '../src/persons/person.entity';
import { OUTREACH_QUEUE } from '../src/queues';
import { TimelineEvent } from '../src/timeline/timeline-event.entity';
import { Leads } from './factories/leads';
import { PeopleHarness } from './people-harness';

/** A clock tests can stop at a moment (quiet hours); real time otherwise. */
export class TestClock extends Clock {
  at: Date | null = null;
  now(): Date {
    return this.at ?? new Date();
  }
}

/** What the practice knows, given by the test. */
export class MemoryKnowledge extends PracticeKnowledge {
  readonly offers = new Map<string, PracticeOffer>();
  readonly pages = new Map<string, KnowledgePassage[]>();
  async offer(practiceId: string) {
    return this.offers.get(practiceId) ?? null;
  }
  async passages(practiceId: string, question: string, limit: number) {
    const words = question
      .toLowerCase()
      .split(/\W+/)
      .filter((w) => w.length > 3);
    return (this.pages.get(practiceId) ?? [])
      .filter((p) => words.some((w) => p.content.toLowerCase().includes(w)))
      .slice(0, limit);
  }
}

/**
 * The language model of these tests: the built-in understanding, and a plain draft and answer that quote only
 * what they are given (the built-in drafting is tested in @pp/ai). `draftGate` can hold drafts (a worker
 * stopped mid-job).
 */
export class TestLanguageModel implements LanguageModel {
  readonly provider = 'built-in' as const;
  readonly model = 'built-in';
  readonly drafts: DraftRequest[] = [];
  draftGate: Promise<void> | null = null;
  onDraft: (() => void) | null = null;

  async understand(request: UnderstandRequest) {
    return understandInquiry(request);
  }

  async draft(request: DraftRequest): Promise<Draft> {
    this.drafts.push(request);
    this.onDraft?.();
    if (this.draftGate) await this.draftGate;
    const correction = request.corrections?.[0];
    const name = request.recipient.firstName ?? 'there';
    const procedure = request.procedures[0] ?? 'your visit';
    const price = request.pricing.find((p) => p.procedureName === request.procedures[0]);
    const body = correction
      ? correction.corrected.replace(correction.firstName ?? '\u0000', name)
      : request.language === 'es'
        ? `Hola ${name}, gracias por escribir a ${request.practice.name} sobre ${procedure}.`
        : `Hi ${name}, thanks for contacting ${request.practice.name} about ${procedure}.${
            price?.priceMin ? ` It starts at $${price.priceMin}.` : ''
          }`;
    return {
      subject: request.channel === 'email' ? `Your ${procedure} inquiry` : null,
      body,
      used_correction: Boolean(correction),
      reasoning: 'test draft',
      provider: 'built-in',
      model: 'built-in',
    };
  }

  async answer(request: AnswerRequest): Promise<Answer> {
    const passage = request.context[0];
    return {
      answer: passage ? passage.text : `I could not find that for ${request.lead?.name ?? 'this lead'}.`,
      citations: passage ? [passage.id] : [],
      grounded: Boolean(passage),
      reasoning: 'test answer',
      provider: 'built-in',
      model: 'built-in',
    };
  }
}

export interface EngineHarness extends PeopleHarness {
  clock: TestClock;
  model: TestLanguageModel;
  knowledge: MemoryKnowledge;
  queue: Queue;
  /** Publishes a practice with its automation level and one location in `timezone`, and waits for it. */
  practice(options: {
    automation_level: 'manual' | 'semi_auto' | 'full_auto';
    timezone?: string;
    channels?: { sms?: boolean; email?: boolean; phone?: boolean };
  }): Promise<{ practice_id: string; location_id: string }>;
  /** A website form on tracking.forms, as the ingress publishes it. */
  submitForm(practiceId: string, fields: Record<string, string>): Promise<void>;
  /** The lead of a phone number in the practice, once intake made it. */
  leadByPhone(practiceId: string, e164: string): Promise<Person>;
  events(personId: string, type: string): Promise<TimelineEvent[]>;
  actions(personId: string): Promise<EngineAction[]>;
  person(personId: string): Promise<Person>;
}

export async function startEngine(label: string): Promise<EngineHarness> {
  const clock = new TestClock();
  const model = new TestLanguageModel();
  const knowledge = new MemoryKnowledge();
  const isolated = await startIsolatedService(
    {
      ...peopleService,
      module: (config) =>
        AppModule.forRoot(config, {
          engineOptions: {
            clock: { provide: Clock, useValue: clock },
            languageModel: { provide: LANGUAGE_MODEL, useValue: model },
            knowledge: { provide: PracticeKnowledge, useValue: knowledge },
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

  return {
    ...isolated,
    clock,
    model,
    knowledge,
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
      const snapshot = testPracticeSnapshot(
        {
          automation_level: options.automation_level,
          outreach_preferences: {
            enabled: true,
            channels: {
              sms: { enabled: channels.sms },
              email: { enabled: channels.email },
              phone: { enabled: channels.phone },
            },
          },
        },
        [{ timezone: options.timezone ?? 'America/Chicago', business_hours: null }],
      );
      await publishPracticeSnapshot(brokers, snapshot);
      const practiceId = snapshot.practice.practice_id;
      await eventually(async () => {
        const practice = await readModel.practice(practiceId);
        return (
          practice?.automation_level === options.automation_level &&
          (await readModel.locations(practiceId)).length === 1
        );
      }, 30_000);
      return { practice_id: practiceId, location_id: snapshot.locations[0].location_id };
    },
    async submitForm(practiceId, fields) {
      const now = new Date();
      const event: FormSubmittedV1 = {
        v: 1,
        event_id: randomUUID(),
        practice_id: practiceId,
        occurred_at: now.toISOString(),
        type: 'form_submitted',
        tracking_event_id: randomUUID(),
        visitor_id: `visitor-${randomUUID().slice(0, 8)}`,
        session_id: `session-${randomUUID().slice(0, 8)}`,
        url: 'https://glow.example/contact',
        title: 'Book a consultation',
        referrer: null,
        submitted_at: now.toISOString(),
        received_at: now.toISOString(),
        fields,
        ip: '203.0.113.9',
        user_agent: 'Mozilla/5.0',
      } as FormSubmittedV1;
      await publishEvents(brokers, Topics.trackingForms, [event]);
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
