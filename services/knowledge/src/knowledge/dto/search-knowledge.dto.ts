import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsNotEmpty, IsString, Max, MaxLength, Min } from 'class-validator';
import { OptionalNotNull } from '@pp/platform';
import { DEFAULT_SEARCH_LIMIT, MAX_QUERY_LENGTH, MAX_SEARCH_LIMIT } from '@pp/ai';

const QUERY_REQUIRED = 'query is required';

/** `POST practices/{id}/knowledge/search`: a visitor's question, for the AI engine's context. */
export class SearchKnowledgeDto {
  @ApiProperty({ example: 'Is there parking near your office?' })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))
  @IsString({ message: QUERY_REQUIRED })
  @MaxLength(MAX_QUERY_LENGTH, { message: `query is ${MAX_QUERY_LENGTH} characters at most` })
  @IsNotEmpty({ message: QUERY_REQUIRED })
  query: string;

  @ApiPropertyOptional({ default: DEFAULT_SEARCH_LIMIT, minimum: 1, maximum: MAX_SEARCH_LIMIT })
  @OptionalNotNull()
  @IsInt({ message: `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}` })
  @Min(1, { message: `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}` })
  @Max(MAX_SEARCH_LIMIT, { message: `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}` })
  limit?: number;
}
