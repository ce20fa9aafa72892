import { kafkaConsumerConfig, TopicNames } from './kafka-options';

describe('kafkaConsumerConfig', () => {
  it('returns a fetch as soon as any record is there, an idle one after 500 ms', () => {
    expect(kafkaConsumerConfig('people-abc')).toMatchObject({
      groupId: 'people-abc',
      minBytes: 1,
      maxWaitTimeInMs: 500,
    });
  });
});

describe('TopicNames', () => {
  it("puts a stack's prefix before its topics and its consumer groups, and nothing without one", () => {
    const stack = new TopicNames('it.abc-123.');
    expect(stack.toBroker('tracking.forms')).toBe('it.abc-123.tracking.forms');
    expect(stack.consumerGroup('people-0123456789ab')).toBe('it.abc-123.people-0123456789ab');
    expect(new TopicNames().toBroker('tracking.forms')).toBe('tracking.forms');
    expect(new TopicNames().consumerGroup('people-0123456789ab')).toBe('people-0123456789ab');
  });

  it("reads back a topic's own name, and no name for another stack's topic", () => {
    const stack = new TopicNames('e2e.');
    expect(stack.fromBroker('e2e.people.lead-events')).toBe('people.lead-events');
    expect(stack.fromBroker('people.lead-events')).toBeNull();
  });
});
