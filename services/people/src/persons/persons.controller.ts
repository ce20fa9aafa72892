import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { CreatePersonDto } from './dto/create-person.dto';
import { ListPeopleQuery } from './dto/list-people.query';
import { PracticeQuery } from './dto/practice.query';
import { SearchPeopleQuery } from './dto/search-people.query';
import { UpdatePersonDto } from './dto/update-person.dto';
import { LeadListService } from './list/lead-list.service';
import { personIdPipe } from './person-id.pipe';
import { LeadListResponseDto, LeadStatsResponseDto, PersonResponse } from './responses/person.response';
import { PersonsService } from './persons.service';
import { LeadSearchService } from './search/lead-search.service';

/** docs/product/leads.md#calls: the people calls of the workspace (decisions and actions have their own controllers). */
@ApiTags('people')
@ApiBearerAuth()
@ApiErrors(401, 404)
@Controller('api/v1/people')
export class PersonsController {
  constructor(
    private readonly persons: PersonsService,
    private readonly lists: LeadListService,
    private readonly searches: LeadSearchService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'List a practice’s leads, newest activity first, one page at a time' })
  @ApiOkResponse({ type: LeadListResponseDto })
  @ApiErrors(422)
  list(@CurrentIdentity() identity: Identity, @Query() query: ListPeopleQuery) {
    return this.lists.list(identity, query);
  }

  @Get('stats')
  @ApiOperation({ summary: 'Count a practice’s leads per stage and those waiting for review' })
  @ApiOkResponse({ type: LeadStatsResponseDto })
  @ApiErrors(422)
  stats(@CurrentIdentity() identity: Identity, @Query() query: PracticeQuery) {
    return this.lists.stats(identity, query.practice_id);
  }

  @Get('search')
  @ApiOperation({ summary: 'Find leads by name, email or phone digits (top bar search)' })
  @ApiOkResponse({ type: [PersonResponse] })
  @ApiErrors(422)
  search(@CurrentIdentity() identity: Identity, @Query() query: SearchPeopleQuery) {
    return this.searches.search(identity, query);
  }

  @Post()
  @ApiOperation({ summary: 'Create a lead' })
  @ApiCreatedResponse({ type: PersonResponse })
  @ApiErrors(422)
  create(@CurrentIdentity() identity: Identity, @Body() dto: CreatePersonDto) {
    return this.persons.create(identity, dto);
  }

  @Get(':personId')
  @ApiOperation({ summary: 'Get one lead' })
  @ApiOkResponse({ type: PersonResponse })
  get(@CurrentIdentity() identity: Identity, @Param('personId', personIdPipe) id: string) {
    return this.persons.get(identity, id);
  }

  @Patch(':personId')
  @ApiOperation({ summary: 'Edit a lead’s name, phone, email or stage (inline edit)' })
  @ApiOkResponse({ type: PersonResponse })
  @ApiErrors(422)
  update(
    @CurrentIdentity() identity: Identity,
    @Param('personId', personIdPipe) id: string,
    @Body() dto: UpdatePersonDto,
  ) {
    return this.persons.update(identity, id, dto);
  }

  @Post(':personId/seen')
  @HttpCode(200)
  @ApiOperation({ summary: 'Mark a lead as seen (clears its unseen dot)' })
  @ApiOkResponse({ type: PersonResponse })
  seen(@CurrentIdentity() identity: Identity, @Param('personId', personIdPipe) id: string) {
    return this.persons.markSeen(identity, id);
  }
}
