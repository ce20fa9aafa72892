import { Body, Controller, Get, NotFoundException, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, Identity } from '@pp/platform';
import { CreatePersonDto } from './dto/create-person.dto';
import { PersonsService } from './persons.service';

/** A malformed id cannot name a lead of the caller: answered like any unknown lead. */
const personId = new ParseUUIDPipe({ exceptionFactory: () => new NotFoundException('Person not found') });

@ApiTags('people')
@Controller('api/v1/people')
export class PersonsController {
  constructor(private readonly persons: PersonsService) {}

  @Post()
  create(@CurrentIdentity() identity: Identity, @Body() dto: CreatePersonDto) {
    return this.persons.create(identity, dto);
  }

  @Get(':personId')
  get(@CurrentIdentity() identity: Identity, @Param('personId', personId) id: string) {
    return this.persons.get(identity, id);
  }
}
