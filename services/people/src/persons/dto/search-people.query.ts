import { ApiPropertyOptional } from '@nestjs/swagger';
import { LeadLimits } from '@pp/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { PracticeQuery } from './practice.query';

/** The most results one search returns. */
export const MAX_SEARCH_LIMIT = 20;
const limitMessage = `limit must be a whole number from 1 to ${MAX_SEARCH_LIMIT}`;

/** `GET /api/v1/people/search` (docs/product/shell.md#lead-search). */
export class SearchPeopleQuery extends PracticeQuery {
  @ApiPropertyOptional({ description: 'Name, email or phone digits; under 2 characters gives []' })
  @IsOptional()
  @IsString({ message: 'q must be a single value' })
  q?: string;

  @ApiPropertyOptional({ default: LeadLimits.searchLimit, minimum: 1, maximum: MAX_SEARCH_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: limitMessage })
  @Min(1, { message: limitMessage })
  @Max(MAX_SEARCH_LIMIT, { message: limitMessage })
  limit: number = LeadLimits.searchLimit;
}
