import type { BusinessHours } from '@pp/contracts';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { DemoStatus } from './demo-store';

export class DemoStartResponse {
  @ApiProperty({ format: 'uuid' })
  demo_session_id!: string;
}

class DemoProgress {
  @ApiProperty({ description: 'Pages of the site known so far' })
  pages_found!: number;

  @ApiProperty({ description: 'Pages read so far' })
  pages_processed!: number;
}

class ExtractedDataResponse {
  @ApiPropertyOptional({ type: String, nullable: true }) practice_name!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) about_summary!: string | null;
  @ApiProperty({ type: [String] }) doctors_names!: string[];
  @ApiProperty({ type: [String] }) specialties!: string[];
  @ApiProperty({ type: [String] }) key_services!: string[];
  @ApiPropertyOptional({ type: String, nullable: true }) address!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) phone_number!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) email_address!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) booking_info!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) error!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) warning!: string | null;
}

/** `GET onboarding/session/{id}/status` (docs/product/onboarding.md#session). */
export class DemoStatusResponse {
  @ApiProperty({ enum: ['initiated', 'crawling', 'processing', 'ready', 'failed'] })
  status!: DemoStatus;

  @ApiProperty()
  website_url!: string;

  @ApiPropertyOptional({ type: ExtractedDataResponse, nullable: true })
  extracted_data!: ExtractedDataResponse | null;

  @ApiPropertyOptional({ type: String, nullable: true })
  error_message!: string | null;

  @ApiProperty({
    description: 'The page each extracted field came from, by field name',
    type: 'object',
    additionalProperties: { type: 'string' },
  })
  sources!: Record<string, string>;

  @ApiProperty({ type: DemoProgress })
  progress!: DemoProgress;

  @ApiProperty({ description: 'When the session and what it read are deleted' })
  expires_at!: string;
}

class DemoCitation {
  @ApiProperty({ description: 'The page of the website the answer quotes' })
  url!: string;

  @ApiPropertyOptional({ type: String, nullable: true })
  title!: string | null;
}

/** `POST onboarding/session/{id}/chat`. */
export class DemoChatResponse {
  @ApiProperty()
  reply!: string;

  @ApiProperty({ type: [DemoCitation] })
  citations!: DemoCitation[];

  @ApiProperty({ description: 'False when the website did not answer the question (the reply then says so)' })
  grounded!: boolean;
}

/**
 * `GET onboarding/session/{id}/practice`: what a ready demo becomes at sign-up (docs/product/onboarding.md#sign-up).
 * Everything here was read on the practice's own public website.
 */
export class DemoPracticeResponse {
  @ApiProperty({ format: 'uuid' }) demo_session_id!: string;
  @ApiProperty() website_url!: string;
  @ApiPropertyOptional({ type: String, nullable: true }) practice_name!: string | null;
  @ApiPropertyOptional({ type: String, nullable: true }) address!: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'E.164 when the site states a valid number',
  })
  phone_number!: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: "The IANA zone of the practice's phone number, when it has exactly one",
  })
  time_zone!: string | null;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    nullable: true,
    description: "monday..sunday, each {open, close, closed} ('HH:MM'), when the site states its hours",
  })
  business_hours!: BusinessHours | null;
  @ApiProperty({ type: [String], description: 'The pages the demo read, in the order read' })
  page_urls!: string[];
  @ApiProperty({ type: [String], description: 'Catalogue keys of the procedures found on the site' })
  procedure_keys!: string[];
}
