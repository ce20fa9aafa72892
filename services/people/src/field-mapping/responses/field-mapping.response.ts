import { ApiProperty, SchemaObject } from '@nestjs/swagger';
import {
  DiscoveredFieldDto,
  FIELD_MAPPING_TARGETS,
  FieldMappingResponse,
  FieldMappingSaved,
  FieldMappingTarget,
} from '@pp/contracts';

export class DiscoveredFieldResponse implements DiscoveredFieldDto {
  @ApiProperty({ description: 'The field name as the website form sends it', example: 'your-phone' })
  name: string;

  @ApiProperty({
    type: [String],
    description:
      'The latest distinct values submitted (at most 5, newest first, each at most 100 characters)',
    example: ['(214) 555-0134'],
  })
  examples: string[];
}

export class FieldMappingResponseDto implements FieldMappingResponse {
  @ApiProperty({ type: [DiscoveredFieldResponse], description: 'Fields seen on the practice’s forms' })
  discovered_fields: DiscoveredFieldResponse[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: [...FIELD_MAPPING_TARGETS] },
    description: 'Field name → target; a discovered field not listed is unmapped',
    example: { 'your-name': 'full_name', 'your-phone': 'phone', referral: 'additional_info' },
  })
  current_mappings: Record<string, FieldMappingTarget>;
}

export class FieldMappingSavedResponse implements FieldMappingSaved {
  @ApiProperty({ enum: [true], example: true })
  ok: true;
}

/** The PUT body in the document: the full mapping. */
export const fieldMappingBodySchema: SchemaObject = {
  type: 'object',
  additionalProperties: { type: 'string', enum: [...FIELD_MAPPING_TARGETS] },
  maxProperties: 500,
  description:
    'The full mapping, field name (1–200 characters) → target; fields left out become unmapped. ' +
    'Names not yet discovered may be mapped ahead of their first submission.',
  example: {
    'your-name': 'full_name',
    'your-phone': 'phone',
    referral: 'additional_info',
    captcha: 'ignore',
  },
};
