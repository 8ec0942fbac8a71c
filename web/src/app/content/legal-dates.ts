import { TERMS_EFFECTIVE_DATE } from '@klang/domain';

/** The privacy policy took effect with the terms; it gets its own date once it changes on its own. */
export const PRIVACY_EFFECTIVE_DATE: string = TERMS_EFFECTIVE_DATE;
