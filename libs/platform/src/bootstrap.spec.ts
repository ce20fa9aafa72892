import { runsKafkaConsumer } from './bootstrap';

describe('runsKafkaConsumer', () => {
  const consumerGroup = () => 'group';

  it('runs the consumer in api and all processes by default (a worker runs queue jobs only)', () => {
    expect(runsKafkaConsumer({ consumerGroup }, 'api')).toBe(true);
    expect(runsKafkaConsumer({ consumerGroup }, 'all')).toBe(true);
    expect(runsKafkaConsumer({ consumerGroup }, 'worker')).toBe(false);
  });

  it('runs it only where the service says (analytics: worker and all, its api processes serve HTTP only)', () => {
    const definition = { consumerGroup, kafkaConsumerRoles: ['worker', 'all'] as const };
    expect(runsKafkaConsumer(definition, 'api')).toBe(false);
    expect(runsKafkaConsumer(definition, 'worker')).toBe(true);
    expect(runsKafkaConsumer(definition, 'all')).toBe(true);
  });

  it('runs none for a service without a consumer group', () => {
    expect(runsKafkaConsumer({ kafkaConsumerRoles: ['worker'] }, 'worker')).toBe(false);
    expect(runsKafkaConsumer({}, 'all')).toBe(false);
  });
});
