import { z } from 'zod';
import { defineEndpoints, endpoint, rawBody } from '../contract/endpoint';
import { perAccount } from '../contract/policy';
import {
  generatePackImageRequestSchema,
  generatePackImageResponseSchema,
  packParamsSchema,
  packPhotoParamsSchema,
  packPhotoSchema,
  packResponseSchema,
  packResultParamsSchema,
  packResultsResponseSchema,
  packsResponseSchema,
  trainPackRequestSchema,
  trainPackResponseSchema,
  PACKS,
  PACK_MESSAGES,
} from './klang-packs.schema';

const tags = ['klang-packs'];

/**
 * The character packs' endpoints (spec 002 §2.6, §7): the photo upload, the spec's two named
 * functions, the owner's packs and results, and Replicate's webhook. Every one but the webhook
 * needs a session and a Pro artist (decision 0060).
 */
export const klangPacksEndpoints = defineEndpoints({
  /**
   * One training photo as the raw file. The server decodes it whatever type is declared, so a
   * file the browser could not type goes as `application/octet-stream`.
   */
  uploadPackPhoto: endpoint({
    method: 'POST',
    path: '/api/klang-packs/photos',
    // 70 photos per pack, a few packs an hour.
    policy: {
      access: 'pro',
      demoAccount: { refused: PACK_MESSAGES.demoPhotos },
      limit: perAccount(PACKS.imagesMax * 4, '1 hour'),
    },
    body: rawBody('image/jpeg', 'image/png', 'application/octet-stream'),
    response: { 201: packPhotoSchema },
    tags,
  }),
  /** The owner's photo: a redirect to a short-lived signed URL of the stored file. */
  packPhoto: endpoint({
    method: 'GET',
    path: '/api/klang-packs/photos/:photoId',
    policy: { access: 'session', limit: null, cache: 'private, no-store' },
    params: packPhotoParamsSchema,
    response: { 302: z.null() },
    tags,
  }),
  trainKlangPack: endpoint({
    method: 'POST',
    path: '/functions/v1/train-klang-pack',
    policy: {
      access: 'pro',
      demoAccount: { refused: PACK_MESSAGES.demoPhotos },
      limit: perAccount(10, '1 hour'),
      dialect: 'function',
    },
    body: trainPackRequestSchema,
    response: { 200: trainPackResponseSchema },
    tags,
  }),
  generateKlangImage: endpoint({
    method: 'POST',
    path: '/functions/v1/generate-klang-image',
    policy: { access: 'pro', limit: perAccount(20, '1 minute'), dialect: 'function' },
    body: generatePackImageRequestSchema,
    response: { 200: generatePackImageResponseSchema },
    tags,
  }),
  /** The user's packs, newest first. */
  klangPacks: endpoint({
    method: 'GET',
    path: '/api/klang-packs',
    policy: { access: 'session', limit: null },
    response: { 200: packsResponseSchema },
    tags,
  }),
  klangPack: endpoint({
    method: 'GET',
    path: '/api/klang-packs/:packId',
    policy: { access: 'session', limit: null },
    params: packParamsSchema,
    response: { 200: packResponseSchema },
    tags,
  }),
  deleteKlangPack: endpoint({
    method: 'DELETE',
    path: '/api/klang-packs/:packId',
    policy: { access: 'session', limit: null },
    params: packParamsSchema,
    response: { 204: z.null() },
    tags,
  }),
  /** A pack's press shots, newest first. */
  packResults: endpoint({
    method: 'GET',
    path: '/api/klang-packs/:packId/results',
    policy: { access: 'session', limit: null },
    params: packParamsSchema,
    response: { 200: packResultsResponseSchema },
    tags,
  }),
  deletePackResult: endpoint({
    method: 'DELETE',
    path: '/api/klang-packs/:packId/results/:resultId',
    policy: { access: 'session', limit: null },
    params: packResultParamsSchema,
    response: { 204: z.null() },
    tags,
  }),
  /**
   * Replicate's "training completed" webhook (Standard Webhooks signing). Its body stays raw
   * bytes: the signature covers them exactly, so a re-serialised body is refused. Served only when
   * a webhook secret is configured; without one it is not found.
   */
  replicateWebhook: endpoint({
    method: 'POST',
    path: '/api/klang-packs/webhooks/replicate',
    policy: { access: 'public', limit: null },
    body: rawBody('application/json'),
    response: { 200: z.object({ received: z.literal(true) }) },
    tags,
  }),
});

/** A stored photo's URL before its id (the photo entry's path): the server reads the id back from it. */
export const PACK_PHOTO_PATH = klangPacksEndpoints.packPhoto.path.slice(0, -':photoId'.length);
