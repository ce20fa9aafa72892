import { Body, Controller, Get, Param, Patch } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Identity } from '@pp/platform';
import { CurrentUser } from '../auth/current-auth';
import { UpdatePracticeDto } from './dto/update-practice.dto';
import { PracticesService } from './practices.service';

@ApiTags('practices')
@ApiBearerAuth()
@Controller('api/v1/practices/:practiceId')
export class PracticesController {
  constructor(private readonly practices: PracticesService) {}

  @Get()
  get(@CurrentUser() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.practices.get(identity, practiceId);
  }

  @Patch()
  update(
    @CurrentUser() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Body() dto: UpdatePracticeDto,
  ) {
    return this.practices.update(identity, practiceId, dto);
  }
}
