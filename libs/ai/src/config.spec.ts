import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError } from '@pp/platform';
import { readAiConfig } from './config';

const problemsOf = (env: NodeJS.ProcessEnv): string[] => {
  try {
    readAiConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('readAiConfig', () => {
  const endpoint = { LLM_BASE_URL: 'http://127.0.0.1:11434/v1/', LLM_MODEL: 'llama3.1' };

  it('chooses the built-in provider when no endpoint is configured (empty values count as unset)', () => {
    expect(readAiConfig({})).toEqual({ provider: 'built-in' });
    expect(readAiConfig({ LLM_BASE_URL: '', LLM_MODEL: ' ', LLM_API_KEY: '' })).toEqual({
      provider: 'built-in',
    });
  });

  it('chooses the OpenAI-compatible endpoint with an 8 s default time limit when URL and model are set', () => {
    expect(readAiConfig(endpoint)).toEqual({
      provider: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: null,
      model: 'llama3.1',
      timeoutMs: 8000,
    });
    expect(readAiConfig({ ...endpoint, LLM_TIMEOUT_MS: '2500', LLM_API_KEY: 'k-1' })).toMatchObject({
      apiKey: 'k-1',
      timeoutMs: 2500,
    });
  });

  it('reads the key from LLM_API_KEY_FILE', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ai-config-'));
    const key = randomBytes(32).toString('base64url');
    writeFileSync(join(dir, 'llm-key'), `${key}\n`);
    expect(readAiConfig({ ...endpoint, LLM_API_KEY_FILE: join(dir, 'llm-key') })).toMatchObject({
      apiKey: key,
    });
    expect(problemsOf({ ...endpoint, LLM_API_KEY_FILE: join(dir, 'missing') })).toEqual([
      expect.stringMatching(/^LLM_API_KEY_FILE: cannot read/),
    ]);
  });

  it('refuses to start on an invalid URL, naming the setting', () => {
    expect(problemsOf({ ...endpoint, LLM_BASE_URL: 'not a url' })).toEqual([
      'LLM_BASE_URL: must be a URL starting with http:// or https://',
    ]);
    expect(problemsOf({ ...endpoint, LLM_BASE_URL: 'ftp://models.internal/v1' })).toEqual([
      'LLM_BASE_URL: must be a URL starting with http:// or https://',
    ]);
  });

  it.each(['0', '-5', '1.5', 'soon'])('refuses the time limit %p, naming the setting', (value) => {
    expect(problemsOf({ ...endpoint, LLM_TIMEOUT_MS: value })).toEqual([
      'LLM_TIMEOUT_MS: must be a whole number of milliseconds above 0',
    ]);
  });

  it('refuses half a configuration instead of silently running without the endpoint', () => {
    expect(problemsOf({ LLM_BASE_URL: endpoint.LLM_BASE_URL })).toEqual([
      'LLM_MODEL: is required when LLM_BASE_URL is set',
    ]);
    expect(problemsOf({ LLM_MODEL: 'gpt-4o-mini' })).toEqual([
      'LLM_BASE_URL: is required when LLM_MODEL is set',
    ]);
  });

  it('in production, refuses a weak key but accepts a random one', () => {
    const production = { ...endpoint, NODE_ENV: 'production' };
    expect(problemsOf({ ...production, LLM_API_KEY: 'changeme' })).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^LLM_API_KEY: LLM_API_KEY must be at least 32 characters/),
      ]),
    );
    expect(problemsOf({ ...production, LLM_API_KEY: randomBytes(48).toString('base64') })).toEqual([]);
    // Outside production a short key (a local server's) is fine.
    expect(problemsOf({ ...endpoint, LLM_API_KEY: 'changeme' })).toEqual([]);
  });

  it('never puts the key in an error message', () => {
    const key = randomBytes(8).toString('hex');
    try {
      readAiConfig({ ...endpoint, NODE_ENV: 'production', LLM_API_KEY: key });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).not.toContain(key);
    }
  });
});
