import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { VoiceDemoMessages } from './demo-voice.messages';

/** `POST voice/demo/{id}/phone`. */
export class DemoPhoneDto {
  @ApiProperty({ example: '+1 512 555 0142' })
  @IsString({ message: VoiceDemoMessages.invalidPhone })
  @MaxLength(32, { message: VoiceDemoMessages.invalidPhone })
  phone_number!: string;
}
