import { KIT_MESSAGES, kitEndpoints, type GenerateVocalsRequest } from '@klang/domain';
import { api } from '../../../lib/api-client';
import { kitErrorMessage } from './function-error';

/** Spec 002 §7 generate-vocals: an audio blob; a failure reads as spec 002 §8 says. */
export async function generateVocals(body: GenerateVocalsRequest): Promise<Blob> {
  try {
    return await api.call(kitEndpoints.generateVocals, { body });
  } catch (error) {
    throw new Error(kitErrorMessage(error, KIT_MESSAGES.failedToGenerateVocals), { cause: error });
  }
}
