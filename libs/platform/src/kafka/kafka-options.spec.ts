import { kafkaConsumerConfig } from './kafka-options';

describe('kafkaConsumerConfig', () => {
  it('returns a fetch as soon as any record is there, an idle one after 500 ms', () => {
    expect(kafkaConsumerConfig('people-abc')).toMatchObject({
      groupId: 'people-abc',
      minBytes: 1,
      maxWaitTimeInMs: 500,
    });
  });
});
