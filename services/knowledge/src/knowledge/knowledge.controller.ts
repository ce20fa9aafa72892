import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrors, CurrentIdentity, Identity } from '@pp/platform';
import { DeleteKnowledgeDto, DeleteKnowledgeQuery } from './dto/delete-knowledge.dto';
import { ProcessKnowledgeDto } from './dto/process-knowledge.dto';
import { SearchKnowledgeDto } from './dto/search-knowledge.dto';
import {
  KnowledgeDeleteResponse,
  KnowledgeListResponse,
  KnowledgeSearchResponse,
  KnowledgeStatusResponse,
} from './knowledge.response';
import { KnowledgeSearchService } from './knowledge-search.service';
import { KnowledgeService } from './knowledge.service';

/** docs/product/settings.md#knowledge-calls, and retrieval for the AI engine. */
@ApiTags('knowledge')
@ApiBearerAuth()
@ApiErrors(401, 404)
@Controller('api/v1/practices/:practiceId/knowledge')
export class KnowledgeController {
  constructor(
    private readonly knowledge: KnowledgeService,
    private readonly searches: KnowledgeSearchService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The knowledge base: one entry per website page, with its chunks' })
  @ApiOkResponse({ type: KnowledgeListResponse })
  list(@CurrentIdentity() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.knowledge.list(identity, practiceId);
  }

  @Get('status')
  @ApiOperation({ summary: 'The processing status (ready when never processed)' })
  @ApiOkResponse({ type: KnowledgeStatusResponse })
  status(@CurrentIdentity() identity: Identity, @Param('practiceId') practiceId: string) {
    return this.knowledge.status(identity, practiceId);
  }

  @Post('processing')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Process chosen pages ({urls}) or the whole website ({}): crawled and chunked in the background',
  })
  @ApiAcceptedResponse({ type: KnowledgeStatusResponse })
  @ApiErrors(409, 422, 503)
  process(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Body() dto: ProcessKnowledgeDto,
  ) {
    return this.knowledge.process(identity, practiceId, dto);
  }

  @Delete()
  @ApiOperation({
    summary:
      'Delete {delete_all: true}, {urls} or ?ids= chunk ids (ids not of the practice are left alone and not counted)',
  })
  @ApiBody({ type: DeleteKnowledgeDto, required: false })
  @ApiOkResponse({ type: KnowledgeDeleteResponse })
  @ApiErrors(422)
  delete(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Query() query: DeleteKnowledgeQuery,
    @Body() dto: DeleteKnowledgeDto,
  ) {
    return this.knowledge.delete(identity, practiceId, dto, query);
  }

  @Post('search')
  @HttpCode(200)
  @ApiOperation({ summary: 'The chunks that best answer a question (retrieval for the AI engine)' })
  @ApiOkResponse({ type: KnowledgeSearchResponse })
  @ApiErrors(422)
  search(
    @CurrentIdentity() identity: Identity,
    @Param('practiceId') practiceId: string,
    @Body() dto: SearchKnowledgeDto,
  ) {
    return this.searches.search(identity, practiceId, dto);
  }
}
