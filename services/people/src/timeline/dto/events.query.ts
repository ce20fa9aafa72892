import { ApiPropertyOptional } from '@nestjs/swagger';
import { LeadLimits } from '@pp/contracts';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';

const limitMessage = `limit must be a whole number from 1 to ${LeadLimits.maxEventLimit}`;

/** `GET /api/v1/people/{id}/events` (docs/product/leads.md#calls). */
export class EventsQuery {
  @ApiPropertyOptional({ default: LeadLimits.eventLimit, minimum: 1, maximum: LeadLimits.maxEventLimit })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: limitMessage })
  @Min(1, { message: limitMessage })
  @Max(LeadLimits.maxEventLimit, { message: limitMessage })
  limit: number = LeadLimits.eventLimit;
}
