import {
  generatePackImageResponseSchema,
  packPhotoSchema,
  packResponseSchema,
  packResultsResponseSchema,
  packsResponseSchema,
  trainPackResponseSchema,
  type GeneratePackImageRequest,
  type TrainPackRequest,
} from '@klang/domain';
import { api, apiUpload } from '../../../lib/api-client';

/** One query-key factory for the packs' server state. */
export const packKeys = {
  all: ['klang-packs'] as const,
  list: () => [...packKeys.all, 'list'] as const,
  results: (packId: string) => [...packKeys.all, 'results', packId] as const,
};

/** Spec 002 §7: the user's packs, newest first. */
export async function fetchPacks() {
  return (await api.get('/api/klang-packs', packsResponseSchema)).packs;
}

/** Spec 002 §7: one pack by id (the training poll). */
export async function fetchPack(packId: string) {
  return (await api.get(`/api/klang-packs/${packId}`, packResponseSchema)).pack;
}

/** Stores one training photo; the answer's url is what train-klang-pack takes. */
export function uploadPhoto(file: File) {
  return apiUpload('/api/klang-packs/photos', file, packPhotoSchema, { contentType: file.type });
}

/** Spec 002 §7 train-klang-pack. */
export function trainPack(body: TrainPackRequest) {
  return api.post('/functions/v1/train-klang-pack', body, trainPackResponseSchema);
}

/** Spec 002 §7 generate-klang-image: the new result records. */
export function generateImage(body: GeneratePackImageRequest) {
  return api.post('/functions/v1/generate-klang-image', body, generatePackImageResponseSchema);
}

export async function fetchResults(packId: string) {
  return (await api.get(`/api/klang-packs/${packId}/results`, packResultsResponseSchema)).results;
}

export function deleteResult(packId: string, resultId: string) {
  return api.delete(`/api/klang-packs/${packId}/results/${resultId}`);
}

export function deletePack(packId: string) {
  return api.delete(`/api/klang-packs/${packId}`);
}
