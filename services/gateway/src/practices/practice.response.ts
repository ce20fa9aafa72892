import { ApiProperty } from '@nestjs/swagger';
import { PracticeSnapshot } from '@pp/contracts';
import { AUTOMATION_LEVELS } from './practice.entity';

export class PracticeResponse implements PracticeSnapshot {
  @ApiProperty({ format: 'uuid' })
  practice_id: string;

  @ApiProperty({ example: 'Glow Aesthetics' })
  name: string;

  @ApiProperty({ type: String, nullable: true, example: 'https://glow.example' })
  website_url: string | null;

  @ApiProperty({ enum: AUTOMATION_LEVELS })
  automation_level: string;

  @ApiProperty({ type: 'object', additionalProperties: true, description: 'How the AI reaches out' })
  outreach_preferences: Record<string, unknown>;

  @ApiProperty({
    example: 'site_glow_demo',
    description: 'Public key of the website tracking snippet (POST /api/v1/tracking/events); never changes',
  })
  site_key: string;
}
