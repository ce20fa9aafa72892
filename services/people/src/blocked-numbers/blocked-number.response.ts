import { ApiProperty, SchemaObject } from '@nestjs/swagger';
import { BlockedNumber, BlockedNumberLimits, BlockedNumberList } from '@pp/contracts';

export class BlockedNumberResponse implements BlockedNumber {
  @ApiProperty({ format: 'uuid' })
  blocked_number_id: string;

  @ApiProperty({ description: 'E.164', example: '+12145550134' })
  phone_number: string;

  @ApiProperty({ type: String, nullable: true, description: 'Why it is blocked, as staff wrote it' })
  note: string | null;

  @ApiProperty({ format: 'uuid', description: 'The user who added it' })
  added_by_user_id: string;

  @ApiProperty({ type: String, nullable: true, description: 'Their name (or e-mail) at the time' })
  added_by_name: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at: string;
}

export class BlockedNumberListResponse implements BlockedNumberList {
  @ApiProperty({ type: [BlockedNumberResponse], description: 'Newest first' })
  blocked_numbers: BlockedNumberResponse[];
}

/** The POST body in the document. */
export const blockNumberBodySchema: SchemaObject = {
  type: 'object',
  required: ['phone_number'],
  additionalProperties: false,
  properties: {
    phone_number: {
      type: 'string',
      maxLength: BlockedNumberLimits.phoneInputMaxLength,
      description: 'A phone number; without a country code it is read as a US number. Stored in E.164.',
      example: '(214) 555-0134',
    },
    note: {
      type: 'string',
      nullable: true,
      maxLength: BlockedNumberLimits.noteMaxLength,
      example: 'Forms with this number are pranks',
    },
  },
};
