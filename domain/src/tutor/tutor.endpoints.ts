import { defineEndpoints, endpoint } from '../contract/endpoint';
import { KIT_MESSAGES } from '../kit/kit.schema';
import { perAccount } from '../contract/policy';
import {
  tutorRequestSchema,
  tutorResponseSchema,
  voiceAgentHearingSchema,
  voiceAgentSessionSchema,
  TUTOR_LIMITS,
} from './tutor.schema';

const tags = ['tutor'];

/**
 * The tutor's endpoints (spec 002 §2.4, §2.5, §3, §7): TutorLab's and Abel's functions, which keep
 * the spec's names and answer one JSON reply each (not a stream: the reply and its audio come
 * whole), and the live voice agent's session. The voice agent itself speaks the ElevenLabs
 * protocol over the WebSocket `/v1/convai/conversation`, which is not an HTTP endpoint and stays
 * outside the contract (`modules/tutor/agent-server.ts`).
 */
export const tutorEndpoints = defineEndpoints({
  tutorResponse: endpoint({
    method: 'POST',
    path: '/functions/v1/tutor-response',
    policy: {
      access: 'pro',
      limit: perAccount(TUTOR_LIMITS.requestsPerMinute, '1 minute'),
      dialect: 'function',
    },
    body: tutorRequestSchema,
    response: { 200: tutorResponseSchema },
    tags,
  }),
  abelResponse: endpoint({
    method: 'POST',
    path: '/functions/v1/abel-response',
    policy: {
      access: 'pro',
      limit: perAccount(TUTOR_LIMITS.requestsPerMinute, '1 minute'),
      dialect: 'function',
    },
    body: tutorRequestSchema,
    response: { 200: tutorResponseSchema },
    tags,
  }),
  /** A signed URL for the voice agent's socket, Klang's own agent server or ElevenLabs'. */
  voiceAgentSession: endpoint({
    method: 'GET',
    path: '/api/tutor/voice-agent/session',
    // A one-use ticket for the account: never kept by a cache.
    policy: {
      access: 'artist',
      refusal: KIT_MESSAGES.kitBlocked,
      limit: perAccount(20, '1 minute'),
      cache: 'no-store',
    },
    response: { 200: voiceAgentSessionSchema },
    tags,
  }),
  /** Whether the voice agent turns speech into text, asked before a session opens. */
  voiceAgentHearing: endpoint({
    method: 'GET',
    path: '/api/tutor/voice-agent/hearing',
    policy: { access: 'artist', refusal: KIT_MESSAGES.kitBlocked, limit: perAccount(20, '1 minute') },
    response: { 200: voiceAgentHearingSchema },
    tags,
  }),
});
