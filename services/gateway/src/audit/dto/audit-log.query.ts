import { ApiPropertyOptional } from '@nestjs/swagger';
import { AUDIT_ACTIONS, AUDIT_PAGE } from '@pp/contracts';
import { IsOptional, IsString } from 'class-validator';
import type { AuditFilterInput } from '../audit-filters';

const single = (name: string) => ({ message: `${name} must be a single value` });

/**
 * `GET /api/v1/practices/{practiceId}/audit-log[.csv]` (docs/product/settings.md#security): each filter once, as
 * text; their rules are `parseAuditFilters`'s (audit-filters.ts).
 */
export class AuditLogQuery implements AuditFilterInput {
  @ApiPropertyOptional({ description: 'A user id, or the e-mail address the user signed in with' })
  @IsOptional()
  @IsString(single('user'))
  user?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'A lead id: the entries about that lead' })
  @IsOptional()
  @IsString(single('lead'))
  lead?: string;

  @ApiPropertyOptional({ enum: AUDIT_ACTIONS })
  @IsOptional()
  @IsString(single('action'))
  action?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'From this instant (inclusive)' })
  @IsOptional()
  @IsString(single('from'))
  from?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Before this instant (exclusive)' })
  @IsOptional()
  @IsString(single('to'))
  to?: string;

  @ApiPropertyOptional({ description: 'next_cursor of the previous page (not for the CSV export)' })
  @IsOptional()
  @IsString(single('cursor'))
  cursor?: string;

  @ApiPropertyOptional({ default: AUDIT_PAGE.defaultSize, minimum: 1, maximum: AUDIT_PAGE.maxSize })
  @IsOptional()
  @IsString(single('limit'))
  limit?: string;
}
