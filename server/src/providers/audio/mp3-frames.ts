/**
 * Finding an MP3 frame in the middle of a file (decision 0308): a share's preview is a piece of
 * the rendition's bytes (constant bit rate, bare Layer III frames, `mp3-encoder.ts`), and a
 * piece is a valid MP3 once it starts on a frame header. Two headers a frame apart confirm one,
 * so eleven set bits inside the audio data are not taken for a frame.
 */

const MPEG1_KBPS = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const MPEG2_KBPS = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
/** Sample rates by version bits: MPEG 2.5, reserved, MPEG 2, MPEG 1. */
const SAMPLE_RATES: readonly (readonly number[] | null)[] = [
  [11_025, 12_000, 8_000],
  null,
  [22_050, 24_000, 16_000],
  [44_100, 48_000, 32_000],
];

interface FrameHeader {
  /** The header's version and sample-rate bits: every frame of one stream shares them. */
  kind: number;
  length: number;
}

/** The Layer III frame header at `at`, or undefined when those four bytes are none. */
function headerAt(bytes: Uint8Array, at: number): FrameHeader | undefined {
  if (at + 4 > bytes.length) return undefined;
  const [b0, b1, b2] = [bytes[at] ?? 0, bytes[at + 1] ?? 0, bytes[at + 2] ?? 0];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return undefined;
  const version = (b1 >> 3) & 3;
  const isLayer3 = ((b1 >> 1) & 3) === 1;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  const rates = SAMPLE_RATES[version];
  if (!rates || !isLayer3 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return undefined;
  const isMpeg1 = version === 3;
  const kbps = (isMpeg1 ? MPEG1_KBPS : MPEG2_KBPS)[bitrateIndex] ?? 0;
  const sampleRate = rates[rateIndex] ?? 0;
  const length = Math.floor(((isMpeg1 ? 144 : 72) * kbps * 1000) / sampleRate) + ((b2 >> 1) & 1);
  return { kind: (b1 & 0x18) | (b2 & 0x0c), length };
}

/**
 * The offset of the first MP3 frame in `bytes` that the next frame confirms (or that ends exactly
 * where `bytes` end), or undefined when there is none.
 */
export function firstFrameOffset(bytes: Uint8Array): number | undefined {
  for (let at = 0; at + 4 <= bytes.length; at += 1) {
    const header = headerAt(bytes, at);
    if (!header) continue;
    const next = at + header.length;
    if (next === bytes.length) return at;
    if (headerAt(bytes, next)?.kind === header.kind) return at;
  }
  return undefined;
}
