import { EventEnvelope, Topics } from '@pp/contracts';
import { eventually, publishEvents, TopicReader, testTopicPrefix } from '@pp/testing';
import { randomUUID } from 'node:crypto';
import { IntakeHarness, startIntake } from './intake-harness';

/**
 * A test run's services and topic helpers use the run's own topics (docs/conventions.md#tests), so the integration
 * tests and a developer's `npm start` on the same broker never take in each other's events. `npm start`'s topics
 * carry no prefix. The events this file writes there carry a fresh practice id that no stack knows; the marker is
 * not a form, which people skips.
 */
const NPM_START = { topicPrefix: '' };

describe("an integration test run and a running `npm start` on one broker: neither takes in the other's events", () => {
  let h: IntakeHarness;

  beforeAll(async () => {
    h = await startIntake('topic_isolation');
  });
  afterAll(() => h.stop());

  const brokers = () => h.service.config.KAFKA_BROKERS;
  const marker = (practiceId: string): EventEnvelope => ({
    v: 1,
    event_id: randomUUID(),
    practice_id: practiceId,
    occurred_at: new Date().toISOString(),
    type: 'isolation_marker',
  });

  it("starts the run's services on the run's topics and consumer groups", () => {
    expect(testTopicPrefix()).toMatch(/^it\.[0-9a-z]+-[0-9a-f]+\.$/);
    expect(h.service.config.KAFKA_TOPIC_PREFIX).toBe(testTopicPrefix());
  });

  it("a test service takes in nothing published on npm start's topic", async () => {
    const practiceId = randomUUID();
    const theirs = h.form(practiceId, { name: 'Nadia Brooks', email: 'nadia.brooks@example.com' });
    const ours = h.form(practiceId, { name: 'Owen Pierce', email: 'owen.pierce@example.com' });
    await publishEvents(brokers(), Topics.trackingForms, [theirs], NPM_START);
    // Published after it, by the test harness: once the service kept this one, it would have had the other.
    await h.submit(ours);
    expect(await h.submission(practiceId, ours.tracking_event_id)).not.toBeNull();
    expect(await h.submission(practiceId, theirs.tracking_event_id)).toBeNull();
  });

  it("npm start's consumer sees nothing the test harness publishes", async () => {
    const practiceId = randomUUID();
    const npmStart = await TopicReader.start(brokers(), Topics.trackingForms, NPM_START);
    try {
      const ours = h.form(practiceId, { name: 'Lena Ortiz', phone: '(214) 555-0167' });
      await h.submit(ours);
      // After it, on npm start's topic under the same key (one partition): once that consumer has the marker, it
      // has read everything written before it there.
      const after = marker(practiceId);
      await publishEvents(brokers(), Topics.trackingForms, [after], NPM_START);
      await eventually(
        async () => npmStart.where(({ value }) => value.event_id === after.event_id).length > 0,
        30_000,
      );
      expect(
        npmStart.where(({ value }) => value.practice_id === practiceId).map(({ value }) => value.event_id),
      ).toEqual([after.event_id]);
    } finally {
      await npmStart.stop();
    }
  });
});
