import { Injectable } from '@nestjs/common';
import { BlockedNumber, BlockedNumberLimits, BlockedNumberList } from '@pp/contracts';
import { assertPracticeAccess, Identity } from '@pp/platform';
import { DataSource } from 'typeorm';
import { parseBlockRequest } from './blocked-number-body';
import { BlockedNumberRow } from './blocked-number.entity';
import { BlockedNumberException } from './blocked-number.exception';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NAME_MAX = 320;

/**
 * A practice's block list (docs/decisions/0043-number-block-list.md): Settings › Security lists, adds and removes its
 * numbers; every check before a text or a call reads it (`blockedAmong`).
 */
@Injectable()
export class BlockedNumbersService {
  constructor(private readonly dataSource: DataSource) {}

  async list(identity: Identity, practiceId: string): Promise<BlockedNumberList> {
    assertPracticeAccess(identity, practiceId);
    const rows = await this.dataSource.getRepository(BlockedNumberRow).find({
      where: { practice_id: practiceId },
      order: { created_at: 'DESC', blocked_number_id: 'ASC' },
    });
    return { blocked_numbers: rows.map(view) };
  }

  async add(identity: Identity, practiceId: string, body: unknown): Promise<BlockedNumber> {
    assertPracticeAccess(identity, practiceId);
    const request = parseBlockRequest(body);
    if ('problem' in request) throw BlockedNumberException.invalid(request.problem);
    return this.dataSource.transaction(async (manager) => {
      // One practice's adds in turn, so the limit holds under concurrent requests.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('blocked_numbers:' || $1))`, [practiceId]);
      const repository = manager.getRepository(BlockedNumberRow);
      if (await repository.existsBy({ practice_id: practiceId, phone_number: request.phone_number })) {
        throw BlockedNumberException.alreadyBlocked();
      }
      if ((await repository.countBy({ practice_id: practiceId })) >= BlockedNumberLimits.maxNumbers) {
        throw BlockedNumberException.listFull();
      }
      const row = await repository.save(
        repository.create({
          practice_id: practiceId,
          phone_number: request.phone_number,
          note: request.note,
          added_by_user_id: identity.userId,
          added_by_name: identity.name ? identity.name.slice(0, NAME_MAX) : null,
        }),
      );
      return view(row);
    });
  }

  /** Unblocks a number; answers the entry as it was. */
  async remove(identity: Identity, practiceId: string, blockedNumberId: string): Promise<BlockedNumber> {
    assertPracticeAccess(identity, practiceId);
    if (!UUID.test(blockedNumberId)) throw BlockedNumberException.notFound();
    const repository = this.dataSource.getRepository(BlockedNumberRow);
    const row = await repository.findOneBy({ practice_id: practiceId, blocked_number_id: blockedNumberId });
    if (!row) throw BlockedNumberException.notFound();
    const result = await repository.delete({ practice_id: practiceId, blocked_number_id: blockedNumberId });
    if (!result.affected) throw BlockedNumberException.notFound();
    return view(row);
  }
}

function view(row: BlockedNumberRow): BlockedNumber {
  return {
    blocked_number_id: row.blocked_number_id,
    phone_number: row.phone_number,
    note: row.note,
    added_by_user_id: row.added_by_user_id,
    added_by_name: row.added_by_name,
    created_at: row.created_at.toISOString(),
  };
}
