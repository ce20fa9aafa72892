import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { FieldMappingService } from './field-mapping.service';
import {
  fieldMappingBodySchema,
  FieldMappingResponseDto,
  FieldMappingSavedResponse,
} from './responses/field-mapping.response';

/** docs/product/ai-engine.md#intake-forms-field-mapping-consent: the Settings → Form Field Mapping calls. */
@ApiTags('field mapping')
@ApiBearerAuth()
@ApiErrors(401, 404)
@Controller('api/v1/practices/:practiceId/field-mapping')
export class FieldMappingController {
  constructor(private readonly fieldMapping: FieldMappingService) {}

  @Get()
  @ApiOperation({ summary: 'The fields seen on the practice’s website forms and how they are mapped' })
  @ApiOkResponse({ type: FieldMappingResponseDto })
  get(@CurrentIdentity() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.fieldMapping.get(identity, practiceId);
  }

  @Put()
  @ApiOperation({ summary: 'Replace the practice’s form field mapping' })
  @ApiBody({ schema: fieldMappingBodySchema })
  @ApiOkResponse({ type: FieldMappingSavedResponse })
  @ApiErrors(422)
  replace(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Body() body: unknown,
  ) {
    return this.fieldMapping.replace(identity, practiceId, body);
  }
}
