import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsString, Length } from 'class-validator';

export const SimulatedReplyMessages = {
  channel: 'Channel must be sms or email',
  message: 'Please write a reply of 1 to 1600 characters',
} as const;

/** `POST /people/{id}/simulate-reply` (docs/product/channels.md#simulated-replies). */
export class SimulatedReplyDto {
  @ApiProperty({ enum: ['sms', 'email'] })
  @IsIn(['sms', 'email'], { message: SimulatedReplyMessages.channel })
  channel: 'sms' | 'email';

  @ApiProperty({ minLength: 1, maxLength: 1600, example: 'Is Thursday at 3 still open?' })
  @IsString({ message: SimulatedReplyMessages.message })
  @Length(1, 1600, { message: SimulatedReplyMessages.message })
  message: string;
}

export class SimulatedReplyResponse {
  @ApiProperty({ format: 'uuid', description: 'The sms_received or email_received event recorded' })
  event_id: string;
}

/** `GET /channels/sandbox`: which channels of the practice go to the sandbox. */
export class SandboxChannelsResponse {
  @ApiProperty({ description: 'Texts go to the sandbox (Twilio not configured)' })
  sms: boolean;

  @ApiProperty({ description: 'E-mail goes to the sandbox (no connected mailbox)' })
  email: boolean;
}
