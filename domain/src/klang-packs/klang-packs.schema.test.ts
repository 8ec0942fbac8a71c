import { describe, expect, it } from 'vitest';
import { packDownloadName, packQuality, trainPackRequestSchema, PACK_MESSAGES } from '../index';

describe('character pack rules (spec 002 §4, §5, §7)', () => {
  it('rates a selection by its count: under 20 BAD, 20 to 39 GOOD, 40 or more EXCELLENT', () => {
    expect([0, 19, 20, 39, 40, 70].map(packQuality)).toEqual([
      'BAD',
      'BAD',
      'GOOD',
      'GOOD',
      'EXCELLENT',
      'EXCELLENT',
    ]);
  });

  it('names a download klang-pack- and the first 20 characters of the prompt', () => {
    expect(packDownloadName('moody club DJ shoot, neon lights')).toBe('klang-pack-moody club DJ shoot,.jpg');
    expect(packDownloadName('short')).toBe('klang-pack-short.jpg');
  });

  it('refuses a training request with the spec’s messages', () => {
    const base = {
      user_id: '00000000-0000-4000-8000-000000000000',
      image_urls: Array.from({ length: 20 }, (_, i) => `/api/klang-packs/photos/${i}`),
      pack_name: 'Name',
      preview_image_url: '/x',
      consent: true,
    };
    const message = (body: object) => trainPackRequestSchema.safeParse(body).error?.issues[0]?.message;
    expect(message(base)).toBeUndefined();
    expect(message({ ...base, image_urls: base.image_urls.slice(1) })).toBe(PACK_MESSAGES.minImages);
    expect(
      message({
        ...base,
        image_urls: [...base.image_urls, ...base.image_urls, ...base.image_urls, ...base.image_urls],
      }),
    ).toBe(PACK_MESSAGES.maxImages);
    expect(message({ ...base, pack_name: '  ' })).toBe(PACK_MESSAGES.nameRequired);
    expect(message({ ...base, consent: false })).toBe(PACK_MESSAGES.consentRequired);
  });
});
