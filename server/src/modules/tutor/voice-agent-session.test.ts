import { describe, expect, it } from 'vitest';
import { LOCAL_AGENT_ID, TUTOR_MESSAGES } from '@klang/domain';
import { AppError } from '../../errors';
import { createLocalVoiceAgent, type VoiceAgentProvider } from '../../providers/voice-agent/voice-agent';
import { AGENT_PATH } from './agent-server';
import { createVoiceAgentSessions } from './voice-agent-session';
import { createTicketSigner } from './voice-agent-ticket';

const tickets = createTicketSigner('a-secret-of-the-server');
const warnings: string[] = [];
const log = { warn: (_details: object, message: string) => void warnings.push(message) };

describe('voice agent sessions', () => {
  it("opens Klang's own agent on PUBLIC_URL's origin with a one-use ticket for the account", async () => {
    const open = createVoiceAgentSessions({
      voiceAgent: createLocalVoiceAgent('none'),
      tickets,
      publicUrl: 'https://klang.example/',
      log,
    });
    const session = await open('account-1');
    expect(session.kind).toBe('local');
    const url = new URL(session.signedUrl);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(`wss://klang.example${AGENT_PATH}`);
    expect(url.searchParams.get('agent_id')).toBe(LOCAL_AGENT_ID);
    const ticket = url.searchParams.get('conversation_signature') ?? '';
    expect(tickets.redeem(ticket)).toBe('account-1');
    expect(tickets.redeem(ticket)).toBeNull();
  });

  it('hands on the remote agent’s signed URL, and says the agent is unavailable when it fails', async () => {
    let fail = false;
    const remote: VoiceAgentProvider = {
      kind: 'elevenlabs',
      name: 'elevenlabs (agent a)',
      origins: ['wss://agent.example'],
      signedUrl: async () => {
        if (fail) throw new Error('upstream 500');
        return 'wss://agent.example/conversation?conversation_signature=remote';
      },
    };
    const open = createVoiceAgentSessions({
      voiceAgent: remote,
      tickets,
      publicUrl: 'https://klang.example',
      log,
    });
    expect(await open('account-1')).toEqual({
      kind: 'elevenlabs',
      signedUrl: 'wss://agent.example/conversation?conversation_signature=remote',
    });
    fail = true;
    const error = await open('account-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'UNAVAILABLE', message: TUTOR_MESSAGES.voiceAgentUnavailable });
    expect(warnings).toContain('voice agent signed URL failed');
  });
});
