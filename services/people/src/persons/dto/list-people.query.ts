import { ApiPropertyOptional } from '@nestjs/swagger';
import { LeadLimits } from '@pp/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { PersonMessages } from '../person.exception';
import { PracticeQuery } from './practice.query';

const limitMessage = `limit must be a whole number from 1 to ${LeadLimits.maxPageSize}`;

/** `GET /api/v1/people/` (docs/product/leads.md#calls). Stage and cursor rules are checked in list/list-rules.ts. */
export class ListPeopleQuery extends PracticeQuery {
  @ApiPropertyOptional({ default: LeadLimits.pageSize, minimum: 1, maximum: LeadLimits.maxPageSize })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: limitMessage })
  @Min(1, { message: limitMessage })
  @Max(LeadLimits.maxPageSize, { message: limitMessage })
  limit: number = LeadLimits.pageSize;

  @ApiPropertyOptional({
    description: "A sidebar filter id ('all', 'review', 'escalated' ...) or a stage name",
  })
  @IsOptional()
  @IsString({ message: 'stage must be a single value' })
  stage?: string;

  @ApiPropertyOptional({ enum: ['true', 'false'] })
  @IsOptional()
  @IsString({ message: 'pending_review must be true or false' })
  pending_review?: string;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page: older leads' })
  @IsOptional()
  @IsString({ message: PersonMessages.invalidCursor })
  after?: string;

  @ApiPropertyOptional({ description: 'prev_cursor of a page: newer leads' })
  @IsOptional()
  @IsString({ message: PersonMessages.invalidCursor })
  before?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'A page starting at this lead (deep links)' })
  @IsOptional()
  @IsString({ message: 'anchor_id must be a single value' })
  anchor_id?: string;
}
