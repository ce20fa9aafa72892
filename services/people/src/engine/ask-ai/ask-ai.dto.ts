import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export const AskAiMessages = {
  question: 'Please ask a question of 1 to 1000 characters',
} as const;

/** `POST /people/{id}/ask-ai` (docs/product/ai-engine.md#ask-ai). */
export class AskAiDto {
  @ApiProperty({ minLength: 1, maxLength: 1000, example: 'What did she ask about pricing?' })
  @IsString({ message: AskAiMessages.question })
  @Length(1, 1000, { message: AskAiMessages.question })
  question: string;
}

export class AskAiCitationResponse {
  @ApiProperty()
  chunk_id: string;

  @ApiProperty()
  source_url: string;

  @ApiProperty({ type: String, nullable: true })
  page_title: string | null;
}

export class AskAiResponse {
  @ApiProperty()
  answer: string;

  @ApiProperty({ description: 'False when neither the timeline nor the knowledge held the answer' })
  grounded: boolean;

  @ApiProperty({ type: [AskAiCitationResponse] })
  citations: AskAiCitationResponse[];
}
