import { Body, Controller, Get, Param, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '@pp/platform';
import type { FastifyReply } from 'fastify';
import { AuthException } from '../auth/auth.exception';
import type { AuthenticatedRequest } from '../auth/auth.guard';
import { AuditRecorder } from './audit-recorder';
import { AuditException } from './audit.exception';
import { AuditLogPageResponse, AuditRetentionResponse } from './audit-log.response';
import { AuditLogService } from './audit-log.service';
import { AuditLogQuery } from './dto/audit-log.query';
import { RetentionDto } from './dto/retention.dto';

/**
 * Settings › Security (docs/product/settings.md#security, docs/decisions/0041-audit-log.md): a practice's audit log
 * of patient record access, its CSV export and its retention. Reading the log, exporting it and changing its
 * retention are themselves entries of the log.
 */
@ApiTags('audit log')
@ApiBearerAuth()
@ApiErrors(401, 404)
@Controller('api/v1/practices/:practiceId')
export class AuditLogController {
  constructor(
    private readonly auditLog: AuditLogService,
    private readonly recorder: AuditRecorder,
  ) {}

  @Get('audit-log')
  @ApiOperation({
    summary: 'A practice’s audit log of patient record access, newest first, one page at a time',
  })
  @ApiOkResponse({ type: AuditLogPageResponse })
  @ApiErrors(422, 503)
  page(
    @Req() request: AuthenticatedRequest,
    @Param('practiceId') practiceId: string,
    @Query() query: AuditLogQuery,
  ) {
    const identity = this.begin(request, practiceId, 'audit_log.read');
    return this.auditLog.page(identity, practiceId, query);
  }

  @Get('audit-log.csv')
  @ApiOperation({ summary: 'The audit log entries the filters select, as CSV (a download)' })
  @ApiOkResponse({
    description: 'One line per entry, newest first (a download)',
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ApiErrors(422, 503)
  export(
    @Req() request: AuthenticatedRequest,
    @Res() reply: FastifyReply,
    @Param('practiceId') practiceId: string,
    @Query() query: AuditLogQuery,
  ) {
    const identity = this.begin(request, practiceId, 'audit_log.export');
    const csv = this.auditLog.export(identity, practiceId, query);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-log-${day}.csv"`)
      .send(csv);
  }

  @Get('audit-log/retention')
  @ApiOperation({ summary: 'How many years the practice keeps its audit log' })
  @ApiOkResponse({ type: AuditRetentionResponse })
  retention(@Req() request: AuthenticatedRequest, @Param('practiceId') practiceId: string) {
    return this.auditLog.retention(this.auth(request).identity, practiceId);
  }

  @Put('audit-log/retention')
  @ApiOperation({ summary: 'Change how many years the practice keeps its audit log (6 to 30)' })
  @ApiOkResponse({ type: AuditRetentionResponse })
  @ApiErrors(422, 503)
  setRetention(
    @Req() request: AuthenticatedRequest,
    @Param('practiceId') practiceId: string,
    @Body() dto: RetentionDto,
  ) {
    const identity = this.begin(request, practiceId, 'audit_log.retention_update');
    return this.auditLog.setRetention(identity, practiceId, dto.retention_years);
  }

  private auth(request: AuthenticatedRequest) {
    if (!request.auth) throw AuthException.invalidToken();
    return request.auth;
  }

  /** The request's audit log entry, filed once it is answered (none is begun while the log cannot be written). */
  private begin(
    request: AuthenticatedRequest,
    practiceId: string,
    action: 'audit_log.read' | 'audit_log.export' | 'audit_log.retention_update',
  ) {
    const auth = this.auth(request);
    if (!this.recorder.accepting()) throw AuditException.unavailable();
    this.recorder.begin(
      request,
      auth,
      { action, resource_type: 'audit_log', resource_id: null, lead_id: null },
      practiceId.toLowerCase(),
    );
    return auth.identity;
  }
}
