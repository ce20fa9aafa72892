import { Injectable } from '@nestjs/common';
import { KafkaProducer, KafkaSendTimeout, OutgoingRecord } from '@pp/platform';

/** The most records one combined send carries, and about the most bytes (Kafka's default request is 1 MiB). */
export const MAX_COMBINED_RECORDS = 2000;
export const MAX_COMBINED_BYTES = 512 * 1024;

interface Waiting {
  records: OutgoingRecord[];
  bytes: number;
  /** The caller timed out: not sent if still queued (it answered 503; the script sends the events again). */
  abandoned: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const sizeOf = (record: OutgoingRecord) => record.value.length + record.key.length + 100;

/**
 * Publishes the ingress's batches, combining the batches of requests that arrive while a send is in flight into
 * the next send (a group commit). The producer is idempotent with one request in flight, so sends are taken one
 * at a time anyway: without this, each HTTP request waited for every earlier request's round trip to the broker,
 * and the ingress accepted one request per round trip. Each caller still resolves only once Kafka acknowledged
 * the send that carried its records (acks = all), and fails with it; records keep their order (first come,
 * first sent). A caller that gives up after `timeoutMs` (503) has its records dropped if they are still queued;
 * if they were already in a send they may still be delivered, as with KafkaProducer's own timeout (the
 * consumers dedupe by event id).
 */
@Injectable()
export class TrackingPublisher {
  private readonly queue: Waiting[] = [];
  private sending = false;

  constructor(private readonly producer: KafkaProducer) {}

  async publish(records: OutgoingRecord[], timeoutMs: number): Promise<void> {
    if (records.length === 0) return;
    let waiting!: Waiting;
    const acknowledged = new Promise<void>((resolve, reject) => {
      waiting = {
        records,
        bytes: records.reduce((sum, record) => sum + sizeOf(record), 0),
        abandoned: false,
        resolve,
        reject,
      };
      this.queue.push(waiting);
    });
    acknowledged.catch(() => undefined); // after a timeout, a later failure is nobody's to handle
    if (!this.sending) void this.drain();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        waiting.abandoned = true;
        reject(new KafkaSendTimeout(timeoutMs));
      }, timeoutMs);
    });
    try {
      await Promise.race([acknowledged, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Sends what is queued, a combined send at a time, until the queue is empty. */
  private async drain(): Promise<void> {
    this.sending = true;
    try {
      while (this.queue.length > 0) {
        const taken: Waiting[] = [];
        let count = 0;
        let bytes = 0;
        while (this.queue.length > 0) {
          const next = this.queue[0];
          if (next.abandoned) {
            this.queue.shift();
            continue;
          }
          const fits =
            count + next.records.length <= MAX_COMBINED_RECORDS && bytes + next.bytes <= MAX_COMBINED_BYTES;
          if (taken.length > 0 && !fits) break;
          taken.push(this.queue.shift()!);
          count += next.records.length;
          bytes += next.bytes;
        }
        if (taken.length === 0) continue;
        try {
          await this.producer.send(taken.flatMap((waiting) => waiting.records));
          for (const waiting of taken) waiting.resolve();
        } catch (error) {
          for (const waiting of taken) waiting.reject(error);
        }
      }
    } finally {
      this.sending = false;
    }
  }
}
