import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors, Public } from '@pp/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  DemoChatResponse,
  DemoPracticeResponse,
  DemoStartResponse,
  DemoStatusResponse,
} from './demo.response';
import { DemoChatService } from './demo-chat.service';
import { DemoService } from './demo.service';
import { DemoChatDto } from './dto/demo-chat.dto';
import { StartDemoDto } from './dto/start-demo.dto';

/** The public demo (docs/product/onboarding.md#calls): no sign-in, limited per client network. */
@ApiTags('onboarding')
@Controller('api/v1/onboarding')
export class DemoController {
  constructor(
    private readonly demos: DemoService,
    private readonly chats: DemoChatService,
  ) {}

  @Post('start')
  @Public()
  @ApiOperation({
    summary:
      'Start a demo of a website (201), or get the session of the same site started in the last hour (200) unless fresh',
  })
  @ApiBody({ type: StartDemoDto })
  @ApiCreatedResponse({ type: DemoStartResponse })
  @ApiOkResponse({ type: DemoStartResponse })
  @ApiErrors(422, 429, 503)
  async start(
    @Body() dto: StartDemoDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DemoStartResponse> {
    const { created, ...answer } = await this.demos.start(dto, { ip: request.ip || null });
    void reply.status(created ? HttpStatus.CREATED : HttpStatus.OK).header('Cache-Control', 'no-store');
    return answer;
  }

  @Get('session/:id/status')
  @Public()
  @ApiOperation({ summary: 'A demo session: its status, progress and what was extracted (polled every 5 s)' })
  @ApiOkResponse({ type: DemoStatusResponse })
  @ApiErrors(404)
  async status(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DemoStatusResponse> {
    void reply.header('Cache-Control', 'no-store');
    return this.demos.status(id);
  }

  @Get('session/:id/practice')
  @Public()
  @ApiOperation({
    summary:
      'What a ready demo becomes at sign-up: name, address, phone, time zone, hours, pages and procedures from the site',
  })
  @ApiOkResponse({ type: DemoPracticeResponse })
  @ApiErrors(404, 409)
  async practice(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DemoPracticeResponse> {
    void reply.header('Cache-Control', 'no-store');
    return this.demos.practice(id);
  }

  @Post('session/:id/chat')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: "Ask the demo assistant: answered from the website's pages only, with the pages it quotes",
  })
  @ApiBody({ type: DemoChatDto })
  @ApiOkResponse({ type: DemoChatResponse })
  @ApiErrors(404, 409, 422, 429)
  async chat(
    @Param('id') id: string,
    @Body() dto: DemoChatDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DemoChatResponse> {
    void reply.header('Cache-Control', 'no-store');
    return this.chats.chat(this.demos.sessionId(id), dto, { ip: request.ip || null });
  }
}
