import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** The longest message a visitor may send the demo assistant. */
export const MAX_CHAT_MESSAGE_LENGTH = 1000;

/** `POST onboarding/session/{id}/chat`. */
export class DemoChatDto {
  @ApiProperty({ example: 'Do you offer Botox on Saturdays?' })
  @IsString({ message: 'message must be text' })
  @MinLength(1, { message: 'Type a message first.' })
  @MaxLength(MAX_CHAT_MESSAGE_LENGTH, {
    message: `A message is ${MAX_CHAT_MESSAGE_LENGTH.toLocaleString('en-US')} characters at most.`,
  })
  message!: string;
}
