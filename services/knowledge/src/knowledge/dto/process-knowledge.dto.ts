import { ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, MaxLength } from 'class-validator';
import { OptionalNotNull } from '@pp/platform';
import { MAX_URL_LENGTH, MAX_URLS_PER_REQUEST } from '../page-urls';

/** `POST practices/{id}/knowledge/processing`: `{urls}` for chosen pages, `{}` for the whole website. */
export class ProcessKnowledgeDto {
  @ApiPropertyOptional({
    type: [String],
    description: 'Pages of the practice website to (re)process; leave out to crawl the whole website',
    example: ['https://glow-aesthetics.example/pricing'],
  })
  @OptionalNotNull()
  @IsArray({ message: 'urls must be a list of page addresses' })
  @ArrayMinSize(1, { message: 'urls must list at least one page' })
  @ArrayMaxSize(MAX_URLS_PER_REQUEST, { message: `At most ${MAX_URLS_PER_REQUEST} pages at once` })
  @IsString({ each: true, message: 'Each URL must be text' })
  @MaxLength(MAX_URL_LENGTH, { each: true, message: `A URL is ${MAX_URL_LENGTH} characters at most` })
  urls?: string[];
}
