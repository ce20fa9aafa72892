import { getQueueToken } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
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
import request from 'supertest';
import { EntityManager } from 'typeorm';
import { AppModule } from '../src/app.module';
import { peopleDatabase } from '../src/database/database';
import { EngineTrigger, InquiryTrigger } from '../src/engine/engine-trigger';
import { FormSubmission } from '../src/intake/form-submission.entity';
import { IntakeQueue } from '../src/intake/intake-queue';
import { peopleService } from '../src/people.service-definition';
import { Person } from '../src/persons/person.entity';
import { INTAKE_QUEUE } from '../src/queues';
import { PeopleHarness } from './people-harness';
import { formSubmitted } from './factories/forms';
import { Leads } from './factories/leads';

/** What intake handed to the engine, and whether the lead was there in the same transaction. */
export interface RecordedTrigger {
  trigger: InquiryTrigger;
  inTransaction: boolean;
  leadVisible: boolean;
}

/** The engine as intake sees it, recording each hand-over (the engine itself is tested on its own). */
export class RecordingEngineTrigger extends EngineTrigger {
  readonly received: RecordedTrigger[] = [];
  /** Practices whose next hand-over fails (once each), as an engine that cannot record its work would. */
  readonly failOnce = new Set<string>();
  /** Practices whose hand-overs fail until removed from here. */
  readonly failing = new Set<string>();

  async inquiryReceived(manager: EntityManager, trigger: InquiryTrigger): Promise<void> {
    if (this.failOnce.delete(trigger.practice_id) || this.failing.has(trigger.practice_id)) {
      throw new Error('the engine could not record the lead');
    }
    this.received.push({
      trigger,
      inTransaction: manager.queryRunner?.isTransactionActive === true,
      leadVisible: await manager.exists(Person, { where: { person_id: trigger.person_id } }),
    });
  }

  /** Intake never hands over SMS keywords. */
  async optOutKeywordReceived(): Promise<void> {
    throw new Error('intake hands over no SMS keyword');
  }

  for(personId: string): RecordedTrigger[] {
    return this.received.filter((entry) => entry.trigger.person_id === personId);
  }
}

export interface IntakeHarness extends PeopleHarness {
  engine: RecordingEngineTrigger;
  /** A form submission as the tracking ingress publishes it; every field can be overridden. */
  form(
    practiceId: string,
    fields: Record<string, string>,
    overrides?: Partial<FormSubmittedV1>,
  ): FormSubmittedV1;
  /**
   * Publishes the events on tracking.forms and waits until each one's submission is kept and taken in (any
   * status but `received`): the intake queue's workers take a practice's forms in parallel.
   */
  submit(...events: FormSubmittedV1[]): Promise<void>;
  /** The intake queue: add a take-in job, run the recovery sweep. */
  intake: IntakeQueue;
  /** Waits until the intake queue has no job waiting, delayed or running. */
  intakeIdle(): Promise<void>;
  submission(practiceId: string, trackingEventId: string): Promise<FormSubmission | null>;
  /** Publishes the practice (outreach preferences) and its locations on practice.changes and waits for them. */
  practice(
    practiceId: string,
    outreachPreferences: Record<string, unknown>,
    locations: { name: string; address: string; is_active?: boolean }[],
  ): Promise<void>;
}

/** A people service with a recording engine, taking website forms from real Kafka. */
export async function startIntake(label: string): Promise<IntakeHarness> {
  const engine = new RecordingEngineTrigger();

  @Module({ providers: [{ provide: EngineTrigger, useValue: engine }], exports: [EngineTrigger] })
  class RecordingEngineModule {}

  const isolated = await startIsolatedService(
    { ...peopleService, module: (config) => AppModule.forRoot(config, { engine: RecordingEngineModule }) },
    peopleDatabase,
    label,
  );
  const { service, dataSource } = isolated;
  const brokers = service.config.KAFKA_BROKERS;
  const readModel = service.app.get(PracticeReadModel);
  const submission = (practiceId: string, trackingEventId: string) =>
    dataSource
      .getRepository(FormSubmission)
      .findOneBy({ practice_id: practiceId, tracking_event_id: trackingEventId });

  const form: IntakeHarness['form'] = formSubmitted;

  return {
    ...isolated,
    engine,
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
    form,
    submission,
    async submit(...events) {
      await publishEvents(brokers, Topics.trackingForms, events);
      await eventually(async () => {
        for (const event of events) {
          const kept = await submission(event.practice_id, event.tracking_event_id);
          if (!kept || kept.status === 'received') return false;
        }
        return true;
      }, 30_000);
    },
    intake: service.app.get(IntakeQueue),
    async intakeIdle() {
      const queue = service.app.get<Queue>(getQueueToken(INTAKE_QUEUE));
      await eventually(async () => {
        const counts = await queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active');
        return Object.values(counts).every((count) => count === 0);
      }, 30_000);
    },
    async practice(practiceId, outreachPreferences, locations) {
      await publishPracticeSnapshot(
        brokers,
        testPracticeSnapshot(
          { practice_id: practiceId, outreach_preferences: outreachPreferences },
          locations.map((location) => ({ is_active: true, ...location })),
        ),
      );
      await eventually(async () => {
        const known = await readModel.locations(practiceId);
        const practice = await readModel.practice(practiceId);
        return known.length === locations.length && practice !== null;
      }, 30_000);
    },
  };
}
