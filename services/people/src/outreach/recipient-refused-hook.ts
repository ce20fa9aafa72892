import type { Person } from '../persons/person.entity';
import type { SendMessageJob } from './jobs/send-message.job';
import type { TransportRefusal } from './transports/transport-refusal';

/**
 * Told when a provider refused a message for good because of its recipient (after the ledger row failed): the
 * channels module opts the lead out (Twilio 21610) or flags the phone (21211) (docs/product/channels.md).
 */
export abstract class RecipientRefusedHook {
  abstract afterRefused(
    person: Person,
    job: SendMessageJob,
    refusal: TransportRefusal,
    to: string,
  ): Promise<void>;
}
