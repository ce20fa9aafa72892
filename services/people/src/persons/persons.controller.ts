import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, Identity } from '@pp/platform';
import { CreatePersonDto } from './dto/create-person.dto';
import { ListPeopleQuery } from './dto/list-people.query';
import { PracticeQuery } from './dto/practice.query';
import { SearchPeopleQuery } from './dto/search-people.query';
import { UpdatePersonDto } from './dto/update-person.dto';
import { LeadListService } from './list/lead-list.service';
import { personIdPipe } from './person-id.pipe';
import { PersonsService } from './persons.service';
import { LeadSearchService } from './search/lead-search.service';

/** docs/product/leads.md#calls: the people calls of the workspace (decisions and actions have their own controllers). */
@ApiTags('people')
@Controller('api/v1/people')
export class PersonsController {
  constructor(
    private readonly persons: PersonsService,
    private readonly lists: LeadListService,
    private readonly searches: LeadSearchService,
  ) {}

  @Get()
  list(@CurrentIdentity() identity: Identity, @Query() query: ListPeopleQuery) {
    return this.lists.list(identity, query);
  }

  @Get('stats')
  stats(@CurrentIdentity() identity: Identity, @Query() query: PracticeQuery) {
    return this.lists.stats(identity, query.practice_id);
  }

  @Get('search')
  search(@CurrentIdentity() identity: Identity, @Query() query: SearchPeopleQuery) {
    return this.searches.search(identity, query);
  }

  @Post()
  create(@CurrentIdentity() identity: Identity, @Body() dto: CreatePersonDto) {
    return this.persons.create(identity, dto);
  }

  @Get(':personId')
  get(@CurrentIdentity() identity: Identity, @Param('personId', personIdPipe) id: string) {
    return this.persons.get(identity, id);
  }

  @Patch(':personId')
  update(
    @CurrentIdentity() identity: Identity,
    @Param('personId', personIdPipe) id: string,
    @Body() dto: UpdatePersonDto,
  ) {
    return this.persons.update(identity, id, dto);
  }

  @Post(':personId/seen')
  @HttpCode(200)
  seen(@CurrentIdentity() identity: Identity, @Param('personId', personIdPipe) id: string) {
    return this.persons.markSeen(identity, id);
  }
}
