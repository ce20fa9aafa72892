import {
  Body,
  Controller,
  Get,
  INestApplication,
  Logger as NestLogger,
  Module,
  NotFoundException,
  Param,
  Post,
  Query,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { DetailExceptionFilter } from '../src/errors/exception.filter';
import { LoggingModule, redactUrl } from '../src/logging/logging.module';

/** Everything the logger wrote, one JSON line per entry. */
const lines: string[] = [];
const sink = { write: (line: string) => void lines.push(line) };

@Controller('api/v1')
class PatientController {
  private readonly logger = new NestLogger('Patients');

  @Get('people/search')
  search(@Query('q') q: string) {
    return [{ first_name: q, primary_phone: '+15125550199' }];
  }

  @Get('people/by-phone/:phone')
  byPhone(@Param('phone') phone: string) {
    // a handler that logs its request URL goes through the same rule as the request log
    this.logger.warn(`lookup ${redactUrl(`/api/v1/people/by-phone/${phone}`)}`);
    throw new NotFoundException('Person not found');
  }

  @Post('people')
  create(@Body() body: Record<string, unknown>) {
    return { ...body, person_id: 'p-1' };
  }
}

@Module({
  imports: [LoggingModule.forRoot('logging-test', 'info', sink)],
  controllers: [PatientController],
})
class LoggingTestModule {}

describe('request logs (a real Fastify app with the platform logging module)', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(LoggingTestModule, new FastifyAdapter(), {
      bufferLogs: true,
    });
    app.useLogger(app.get(Logger));
    app.useGlobalFilters(new DetailExceptionFilter());
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
  });

  afterAll(() => app.close());

  beforeEach(() => lines.splice(0));

  const eventuallyLogged = async (correlationId: string) => {
    const done = () =>
      lines.some(
        (line) => line.includes(`"correlation_id":"${correlationId}"`) && line.includes('request completed'),
      );
    for (let i = 0; i < 500 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(done()).toBe(true);
  };

  /**
   * The log lines once this request's own line (found by its correlation id) has been written, without the
   * clock's figures (`time`, `responseTime`): a timestamp such as 1795550761755 holds the digits the tests look
   * for in a redacted phone number.
   */
  const logsOf = async (path: string, init: RequestInit = {}) => {
    const correlationId = `log-test-${Math.random().toString(36).slice(2)}`;
    const headers = { ...(init.headers as Record<string, string>), 'x-correlation-id': correlationId };
    await (await fetch(`${url}${path}`, { ...init, headers })).text();
    await eventuallyLogged(correlationId);
    return lines.join('\n').replace(/"(time|responseTime)":\d+(\.\d+)?/g, '"$1":0');
  };

  it('logs a search with its URL, but not the search term, the phone number or the token', async () => {
    const log = await logsOf(
      '/api/v1/people/search?q=Amelia%20Brooks&practice_id=p1&phone=5125550199&token=eyJhbGciOiJIUzI1NiJ9.secret.sig',
    );
    expect(log).toContain(
      '"url":"/api/v1/people/search?q=[redacted]&practice_id=p1&phone=[redacted]&token=[redacted]"',
    );
    for (const secret of ['Amelia', 'Brooks', '5125550199', '555', 'eyJhbGciOiJIUzI1NiJ9', 'secret.sig'])
      expect(log).not.toContain(secret);
  });

  it('redacts a phone number or an e-mail address anywhere in the URL, also in a message a handler logs', async () => {
    const log = await logsOf('/api/v1/people/by-phone/(512)%20555-0199?contact=amelia%40example.com', {
      headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.secret.sig', cookie: 'session=abc' },
    });
    expect(log).toContain('/api/v1/people/by-phone/[redacted]');
    expect(log).toContain('lookup /api/v1/people/by-phone/[redacted]');
    for (const secret of ['555', '0199', 'amelia', 'example.com', 'eyJhbGciOiJIUzI1NiJ9', 'session=abc'])
      expect(log).not.toContain(secret);
  });

  it('gives a request line the correlation id the client sent, or a new one also returned to it', async () => {
    await logsOf('/api/v1/people/search?q=x'); // waits for the line with the id it sent
    const response = await fetch(`${url}/api/v1/people/search?q=y`);
    const given = response.headers.get('x-correlation-id');
    expect(given).toMatch(/^[0-9a-f-]{36}$/);
    await response.text();
    await eventuallyLogged(given!);
  });

  it('never logs request or response bodies', async () => {
    const log = await logsOf('/api/v1/people', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Zelda',
        notes: 'allergic to penicillin',
        email: 'z@clinic.example',
      }),
    });
    expect(log).toContain('"statusCode":201');
    for (const secret of ['Zelda', 'penicillin', 'z@clinic.example', 'p-1'])
      expect(log).not.toContain(secret);
  });
});
