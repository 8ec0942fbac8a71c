import { z } from 'zod';
import type { CoverArtProvider } from './cover-art';

export interface OpenAiCoverArtOptions {
  apiKey: string;
  /** https://api.openai.com by default; any server speaking the Images API works. */
  baseUrl: string;
  model: string;
  fetch?: typeof fetch;
}

const imagesResponseSchema = z.object({
  data: z.array(z.object({ b64_json: z.string().optional(), url: z.string().optional() })).min(1),
});

/**
 * OpenAI Images (`POST /v1/images/generations`). The image comes back inline as base64, so no
 * second download from a URL that expires; a URL answer is fetched once as a fallback.
 */
export function createOpenAiCoverArt(options: OpenAiCoverArtOptions): CoverArtProvider {
  const doFetch = options.fetch ?? fetch;
  return {
    name: 'openai',
    async generate(prompt) {
      const response = await doFetch(new URL('/v1/images/generations', options.baseUrl), {
        method: 'POST',
        headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: options.model,
          // No words on the cover: a title or name in the art would break blind listening.
          prompt: `Square album cover art, no text, no letters, no logos: ${prompt}`,
          size: '1024x1024',
          n: 1,
          response_format: 'b64_json',
        }),
        signal: AbortSignal.timeout(120_000),
      });
      if (!response.ok) throw new Error(`image service answered ${response.status}`);
      const image = imagesResponseSchema.parse(await response.json()).data[0];
      if (image?.b64_json) return Buffer.from(image.b64_json, 'base64');
      if (!image?.url) throw new Error('no image in the answer');
      const download = await doFetch(image.url, { signal: AbortSignal.timeout(60_000) });
      if (!download.ok) throw new Error(`image download answered ${download.status}`);
      return Buffer.from(await download.arrayBuffer());
    },
  };
}
