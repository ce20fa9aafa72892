import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  UseInterceptors,
} from '@nestjs/common';
import { listOf } from '../common/content-range.interceptor';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Identity } from '@pp/platform';
import { CurrentUser } from '../auth/current-auth';
import { CreateLocationDto, UpdateLocationDto } from './dto/location.dto';
import { LocationException } from './location.exception';
import { LocationResponse } from './location.response';
import { LocationsService } from './locations.service';

const locationId = new ParseUUIDPipe({ exceptionFactory: () => LocationException.notFound() });

@ApiTags('locations')
@ApiBearerAuth()
@ApiErrors(401, 404)
@Controller('api/v1/practices/:practiceId/locations')
export class LocationsController {
  constructor(private readonly locations: LocationsService) {}

  @Get()
  @UseInterceptors(listOf('locations'))
  @ApiOperation({ summary: 'A practice’s locations, the primary first' })
  @ApiOkResponse({ type: [LocationResponse] })
  list(@CurrentUser() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.locations.list(identity, practiceId);
  }

  @Post()
  @ApiOperation({ summary: 'Add a location (the first one becomes primary)' })
  @ApiCreatedResponse({ type: LocationResponse })
  @ApiErrors(422)
  create(
    @CurrentUser() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Body() dto: CreateLocationDto,
  ) {
    return this.locations.create(identity, practiceId, dto);
  }

  @Patch(':locationId')
  @ApiOperation({ summary: 'Change a location; making it primary demotes the previous primary' })
  @ApiOkResponse({ type: LocationResponse })
  @ApiErrors(409, 422)
  update(
    @CurrentUser() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Param('locationId', locationId) id: string,
    @Body() dto: UpdateLocationDto,
  ) {
    return this.locations.update(identity, practiceId, id, dto);
  }

  @Delete(':locationId')
  @ApiOperation({ summary: 'Delete a location that is not the primary; returns it as it was' })
  @ApiOkResponse({ type: LocationResponse })
  @ApiErrors(409)
  remove(
    @CurrentUser() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Param('locationId', locationId) id: string,
  ) {
    return this.locations.remove(identity, practiceId, id);
  }
}
