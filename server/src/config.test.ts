import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('gives every setting a working default: PGlite, local storage, local email', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database).toEqual({ kind: 'pglite', dir: path.resolve('data/db') });
    expect(config.storage.kind).toBe('local');
    expect(config.email.kind).toBe('local');
    expect(config.seed).toBe(true);
  });

  it('honours PORT, DATA_DIR and DATABASE_URL, and does not seed PostgreSQL unasked', () => {
    const config = loadConfig({
      PORT: '4010',
      DATA_DIR: '/tmp/k',
      DATABASE_URL: 'postgres://u:p@localhost:5432/klang',
    });
    expect(config.port).toBe(4010);
    expect(config.dataDir).toBe('/tmp/k');
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@localhost:5432/klang' });
    expect(config.seed).toBe(false);
  });

  it('chooses S3 and SMTP when they are configured', () => {
    const config = loadConfig({
      S3_BUCKET: 'klang',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'klang', forcePathStyle: true });
    expect(config.email).toMatchObject({ kind: 'smtp', url: 'smtp://127.0.0.1:2525' });
  });

  it('deals FIRST_LISTENS blind listens first, 50 unless set, and refuses a count of none', () => {
    expect(loadConfig({}).firstListens).toBe(50);
    expect(loadConfig({ FIRST_LISTENS: '3' }).firstListens).toBe(3);
    for (const bad of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ FIRST_LISTENS: bad }), bad).toThrow(ConfigError);
    }
  });

  it('keeps every month of deals unless told, and refuses a retention shorter than the chart window reads', () => {
    expect(loadConfig({}).dealsRetentionMonths).toBeNull();
    expect(loadConfig({ DEALS_RETENTION_MONTHS: '3' }).dealsRetentionMonths).toBe(3);
    expect(() => loadConfig({ DEALS_RETENTION_MONTHS: '2' })).toThrow(/keep at least 3/);
    expect(() => loadConfig({ DEALS_RETENTION_MONTHS: '3', CHART_WINDOW_DAYS: '60' })).toThrow(
      /keep at least 4/,
    );
    expect(loadConfig({ DEALS_RETENTION_MONTHS: '4', CHART_WINDOW_DAYS: '60' }).dealsRetentionMonths).toBe(4);
    for (const bad of ['1', '0', '2.5', 'a year']) {
      expect(() => loadConfig({ DEALS_RETENTION_MONTHS: bad }), bad).toThrow(ConfigError);
    }
  });

  it('lists every problem at once, readably', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', S3_BUCKET: 'only-a-bucket' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems.some((p) => p.startsWith('PORT:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('DATABASE_URL:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('S3_BUCKET:'))).toBe(true);
    expect((error as ConfigError).message).toContain('Klang cannot start');
  });

  it('chooses Replicate for character packs only with its token, trainer version and destination', () => {
    expect(loadConfig({}).klangPacks).toMatchObject({
      kind: 'local',
      minTrainingMs: 90_000,
      checkIntervalMs: 10_000,
    });
    const replicate = {
      REPLICATE_API_TOKEN: 'r8_token',
      REPLICATE_TRAINER_VERSION: 'abc123',
      REPLICATE_DESTINATION: 'klang/artist-packs',
    };
    expect(loadConfig(replicate).klangPacks).toMatchObject({
      kind: 'replicate',
      trainer: 'ostris/flux-dev-lora-trainer',
      apiUrl: 'https://api.replicate.com/v1',
    });
    expect(() => loadConfig({ REPLICATE_API_TOKEN: 'r8_token' })).toThrow(
      /REPLICATE_API_TOKEN: Replicate needs/,
    );
  });

  it('chooses the tutor engine, speech to text and the voice agent from their settings', () => {
    const local = loadConfig({});
    expect(local.llm).toEqual({ kind: 'local' });
    expect(local.stt).toEqual({ kind: 'none' });
    expect(local.voiceAgent).toEqual({ kind: 'local' });
    const configured = loadConfig({
      LLM_BASE_URL: 'http://localhost:11434/v1',
      LLM_MODEL: 'llama3.2',
      STT_BASE_URL: 'https://api.openai.com/v1',
      ELEVENLABS_API_KEY: 'xi',
      ELEVENLABS_AGENT_ID: 'agent_1',
    });
    expect(configured.llm).toMatchObject({ kind: 'openai', model: 'llama3.2', apiKey: 'none' });
    expect(configured.stt).toMatchObject({ kind: 'openai', model: 'whisper-1' });
    expect(configured.voiceAgent).toMatchObject({ kind: 'elevenlabs', agentId: 'agent_1' });
    expect(() => loadConfig({ LLM_BASE_URL: 'http://localhost:11434/v1' })).toThrow(/LLM_MODEL/);
    expect(() => loadConfig({ ELEVENLABS_AGENT_ID: 'agent_1' })).toThrow(/ELEVENLABS_AGENT_ID/);
  });
});
