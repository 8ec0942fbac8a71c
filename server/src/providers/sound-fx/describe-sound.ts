/**
 * Reads a sound description the way a producer writes one ("short dark distorted kick with a
 * bit of reverb", "long airy riser, 4 seconds") and turns it into a recipe for the synthesizer.
 * Only words decide; what the words leave open is varied per generation by the renderer.
 */

export const SOUND_KINDS = [
  'kick',
  'snare',
  'clap',
  'hat',
  'bass',
  'stab',
  'riser',
  'impact',
  'sweep',
  'vinyl',
  'ambience',
  'door',
  'footsteps',
  'glass',
  'water',
  'rain',
  'wind',
  'fire',
  'laser',
  'crowd',
  'tom',
] as const;
export type SoundKind = (typeof SOUND_KINDS)[number];

export interface SoundRecipe {
  kind: SoundKind;
  /** Length of the rendered file. */
  seconds: number;
  /** Semitones from the kind's home pitch, -24..24. */
  pitch: number;
  /** 0 (muffled) .. 1 (airy); 0.5 is the kind's natural tone. */
  brightness: number;
  /** 0 (clean) .. 1 (crushed). */
  distortion: number;
  /** 0 (dry) .. 1 (cavernous). */
  reverb: number;
  /** An open hi-hat rings where a closed one chokes. */
  open: boolean;
  /**
   * The sound is struck rather than drawn out: a door slammed or knocked (not creaking), glass
   * breaking (not clinking), a splash, heavy rain, running steps, applause, a burst of shots.
   */
  struck: boolean;
}

/** Shortest and longest sound the local engine renders (bounded work per request). */
export const SOUND_SECONDS = { min: 0.1, max: 10 } as const;

/**
 * Words for each kind; the earliest match in the prompt wins, so "footsteps on broken glass" is
 * footsteps and "glass footsteps" glass. Foley nouns are matched before the generic words they
 * contain ("crackling fire" is fire, not vinyl crackle; "wind whoosh" is wind).
 */
const KIND_WORDS: Record<SoundKind, RegExp> = {
  kick: /\b(kick|kicks|bass ?drum|bd)\b/,
  snare: /\b(snare|snares|rimshot|rim)\b/,
  clap: /\b(clap|claps|handclap|snap|snaps)\b/,
  hat: /\b(hat|hats|hihat|hi-hat|hi hat|cymbal|shaker|ride)\b/,
  bass: /\b(bass|sub|808|wobble|reese)\b/,
  stab: /\b(stab|stabs|chord|chords|pluck|synth|keys|organ|lead)\b/,
  riser: /\b(riser|rise|rising|build|build-up|buildup|uplifter|tension)\b/,
  impact: /\b(impact|boom|thud|hit|explosion|slam|drop|crash)\b/,
  sweep: /\b(sweep|whoosh|swoosh|swish|downlifter|transition|swell|woosh)\b/,
  vinyl: /\b(vinyl|crackle|crackling|record|dust|lo-fi noise|hiss)\b/,
  ambience: /\b(ambience|ambient|atmosphere|atmos|pad|drone|texture|room tone|soundscape|space)\b/,
  door: /\b(door|doors|creak|creaky|creaking|squeak|squeaky|hinge|gate|knock|knocking)\b/,
  footsteps: /\b(footsteps?|steps|walking|walk|running feet|stomps?|boots)\b/,
  glass: /\b(glass|shatter|shattering|smash|bottle|clink|wine glass)\b/,
  water: /\b(water|splash|splashing|drip|dripping|bubbles?|bubbling|pour|pouring|stream|river|liquid)\b/,
  rain: /\b(rain|raining|rainfall|drizzle|downpour|storm|rainy)\b/,
  wind: /\b(wind|windy|gust|gusts|breeze|howling|blizzard)\b/,
  fire: /\b(fire|campfire|fireplace|flames?|burning|bonfire)\b/,
  laser: /\b(laser|lasers|zap|zaps|pew|blaster|phaser|ray gun)\b/,
  crowd: /\b(crowd|audience|applause|applauding|cheer|cheering|people|chatter|murmur|stadium)\b/,
  tom: /\b(tom|toms|floor tom|tom-tom)\b/,
};

/** Kinds a noun of which beats an earlier generic word: 'crackling fire', 'whoosh of wind'. */
const FOLEY_FIRST: readonly SoundKind[] = [
  'door',
  'footsteps',
  'glass',
  'water',
  'rain',
  'wind',
  'fire',
  'laser',
  'crowd',
];

/** Words that make a sound struck rather than drawn out (see SoundRecipe.struck). */
const STRUCK_WORDS =
  /\b(slam|slams|slammed|shut|knock|knocks|knocking|bang|break|breaking|broken|shatter|shattering|smash|smashing|splash|heavy|downpour|storm|running|run|applause|cheer|cheering|burst|rapid)\b/;

const DEFAULT_SECONDS: Record<SoundKind, number> = {
  kick: 0.6,
  snare: 0.45,
  clap: 0.5,
  hat: 0.18,
  bass: 1.2,
  stab: 0.9,
  riser: 4,
  impact: 2.5,
  sweep: 2,
  vinyl: 4,
  ambience: 6,
  door: 2,
  footsteps: 3,
  glass: 1.5,
  water: 3,
  rain: 5,
  wind: 5,
  fire: 5,
  laser: 0.6,
  crowd: 5,
  tom: 0.8,
};

const DEFAULT_REVERB: Record<SoundKind, number> = {
  kick: 0.05,
  snare: 0.2,
  clap: 0.25,
  hat: 0.1,
  bass: 0,
  stab: 0.3,
  riser: 0.35,
  impact: 0.5,
  sweep: 0.3,
  vinyl: 0,
  ambience: 0.6,
  door: 0.25,
  footsteps: 0.2,
  glass: 0.3,
  water: 0.15,
  rain: 0.1,
  wind: 0.1,
  fire: 0.05,
  laser: 0.3,
  crowd: 0.2,
  tom: 0.2,
};

interface Adjustment {
  words: RegExp;
  apply(recipe: SoundRecipe): void;
}

/** Each adjustment nudges one dimension; several words of one kind add up ("very long"). */
const ADJUSTMENTS: Adjustment[] = [
  { words: /\b(short|tight|quick|snappy|clipped|staccato|tiny)\b/, apply: (r) => void (r.seconds *= 0.5) },
  { words: /\b(long|sustained|extended|lingering|endless|slow)\b/, apply: (r) => void (r.seconds *= 2) },
  { words: /\b(very long|huge|massive|epic)\b/, apply: (r) => void (r.seconds *= 1.5) },
  { words: /\b(low|deep|sub|subby|booming|heavy|detuned down)\b/, apply: (r) => void (r.pitch -= 7) },
  { words: /\b(very low|lowest|rumbling)\b/, apply: (r) => void (r.pitch -= 5) },
  { words: /\b(high|high-pitched|tiny|thin|small|squeaky)\b/, apply: (r) => void (r.pitch += 7) },
  { words: /\b(very high|highest|piercing)\b/, apply: (r) => void (r.pitch += 5) },
  {
    words: /\b(bright|crisp|airy|sharp|shiny|sizzling|brilliant|open)\b/,
    apply: (r) => void (r.brightness += 0.3),
  },
  {
    words: /\b(dark|muffled|warm|dull|soft|mellow|underwater|lo-fi|lofi|filtered)\b/,
    apply: (r) => void (r.brightness -= 0.3),
  },
  {
    words: /\b(distorted|gritty|dirty|crunchy|saturated|overdriven|fuzzy|aggressive|harsh)\b/,
    apply: (r) => void (r.distortion += 0.55),
  },
  { words: /\b(very distorted|destroyed|crushed|blown out)\b/, apply: (r) => void (r.distortion += 0.35) },
  { words: /\bclean\b/, apply: (r) => void (r.distortion = 0) },
  {
    words: /\b(reverb|reverberant|roomy|hall|spacious|wet|echo|echoing|cavernous|cathedral|distant|washed)\b/,
    apply: (r) => void (r.reverb += 0.45),
  },
  { words: /\b(dry|close|upfront|in your face)\b/, apply: (r) => void (r.reverb = 0) },
];

const EXPLICIT_LENGTH = /(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?)\b/;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

function findKind(text: string): SoundKind {
  let best: { kind: SoundKind; index: number } | null = null;
  for (const kind of FOLEY_FIRST) {
    const match = KIND_WORDS[kind].exec(text);
    if (match && (best === null || match.index < best.index)) best = { kind, index: match.index };
  }
  if (best) return best.kind;
  for (const kind of SOUND_KINDS) {
    const match = KIND_WORDS[kind].exec(text);
    if (match && (best === null || match.index < best.index)) best = { kind, index: match.index };
  }
  // A description that names no known sound is heard as a hit: the most general one-shot.
  return best?.kind ?? 'impact';
}

/** Turns a description into a recipe; the same words always give the same recipe. */
export function describeSound(prompt: string): SoundRecipe {
  const text = prompt.toLowerCase();
  const kind = findKind(text);
  const recipe: SoundRecipe = {
    kind,
    seconds: DEFAULT_SECONDS[kind],
    pitch: 0,
    brightness: 0.5,
    distortion: 0,
    reverb: DEFAULT_REVERB[kind],
    open: kind === 'hat' && /\bopen\b/.test(text),
    struck: STRUCK_WORDS.test(text),
  };
  if (recipe.open) recipe.seconds = 0.7;
  for (const adjustment of ADJUSTMENTS) {
    if (adjustment.words.test(text)) adjustment.apply(recipe);
  }
  const explicit = EXPLICIT_LENGTH.exec(text);
  if (explicit) {
    const value = Number(explicit[1]);
    recipe.seconds = explicit[2]?.startsWith('m') ? value / 1000 : value;
  }
  recipe.seconds = clamp(recipe.seconds, SOUND_SECONDS.min, SOUND_SECONDS.max);
  recipe.pitch = clamp(recipe.pitch, -24, 24);
  recipe.brightness = clamp(recipe.brightness, 0, 1);
  recipe.distortion = clamp(recipe.distortion, 0, 1);
  recipe.reverb = clamp(recipe.reverb, 0, 1);
  return recipe;
}
