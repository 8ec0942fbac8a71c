/**
 * What the local engine learns from one photo without a neural model: where the subject is (a
 * skin-tone region, else a colour-saliency map), how sharp and well exposed it is, how it is
 * framed, and its colours. Everything is measured on a small copy, so 70 photos take seconds.
 */
import sharp from 'sharp';

/** A box in fractions of the photo's width and height (0..1). */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Rgb = [number, number, number];

export interface PhotoAnalysis {
  width: number;
  height: number;
  /** The face or subject region, and how it was found. */
  subject: Region;
  subjectFrom: 'skin' | 'saliency';
  /** Variance of the Laplacian inside the subject region: higher is sharper. */
  sharpness: number;
  /** 0..1: subject centred, a sensible size, head room above. */
  framing: number;
  /** 0..1: mean brightness near the middle and little clipping. */
  exposure: number;
  /** Mean colour of the subject's skin (or of the subject region when no skin was found). */
  skinTone: Rgb;
  /** Dominant colours of the whole photo, most common first. */
  palette: Rgb[];
  /** The score photos are ranked by: sharpness, framing and exposure together. */
  score: number;
}

const WORK_SIZE = 192;

interface Pixels {
  data: Buffer;
  width: number;
  height: number;
}

async function smallCopy(bytes: Buffer): Promise<Pixels & { sourceWidth: number; sourceHeight: number }> {
  const image = sharp(bytes, { limitInputPixels: 40_000_000 });
  const meta = await image.metadata();
  const { data, info } = await image
    .removeAlpha()
    .resize(WORK_SIZE, WORK_SIZE, { fit: 'inside' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data,
    width: info.width,
    height: info.height,
    sourceWidth: meta.autoOrient.width,
    sourceHeight: meta.autoOrient.height,
  };
}

/** Kovac et al.'s RGB rule and the YCbCr skin cluster together: fewer false hits than either. */
export function isSkin(r: number, g: number, b: number): boolean {
  const cb = 128 - 0.168736 * r - 0.331264 * g + 0.5 * b;
  const cr = 128 + 0.5 * r - 0.418688 * g - 0.081312 * b;
  const rgbRule =
    r > 95 &&
    g > 40 &&
    b > 20 &&
    Math.max(r, g, b) - Math.min(r, g, b) > 15 &&
    Math.abs(r - g) > 15 &&
    r > g &&
    r > b;
  return rgbRule && cb >= 77 && cb <= 127 && cr >= 133 && cr <= 173;
}

/** The bounding box and pixel count of the largest 4-connected component of a mask. */
function largestComponent(mask: Uint8Array, width: number, height: number) {
  const seen = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  let best = { count: 0, minX: 0, minY: 0, maxX: 0, maxY: 0 };
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    const box = { count: 0, minX: width, minY: height, maxX: 0, maxY: 0 };
    while (top > 0) {
      const index = stack[--top] ?? 0;
      const x = index % width;
      const y = (index - x) / width;
      box.count += 1;
      box.minX = Math.min(box.minX, x);
      box.maxX = Math.max(box.maxX, x);
      box.minY = Math.min(box.minY, y);
      box.maxY = Math.max(box.maxY, y);
      const neighbours = [
        x > 0 ? index - 1 : -1,
        x < width - 1 ? index + 1 : -1,
        y > 0 ? index - width : -1,
        y < height - 1 ? index + width : -1,
      ];
      for (const next of neighbours) {
        if (next >= 0 && mask[next] && !seen[next]) {
          seen[next] = 1;
          stack[top++] = next;
        }
      }
    }
    if (box.count > best.count) best = box;
  }
  return best;
}

/**
 * Frequency-tuned saliency (Achanta et al. 2009), in RGB: each pixel's distance from the photo's
 * mean colour. The subject box holds the central 80 % of the saliency above the average.
 */
function saliencyRegion({ data, width, height }: Pixels): Region {
  const n = width * height;
  const mean = [0, 0, 0];
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 3; c++) mean[c] = (mean[c] ?? 0) + (data[i * 3 + c] ?? 0) / n;
  }
  const distance = new Float64Array(n);
  let meanDistance = 0;
  for (let i = 0; i < n; i++) {
    distance[i] = Math.hypot(
      (data[i * 3] ?? 0) - (mean[0] ?? 0),
      (data[i * 3 + 1] ?? 0) - (mean[1] ?? 0),
      (data[i * 3 + 2] ?? 0) - (mean[2] ?? 0),
    );
    meanDistance += (distance[i] ?? 0) / n;
  }
  // Only what stands out more than the average pixel counts: a plain background weighs nothing.
  const rows = new Float64Array(height);
  const cols = new Float64Array(width);
  for (let i = 0; i < n; i++) {
    const weight = Math.max(0, (distance[i] ?? 0) - meanDistance);
    const x = i % width;
    const y = (i - x) / width;
    rows[y] = (rows[y] ?? 0) + weight;
    cols[x] = (cols[x] ?? 0) + weight;
  }
  const [y0, y1] = massInterval(rows, 0.1, 0.9);
  const [x0, x1] = massInterval(cols, 0.1, 0.9);
  return { x: x0 / width, y: y0 / height, w: (x1 - x0 + 1) / width, h: (y1 - y0 + 1) / height };
}

/** The indices where the running sum of `values` crosses the fractions `from` and `to`. */
function massInterval(values: Float64Array, from: number, to: number): [number, number] {
  const total = values.reduce((sum, v) => sum + v, 0) || 1;
  let running = 0;
  let start = 0;
  let end = values.length - 1;
  let startFound = false;
  for (let i = 0; i < values.length; i++) {
    running += values[i] ?? 0;
    if (!startFound && running >= total * from) {
      start = i;
      startFound = true;
    }
    if (running >= total * to) {
      end = i;
      break;
    }
  }
  return [start, Math.max(start, end)];
}

function luminance(r: number, g: number, b: number): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Variance of the 4-neighbour Laplacian of luminance inside a region. */
function laplacianVariance({ data, width, height }: Pixels, region: Region): number {
  const x0 = Math.max(1, Math.floor(region.x * width));
  const x1 = Math.min(width - 2, Math.ceil((region.x + region.w) * width));
  const y0 = Math.max(1, Math.floor(region.y * height));
  const y1 = Math.min(height - 2, Math.ceil((region.y + region.h) * height));
  const lum = (x: number, y: number) => {
    const i = (y * width + x) * 3;
    return luminance(data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0);
  };
  let sum = 0;
  let sumSq = 0;
  let count = 0;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const l = lum(x - 1, y) + lum(x + 1, y) + lum(x, y - 1) + lum(x, y + 1) - 4 * lum(x, y);
      sum += l;
      sumSq += l * l;
      count += 1;
    }
  }
  if (count === 0) return 0;
  return sumSq / count - (sum / count) ** 2;
}

/** A few rounds of k-means from luminance-spread seeds: deterministic for one photo. */
export function dominantColours({ data, width, height }: Pixels, k = 5): Rgb[] {
  const samples: Rgb[] = [];
  const step = Math.max(1, Math.floor((width * height) / 2000));
  for (let i = 0; i < width * height; i += step)
    samples.push([data[i * 3] ?? 0, data[i * 3 + 1] ?? 0, data[i * 3 + 2] ?? 0]);
  const sorted = [...samples].sort((a, b) => luminance(...a) - luminance(...b));
  let centres: Rgb[] = Array.from(
    { length: k },
    (_, j) => sorted[Math.floor(((j + 0.5) * sorted.length) / k)] ?? [0, 0, 0],
  );
  let counts = new Array<number>(k).fill(0);
  for (let round = 0; round < 6; round++) {
    const sums = centres.map(() => [0, 0, 0]);
    counts = new Array<number>(k).fill(0);
    for (const s of samples) {
      let best = 0;
      let bestDistance = Infinity;
      centres.forEach((c, j) => {
        const d = (s[0] - c[0]) ** 2 + (s[1] - c[1]) ** 2 + (s[2] - c[2]) ** 2;
        if (d < bestDistance) {
          bestDistance = d;
          best = j;
        }
      });
      const sum = sums[best] ?? [0, 0, 0];
      sum[0] = (sum[0] ?? 0) + s[0];
      sum[1] = (sum[1] ?? 0) + s[1];
      sum[2] = (sum[2] ?? 0) + s[2];
      counts[best] = (counts[best] ?? 0) + 1;
    }
    centres = centres.map((c, j) => {
      const count = counts[j] ?? 0;
      const sum = sums[j] ?? [0, 0, 0];
      return count === 0
        ? c
        : [
            Math.round((sum[0] ?? 0) / count),
            Math.round((sum[1] ?? 0) / count),
            Math.round((sum[2] ?? 0) / count),
          ];
    });
  }
  return centres
    .map((c, j) => ({ c, count: counts[j] ?? 0 }))
    .sort((a, b) => b.count - a.count)
    .map(({ c }) => c);
}

/** 1 at the ideal, falling off linearly to 0 at `spread` away from it. */
function closeness(value: number, ideal: number, spread: number): number {
  return Math.max(0, 1 - Math.abs(value - ideal) / spread);
}

/** Analyses one photo (any orientation sharp reads; EXIF rotation applied). */
export async function analysePhoto(bytes: Buffer): Promise<PhotoAnalysis> {
  const pixels = await smallCopy(bytes);
  const { data, width, height } = pixels;
  const n = width * height;
  const mask = new Uint8Array(n);
  let lumSum = 0;
  let clipped = 0;
  for (let i = 0; i < n; i++) {
    const r = data[i * 3] ?? 0;
    const g = data[i * 3 + 1] ?? 0;
    const b = data[i * 3 + 2] ?? 0;
    mask[i] = isSkin(r, g, b) ? 1 : 0;
    const l = luminance(r, g, b);
    lumSum += l;
    if (l < 8 || l > 247) clipped += 1;
  }
  const skin = largestComponent(mask, width, height);
  // A skin patch under half a percent of the frame is noise (a hand far away, a wooden wall's knot).
  const fromSkin = skin.count >= n * 0.005;
  const subject: Region = fromSkin
    ? {
        x: skin.minX / width,
        y: skin.minY / height,
        w: (skin.maxX - skin.minX + 1) / width,
        h: (skin.maxY - skin.minY + 1) / height,
      }
    : saliencyRegion(pixels);

  const tone = [0, 0, 0];
  let toneCount = 0;
  for (
    let y = Math.floor(subject.y * height);
    y < Math.min(height, Math.ceil((subject.y + subject.h) * height));
    y++
  ) {
    for (
      let x = Math.floor(subject.x * width);
      x < Math.min(width, Math.ceil((subject.x + subject.w) * width));
      x++
    ) {
      const i = y * width + x;
      if (fromSkin && !mask[i]) continue;
      for (let c = 0; c < 3; c++) tone[c] = (tone[c] ?? 0) + (data[i * 3 + c] ?? 0);
      toneCount += 1;
    }
  }
  const skinTone: Rgb = toneCount
    ? [
        Math.round((tone[0] ?? 0) / toneCount),
        Math.round((tone[1] ?? 0) / toneCount),
        Math.round((tone[2] ?? 0) / toneCount),
      ]
    : [128, 128, 128];

  const sharpness = laplacianVariance(pixels, subject);
  const centreX = subject.x + subject.w / 2;
  const centreY = subject.y + subject.h / 2;
  // A press portrait: the face roughly centred, 10-40 % of the frame's height, in the upper half.
  const framing =
    ((closeness(centreX, 0.5, 0.5) + closeness(subject.h, 0.25, 0.25) + closeness(centreY, 0.38, 0.45)) / 3) *
    (fromSkin ? 1 : 0.6);
  const exposure = closeness(lumSum / n / 255, 0.47, 0.47) * (1 - clipped / n);
  // Sharpness spans orders of magnitude between a blurred and a crisp photo: score its logarithm.
  const sharpScore = Math.min(1, Math.log10(1 + sharpness) / 3);
  return {
    width: pixels.sourceWidth,
    height: pixels.sourceHeight,
    subject,
    subjectFrom: fromSkin ? 'skin' : 'saliency',
    sharpness,
    framing,
    exposure,
    skinTone,
    palette: dominantColours(pixels),
    score: 0.45 * sharpScore + 0.35 * framing + 0.2 * exposure,
  };
}
