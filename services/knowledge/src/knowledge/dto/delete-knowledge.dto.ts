import { ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { OptionalNotNull } from '@pp/platform';
import { MAX_URL_LENGTH } from '../page-urls';

/** `DELETE practices/{id}/knowledge` body: `{delete_all: true}` or `{urls}` (or no body with `?ids=`). */
export class DeleteKnowledgeDto {
  @ApiPropertyOptional({ description: 'true: delete every page and chunk of the practice' })
  @OptionalNotNull()
  @IsBoolean({ message: 'delete_all must be true' })
  delete_all?: boolean;

  @ApiPropertyOptional({ type: [String], description: 'Pages to delete, by source_url' })
  @OptionalNotNull()
  @IsArray({ message: 'urls must be a list of page addresses' })
  @ArrayMinSize(1, { message: 'urls must list at least one page' })
  @ArrayMaxSize(1000, { message: 'At most 1000 pages at once' })
  @IsString({ each: true, message: 'Each URL must be text' })
  @MaxLength(MAX_URL_LENGTH, { each: true, message: `A URL is ${MAX_URL_LENGTH} characters at most` })
  urls?: string[];
}

/** `DELETE practices/{id}/knowledge?ids=`: chunk ids, comma-separated. */
export class DeleteKnowledgeQuery {
  @ApiPropertyOptional({ description: 'Comma-separated chunk ids', example: 'uuid-1,uuid-2' })
  @IsOptional()
  @IsString({ message: 'ids must be comma-separated chunk ids' })
  @MaxLength(40_000, { message: 'At most 1000 chunk ids can be deleted at once' })
  ids?: string;
}
