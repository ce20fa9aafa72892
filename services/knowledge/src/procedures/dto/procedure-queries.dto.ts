import { ApiPropertyOptional } from '@nestjs/swagger';
import { ProcedureApiMessages } from '@pp/contracts';
import { IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';

export class SearchProceduresQuery {
  @ApiPropertyOptional({ description: 'Name, parent name or synonym (e.g. botox, tummy tuck)' })
  @IsOptional()
  @IsString({ message: 'q must be text' })
  @MaxLength(200, { message: ProcedureApiMessages.searchTooLong })
  q?: string;
}

export class HistoryQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this location’s rows; all rows when left out' })
  @IsOptional()
  @IsUUID('all', { message: 'location_id must be a UUID' })
  location_id?: string;
}
