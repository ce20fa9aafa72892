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
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Identity } from '@pp/platform';
import { CurrentUser } from '../auth/current-auth';
import { CreateLocationDto, UpdateLocationDto } from './dto/location.dto';
import { LocationException } from './location.exception';
import { LocationsService } from './locations.service';

const locationId = new ParseUUIDPipe({ exceptionFactory: () => LocationException.notFound() });

@ApiTags('locations')
@ApiBearerAuth()
@Controller('api/v1/practices/:practiceId/locations')
export class LocationsController {
  constructor(private readonly locations: LocationsService) {}

  @Get()
  @UseInterceptors(listOf('locations'))
  list(@CurrentUser() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.locations.list(identity, practiceId);
  }

  @Post()
  create(
    @CurrentUser() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Body() dto: CreateLocationDto,
  ) {
    return this.locations.create(identity, practiceId, dto);
  }

  @Patch(':locationId')
  update(
    @CurrentUser() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Param('locationId', locationId) id: string,
    @Body() dto: UpdateLocationDto,
  ) {
    return this.locations.update(identity, practiceId, id, dto);
  }

  @Delete(':locationId')
  remove(
    @CurrentUser() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Param('locationId', locationId) id: string,
  ) {
    return this.locations.remove(identity, practiceId, id);
  }
}
