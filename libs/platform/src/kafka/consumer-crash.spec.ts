import { consumerCrashed, KafkaConsumerStatus } from './kafka.consumer';

describe('a Kafka consumer that crashes', () => {
  const crashOf = (restart: boolean) => ({ error: new Error('The group is rebalancing'), restart });

  function crash(restart: boolean, policy: 'exit' | 'report') {
    const status = Object.assign(new KafkaConsumerStatus(), { hasConsumer: true, joined: true });
    const logger = { error: jest.fn() };
    const exit = jest.fn();
    consumerCrashed(crashOf(restart), status, policy, logger, exit);
    return { status, logger, exit };
  }

  it('leaves a crash kafkajs restarts itself to kafkajs, the consumer marked down meanwhile', () => {
    const { status, exit } = crash(true, 'exit');
    expect(status.joined).toBe(false);
    expect(exit).not.toHaveBeenCalled();
  });

  it('exits the service for its supervisor to restart when kafkajs gives the consumer up, saying why', () => {
    const { status, logger, exit } = crash(false, 'exit');
    expect(status.joined).toBe(false);
    expect(exit).toHaveBeenCalledTimes(1);
    expect(logger.error).toHaveBeenCalledWith(expect.stringContaining('The group is rebalancing'));
  });

  it('only reports it where the service shares its process (the test harnesses)', () => {
    const { status, exit } = crash(false, 'report');
    expect(status.joined).toBe(false);
    expect(exit).not.toHaveBeenCalled();
  });
});
