import { ApiProperty } from '@nestjs/swagger';
import type {
  ConsentChannel,
  ConsentChannelDto,
  ConsentLedgerDto,
  ConsentRecordDto,
  ConsentStatus,
  ConsentWithdrawal,
} from '@pp/contracts';

const CHANNELS = ['sms', 'phone', 'email'];
const WITHDRAWALS = [
  'sms_keyword',
  'carrier_unsubscribed',
  'opt_out_message',
  'staff_removal',
  'email_unsubscribe',
  'email_reply',
];

export class ConsentRecordResponse implements ConsentRecordDto {
  @ApiProperty({ format: 'uuid' })
  consent_id: string;

  @ApiProperty({ enum: CHANNELS })
  channel: ConsentChannel;

  @ApiProperty({ description: 'False: the lead said no' })
  granted: boolean;

  @ApiProperty({ example: 'website_form', description: 'website_form, or sms_keyword (START)' })
  source: string;

  @ApiProperty({ type: String, nullable: true })
  page_url: string | null;

  @ApiProperty({ description: 'What the lead agreed to (the form’s consent text, or the words it texted)' })
  consent_text: string;

  @ApiProperty({ format: 'date-time' })
  given_at: string;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  withdrawn_at: string | null;

  @ApiProperty({ enum: WITHDRAWALS, nullable: true })
  withdrawn_reason: ConsentWithdrawal | null;
}

export class ConsentChannelResponse implements ConsentChannelDto {
  @ApiProperty({ enum: CHANNELS })
  channel: ConsentChannel;

  @ApiProperty({ enum: ['granted', 'refused', 'withdrawn', 'opted_out', 'none'] })
  status: ConsentStatus;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  since: string | null;
}

export class ConsentLedgerResponse implements ConsentLedgerDto {
  @ApiProperty({ type: [ConsentChannelResponse] })
  channels: ConsentChannelResponse[];

  @ApiProperty({ type: [ConsentRecordResponse], description: 'Newest first' })
  records: ConsentRecordResponse[];
}
