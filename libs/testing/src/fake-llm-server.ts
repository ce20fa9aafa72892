import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real HTTP server on loopback speaking the part of the OpenAI Chat Completions API the language-model
 * provider uses (libs/ai/src/openai): `POST /v1/chat/completions` with `response_format: {type: 'json_schema',
 * json_schema: {name, strict: true, schema}}` and `Authorization: Bearer <key>`. Each test scripts what it
 * answers; every request is recorded, so a test can check what the SDK sent.
 *
 * A request the real API would refuse is refused the same way (401 for a wrong key, 400 for a body without a
 * model, messages or a strict JSON schema), so a provider that sends the wrong shape fails its tests.
 */

/** What the server saw of one request. */
export interface RecordedLlmRequest {
  authorization: string | undefined;
  /** The parsed JSON body. */
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: {
      type: string;
      json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> };
    };
    [key: string]: unknown;
  };
  /** response_format.json_schema.name: which call it is ('understanding', 'draft', 'answer'). */
  schemaName: string | null;
  /** The system and user messages, for assertions on the prompt. */
  system: string;
  user: string;
}

/** One scripted reply. */
export type LlmReply =
  /** A completion whose message content is this value as JSON. */
  | { json: unknown; delayMs?: number }
  /** A completion whose message content is this text as it is (e.g. not JSON). */
  | { content: string; delayMs?: number; finishReason?: 'stop' | 'length' }
  /** A refusal. */
  | { refusal: string }
  /** An error status with the API's error body. */
  | { status: number; message?: string; delayMs?: number };

export type LlmResponder = (request: RecordedLlmRequest) => LlmReply;

export interface FakeLlmServer {
  /** The API root to give the SDK, e.g. http://127.0.0.1:41234/v1. */
  baseUrl: string;
  apiKey: string | null;
  /** Every chat completion request received, oldest first. */
  requests: RecordedLlmRequest[];
  /** Answers every following request with this (a function sees the request). */
  respondWith(reply: LlmReply | LlmResponder): void;
  /** Answers the next request with this, before the general responder; queued replies are used in order. */
  respondOnce(reply: LlmReply): void;
  close(): Promise<void>;
}

const DEFAULT_REPLY: LlmReply = { status: 500, message: 'No reply scripted for this request' };

/** `apiKey` null: an endpoint that takes no key (every request accepted, its Authorization header recorded). */
export async function startFakeLlmServer(options: { apiKey: string | null }): Promise<FakeLlmServer> {
  const requests: RecordedLlmRequest[] = [];
  const queue: LlmReply[] = [];
  let responder: LlmResponder = () => DEFAULT_REPLY;
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, String(error), 'server_error');
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return sendError(res, 404, `Unknown path ${req.method} ${req.url}`, 'invalid_request_error');
    if (options.apiKey !== null && req.headers.authorization !== `Bearer ${options.apiKey}`)
      return sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    let body: RecordedLlmRequest['body'];
    try {
      body = JSON.parse(raw);
    } catch {
      return sendError(
        res,
        400,
        'We could not parse the JSON body of your request.',
        'invalid_request_error',
      );
    }
    const problem = requestProblem(body);
    if (problem) return sendError(res, 400, problem, 'invalid_request_error');
    const recorded: RecordedLlmRequest = {
      authorization: req.headers.authorization,
      body,
      schemaName: body.response_format?.json_schema?.name ?? null,
      system: body.messages.find((m) => m.role === 'system')?.content ?? '',
      user: body.messages.find((m) => m.role === 'user')?.content ?? '',
    };
    requests.push(recorded);
    const reply = queue.shift() ?? responder(recorded);
    const delay = 'delayMs' in reply ? (reply.delayMs ?? 0) : 0;
    if (delay > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, delay);
        timers.add(timer);
        // The client gave up (its timeout): nothing left to answer.
        res.on('close', () => {
          clearTimeout(timer);
          timers.delete(timer);
          resolve();
        });
      });
      if (res.destroyed || res.writableEnded) return;
    }
    if ('status' in reply)
      return sendError(res, reply.status, reply.message ?? 'The server had an error', 'server_error');
    const content = 'json' in reply ? JSON.stringify(reply.json) : 'content' in reply ? reply.content : null;
    send(res, 200, {
      id: `chatcmpl-${requests.length}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          message: {
            role: 'assistant',
            content,
            refusal: 'refusal' in reply ? reply.refusal : null,
          },
          logprobs: null,
          finish_reason: 'finishReason' in reply ? (reply.finishReason ?? 'stop') : 'stop',
        },
      ],
      usage: {
        prompt_tokens: Math.ceil(raw.length / 4),
        completion_tokens: (content ?? '').length,
        total_tokens: 0,
      },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey: options.apiKey,
    requests,
    respondWith(reply) {
      responder = typeof reply === 'function' ? reply : () => reply;
    },
    respondOnce(reply) {
      queue.push(reply);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

/** Why the real API would refuse this body, or null. */
function requestProblem(body: RecordedLlmRequest['body']): string | null {
  if (typeof body !== 'object' || body === null) return 'The body must be a JSON object.';
  if (typeof body.model !== 'string' || !body.model) return "Missing required parameter: 'model'.";
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return "Missing required parameter: 'messages'.";
  if (body.messages.some((m) => typeof m?.role !== 'string' || typeof m?.content !== 'string'))
    return "Invalid 'messages': each needs a role and a text content.";
  const format = body.response_format;
  if (format?.type !== 'json_schema' || !format.json_schema)
    return "'response_format' must be a json_schema.";
  const { name, strict, schema } = format.json_schema;
  if (typeof name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(name))
    return "Invalid 'response_format.json_schema.name'.";
  if (strict !== true) return 'This server expects strict structured outputs.';
  return strictSchemaProblem(schema, 'schema');
}

/**
 * The rules strict structured outputs put on a schema: every object closes its properties
 * (additionalProperties false) and requires all of them.
 */
function strictSchemaProblem(schema: unknown, path: string): string | null {
  if (typeof schema !== 'object' || schema === null) return null;
  const node = schema as Record<string, unknown>;
  if (node.type === 'object' || (Array.isArray(node.type) && node.type.includes('object'))) {
    const properties = (node.properties ?? {}) as Record<string, unknown>;
    if (node.additionalProperties !== false)
      return `Invalid schema: ${path} must set additionalProperties false.`;
    const required = new Set((node.required ?? []) as string[]);
    const missing = Object.keys(properties).filter((key) => !required.has(key));
    if (missing.length > 0) return `Invalid schema: ${path} must require ${missing.join(', ')}.`;
  }
  for (const [key, child] of Object.entries(node)) {
    if (Array.isArray(child)) {
      for (const [i, item] of child.entries()) {
        const problem = strictSchemaProblem(item, `${path}.${key}[${i}]`);
        if (problem) return problem;
      }
    } else if (typeof child === 'object' && child !== null) {
      const problem = strictSchemaProblem(child, `${path}.${key}`);
      if (problem) return problem;
    }
  }
  return null;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  code: string | null = null,
): void {
  send(res, status, { error: { message, type, param: null, code } });
}
