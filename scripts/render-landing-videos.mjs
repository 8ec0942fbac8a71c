// Renders the landing page's two videos and their posters from code (no footage is downloaded):
//   node scripts/render-landing-videos.mjs
// Output: web/public/media/{intro,loyalty}.{mp4,jpg}. The files are committed product assets;
// run this again only to change them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

const out = path.resolve(import.meta.dirname, '../web/public/media');
mkdirSync(out, { recursive: true });
const SIZE = { w: 640, h: 360 };
const FPS = 24;
const BACKGROUND = '0x0B0B0F';

/** @param {string[]} args */
function ffmpeg(args) {
  execFileSync(ffmpegInstaller.path, ['-y', '-loglevel', 'error', ...args], { stdio: 'inherit' });
}

// H.264 that every browser plays; no audio track (the videos are muted decoration).
const H264 = ['-c:v', 'libx264', '-preset', 'slow', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an'];

/**
 * Intro: three waveforms of a synthesised chord, in the brand red and the membership purple,
 * with a soft glow, looping seamlessly (every partial completes whole cycles in 8 s).
 */
function renderIntro() {
  const seconds = 8;
  const signal = [
    '0.45*sin(2*PI*55*t)*(0.55+0.45*sin(2*PI*t/4))',
    '0.30*sin(2*PI*110*t+2*sin(2*PI*t/8))*(0.5+0.5*sin(2*PI*t/2))',
    '0.18*sin(2*PI*330*t)*(0.5+0.5*cos(2*PI*t))',
  ].join('+');
  /** @type {(color: string, mode: string) => string} */
  const wave = (color, mode) =>
    `showwaves=s=${SIZE.w}x${SIZE.h}:mode=${mode}:rate=${FPS}:colors=${color}:draw=full:scale=lin`;
  const graph = [
    `[0:a]asplit=3[a1][a2][a3]`,
    `[a1]${wave('0xFF383A', 'cline')}[w1]`,
    `[a2]adelay=180|180,${wave('0x8B5CF6', 'p2p')}[w2]`,
    `[a3]adelay=420|420,volume=0.6,${wave('0xFF8A8B', 'line')}[w3]`,
    `[1:v][w1]overlay=format=auto[o1]`,
    `[o1][w2]overlay=format=auto[o2]`,
    `[o2][w3]overlay=format=auto,format=gbrp,split[s1][s2]`,
    `[s2]gblur=sigma=14[glow]`,
    `[s1][glow]blend=all_mode=screen,format=yuv420p[v]`,
  ].join(';');
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `aevalsrc='${signal}':s=44100:d=${seconds + 1}`,
    '-f',
    'lavfi',
    '-i',
    `color=c=${BACKGROUND}:s=${SIZE.w}x${SIZE.h}:r=${FPS}:d=${seconds}`,
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-t',
    String(seconds),
    ...H264,
    '-crf',
    '32',
    path.join(out, 'intro.mp4'),
  ]);
  ffmpeg([
    '-ss',
    '3',
    '-i',
    path.join(out, 'intro.mp4'),
    '-frames:v',
    '1',
    '-q:v',
    '6',
    path.join(out, 'intro.jpg'),
  ]);
}

/**
 * Loyalty: a ring that fills clockwise through the five membership colours (spec 000 §9:
 * red, purple, silver, gold, black). Scrubbed by scroll, so a keyframe every few frames keeps
 * seeking smooth.
 */
function renderLoyalty() {
  const seconds = 5;
  const angle = `st(0,mod(atan2(X-W/2,H/2-Y)+2*PI,2*PI))`;
  const radius = `st(1,hypot(X-W/2,Y-H/2))`;
  const lit = `lt(ld(0),2*PI*T/${seconds})`;
  const ring = `between(ld(1),112,140)`;
  /** @type {(values: number[]) => string} */
  const segment = (values) =>
    `if(lt(ld(0),1.2566),${values[0]},if(lt(ld(0),2.5133),${values[1]},if(lt(ld(0),3.7699),${values[2]},if(lt(ld(0),5.0265),${values[3]},${values[4]}))))`;
  // Black on the dark background would vanish: the last level is drawn as a near-black grey ring.
  /** @type {(levels: number[], unlit: number, background: number) => string} */
  const channel = (levels, unlit, background) =>
    `${angle}*0+${radius}*0+if(${ring},if(${lit},${segment(levels)},${unlit}),${background}+24*exp(-ld(1)/50))`;
  const r = channel([255, 139, 192, 255, 58], 36, 11);
  const g = channel([56, 92, 192, 215, 58], 36, 11);
  const b = channel([58, 246, 192, 0, 66], 45, 15);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=${BACKGROUND}:s=${SIZE.w}x${SIZE.h}:r=${FPS}:d=${seconds}`,
    // WARNING: geq's st()/ld() variables are shared between its slice threads; one thread keeps them sane.
    '-filter_threads',
    '1',
    '-vf',
    `format=gbrp,geq=r='${r}':g='${g}':b='${b}',gblur=sigma=0.8,format=yuv420p`,
    ...H264,
    '-crf',
    '30',
    '-g',
    '6',
    path.join(out, 'loyalty.mp4'),
  ]);
  ffmpeg([
    '-sseof',
    '-0.1',
    '-i',
    path.join(out, 'loyalty.mp4'),
    '-frames:v',
    '1',
    '-q:v',
    '6',
    path.join(out, 'loyalty.jpg'),
  ]);
}

renderIntro();
renderLoyalty();
for (const name of ['intro.mp4', 'intro.jpg', 'loyalty.mp4', 'loyalty.jpg']) {
  console.log(`${name}: ${(statSync(path.join(out, name)).size / 1024).toFixed(0)} KiB`);
}
