import { Injectable } from '@nestjs/common';
import { assertPracticeAccess, Identity } from '@pp/platform';
import { DataSource } from 'typeorm';
import { VirtualNumber } from './virtual-number.entity';

@Injectable()
export class VirtualNumbersService {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * The practice's numbers (docs/product/settings.md#channel-availability): the AI Communications page derives
   * channel availability from them.
   */
  async list(identity: Identity, practiceId: string) {
    assertPracticeAccess(identity, practiceId);
    const numbers = await this.dataSource
      .getRepository(VirtualNumber)
      .find({ where: { practice_id: practiceId }, order: { phone_number: 'ASC' } });
    return numbers.map((number) => ({ id: number.virtual_number_id, ...number }));
  }
}
