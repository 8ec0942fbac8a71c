import { klangPacksEndpoints, type GeneratePackImageRequest, type TrainPackRequest } from '@klang/domain';
import { api } from '../../../lib/api-client';

const endpoints = klangPacksEndpoints;

/** One query-key factory for the packs' server state. */
export const packKeys = {
  all: ['klang-packs'] as const,
  list: () => [...packKeys.all, 'list'] as const,
  results: (packId: string) => [...packKeys.all, 'results', packId] as const,
};

/** Spec 002 §7: the user's packs, newest first. */
export async function fetchPacks() {
  return (await api.call(endpoints.klangPacks)).packs;
}

/** Spec 002 §7: one pack by id (the training poll). */
export async function fetchPack(packId: string) {
  return (await api.call(endpoints.klangPack, { params: { packId } })).pack;
}

/**
 * Stores one training photo; the answer's url is what train-klang-pack takes. A JPEG or PNG goes
 * as its type, any other file as bytes: the server decodes every photo and refuses what is neither.
 */
export function uploadPhoto(file: File) {
  const contentType =
    file.type === 'image/jpeg' || file.type === 'image/png' ? file.type : 'application/octet-stream';
  return api.call(endpoints.uploadPackPhoto, { body: file, contentType });
}

/** Spec 002 §7 train-klang-pack. */
export function trainPack(body: TrainPackRequest) {
  return api.call(endpoints.trainKlangPack, { body });
}

/** Spec 002 §7 generate-klang-image: the new result records. */
export function generateImage(body: GeneratePackImageRequest) {
  return api.call(endpoints.generateKlangImage, { body });
}

export async function fetchResults(packId: string) {
  return (await api.call(endpoints.packResults, { params: { packId } })).results;
}

export function deleteResult(packId: string, resultId: string) {
  return api.call(endpoints.deletePackResult, { params: { packId, resultId } });
}

export function deletePack(packId: string) {
  return api.call(endpoints.deleteKlangPack, { params: { packId } });
}
