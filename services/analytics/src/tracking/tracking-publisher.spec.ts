import { KafkaProducer, KafkaSendTimeout, OutgoingRecord } from '@pp/platform';
import { MAX_COMBINED_RECORDS, TrackingPublisher } from './tracking-publisher';

const record = (value: string): OutgoingRecord => ({
  topic: 'tracking.pageviews',
  key: 'practice',
  value,
  headers: {},
});

/** A producer whose sends the test acknowledges (or fails) one at a time. */
function fakeProducer() {
  const sends: { values: string[]; settle: (error?: Error) => void }[] = [];
  const producer = {
    send: (records: OutgoingRecord[]) =>
      new Promise<void>((resolve, reject) => {
        sends.push({
          values: records.map((r) => r.value),
          settle: (error) => (error ? reject(error) : resolve()),
        });
      }),
  } as unknown as KafkaProducer;
  return { producer, sends };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('TrackingPublisher', () => {
  it('sends the batches that arrive during a send together in the next one, in arrival order', async () => {
    const { producer, sends } = fakeProducer();
    const publisher = new TrackingPublisher(producer);
    const settled: string[] = [];
    const first = publisher.publish([record('a')], 5000).then(() => settled.push('a'));
    await flush();
    const second = publisher.publish([record('b1'), record('b2')], 5000).then(() => settled.push('b'));
    const third = publisher.publish([record('c')], 5000).then(() => settled.push('c'));
    await flush();
    expect(sends.map((s) => s.values)).toEqual([['a']]);
    expect(settled).toEqual([]); // nobody is answered before Kafka acknowledged

    sends[0].settle();
    await first;
    await flush();
    expect(sends.map((s) => s.values)).toEqual([['a'], ['b1', 'b2', 'c']]);
    expect(settled).toEqual(['a']);
    sends[1].settle();
    await Promise.all([second, third]);
    expect(settled).toEqual(['a', 'b', 'c']);
  });

  it('fails every caller of a failed send and none of the next one', async () => {
    const { producer, sends } = fakeProducer();
    const publisher = new TrackingPublisher(producer);
    const first = publisher.publish([record('a')], 5000);
    await flush();
    const second = publisher.publish([record('b')], 5000);
    const third = publisher.publish([record('c')], 5000);
    sends[0].settle();
    await first;
    await flush();
    sends[1].settle(new Error('broker gone'));
    await expect(second).rejects.toThrow('broker gone');
    await expect(third).rejects.toThrow('broker gone');
    const fourth = publisher.publish([record('d')], 5000);
    await flush();
    sends[2].settle();
    await expect(fourth).resolves.toBeUndefined();
    expect(sends.map((s) => s.values)).toEqual([['a'], ['b', 'c'], ['d']]);
  });

  it('answers a caller whose send is not acknowledged in time with a timeout, and drops its queued records', async () => {
    jest.useFakeTimers();
    try {
      const { producer, sends } = fakeProducer();
      const publisher = new TrackingPublisher(producer);
      const first = publisher.publish([record('a')], 1000);
      const queued = publisher.publish([record('late')], 1000);
      const firstFailed = expect(first).rejects.toBeInstanceOf(KafkaSendTimeout);
      const queuedFailed = expect(queued).rejects.toBeInstanceOf(KafkaSendTimeout);
      await jest.advanceTimersByTimeAsync(1001);
      await firstFailed;
      await queuedFailed;
      sends[0].settle();
      await jest.advanceTimersByTimeAsync(0);
      const next = publisher.publish([record('next')], 1000);
      await jest.advanceTimersByTimeAsync(0);
      sends.at(-1)!.settle();
      await expect(next).resolves.toBeUndefined();
      // The timed-out caller's queued record was never sent (the script sends it again).
      expect(sends.map((s) => s.values)).toEqual([['a'], ['next']]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('splits what is queued into sends of at most MAX_COMBINED_RECORDS records', async () => {
    const { producer, sends } = fakeProducer();
    const publisher = new TrackingPublisher(producer);
    const first = publisher.publish([record('first')], 5000);
    await flush();
    const batch = Array.from({ length: 50 }, (_, i) => record(`r${i}`));
    const many = Array.from({ length: MAX_COMBINED_RECORDS / 50 + 1 }, () => publisher.publish(batch, 5000));
    sends[0].settle();
    await first;
    await flush();
    expect(sends[1].values).toHaveLength(MAX_COMBINED_RECORDS);
    sends[1].settle();
    await flush();
    await flush();
    expect(sends[2].values).toHaveLength(50);
    sends[2].settle();
    await Promise.all(many);
  });
});
