import { kafkaConsumerConfig } from './kafka-options';

describe('kafkaConsumerConfig', () => {
  it('returns a fetch as soon as any record is there, an idle one after 500 ms', () => {
    expect(kafkaConsumerConfig('people-abc')).toMatchObject({
      groupId: 'people-abc',
      minBytes: 1,
      maxWaitTimeInMs: 500,
    });
  });

  it("takes a service's fetch settings over the defaults (analytics' pageview batches)", () => {
    const config = kafkaConsumerConfig('analytics-abc', { minBytes: 32 * 1024, maxWaitTimeInMs: 100 });
    expect(config).toMatchObject({ groupId: 'analytics-abc', minBytes: 32 * 1024, maxWaitTimeInMs: 100 });
    expect(config.sessionTimeout).toBe(10000);
  });
});
