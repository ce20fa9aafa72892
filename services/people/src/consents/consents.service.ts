import { Injectable } from '@nestjs/common';
import type { ConsentLedgerDto } from '@pp/contracts';
import { canAccessPractice, Identity } from '@pp/platform';
import { DataSource } from 'typeorm';
import { Consent } from '../intake/consent.entity';
import { Person } from '../persons/person.entity';
import { PersonException } from '../persons/person.exception';
import { consentLedger } from './consent-ledger';

/** How many records a ledger shows at most (a lead gives a few per form). */
const RECORDS_SHOWN = 200;

@Injectable()
export class ConsentsService {
  constructor(private readonly dataSource: DataSource) {}

  /** The lead's consent ledger; another practice's lead (or none) is 404 Person not found. */
  async ledger(identity: Identity, personId: string): Promise<ConsentLedgerDto> {
    const person = await this.dataSource.getRepository(Person).findOneBy({ person_id: personId });
    if (!person || !canAccessPractice(identity, person.practice_id)) throw PersonException.notFound();
    const rows = await this.dataSource.getRepository(Consent).find({
      where: { person_id: person.person_id, practice_id: person.practice_id },
      order: { given_at: 'DESC' },
      take: RECORDS_SHOWN,
    });
    return consentLedger(
      rows.map((row) => ({
        consent_id: row.consent_id,
        channel: row.channel,
        granted: row.granted,
        source: row.source,
        page_url: row.page_url,
        consent_text: row.consent_text,
        given_at: row.given_at.toISOString(),
        withdrawn_at: row.withdrawn_at?.toISOString() ?? null,
        withdrawn_reason: row.withdrawn_reason,
      })),
      person.current_outreach_state,
    );
  }
}
