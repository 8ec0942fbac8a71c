/**
 * The form of a track: sections (intro, build, main, breakdown, drop, outro) laid over its bars,
 * and for every bar which parts play, how open the music filter is, and where fills, risers and
 * crashes go. Elements entering and leaving at section borders is what makes a loop a track.
 */
import type { ArrangementName, MusicParams } from './music-params';

export const PARTS = ['kick', 'backbeat', 'hats', 'perc', 'bass', 'chords', 'lead'] as const;
export type Part = (typeof PARTS)[number];
export type SectionKind = 'intro' | 'build' | 'main' | 'breakdown' | 'drop' | 'outro';

export interface BarPlan {
  section: SectionKind;
  gains: Record<Part, number>;
  /** Low-pass openness of the music bus over the bar (0 muffled .. 1 open). */
  openFrom: number;
  openTo: number;
  isFill: boolean;
  isVariation: boolean;
  hasRiser: boolean;
  hasCrash: boolean;
}

const TEMPLATES: Record<ArrangementName, [SectionKind, number][]> = {
  classic: [
    ['intro', 2],
    ['build', 2],
    ['main', 3],
    ['breakdown', 2],
    ['drop', 3],
    ['outro', 2],
  ],
  'slow-burn': [
    ['intro', 3],
    ['build', 3],
    ['main', 4],
    ['drop', 2],
    ['outro', 2],
  ],
  'early-drop': [
    ['intro', 1],
    ['main', 3],
    ['breakdown', 2],
    ['drop', 3],
    ['outro', 1],
  ],
  hypnotic: [
    ['intro', 2],
    ['main', 4],
    ['drop', 4],
    ['outro', 2],
  ],
};

/** Splits `totalBars` over the template; optional sections go first when bars run short. */
function allocateSections(template: [SectionKind, number][], totalBars: number): [SectionKind, number][] {
  const quantum = totalBars >= 28 ? 4 : 2;
  let sections = template;
  for (;;) {
    const weight = sections.reduce((sum, [, w]) => sum + w, 0);
    const counts = sections.map(([, w]) =>
      Math.max(quantum, Math.round((w / weight) * (totalBars / quantum)) * quantum),
    );
    const diff = totalBars - counts.reduce((sum, c) => sum + c, 0);
    const target = sections.findIndex(([kind]) => kind === 'drop' || kind === 'main');
    const adjusted = (counts[target] ?? 0) + diff;
    if (adjusted >= 2 || sections.length <= 2) {
      counts[target] = Math.max(1, adjusted);
      return sections.map(([kind], i) => [kind, counts[i] ?? 0]);
    }
    const optional = sections.findIndex(([kind]) => kind === 'build' || kind === 'breakdown');
    sections = sections.filter((_, i) => i !== (optional >= 0 ? optional : 0));
  }
}

function getSectionGains(
  kind: SectionKind,
  params: MusicParams,
  progress: number,
  hasLeadInMain: boolean,
): Record<Part, number> {
  const firstHalf = progress < 0.5 ? 1 : 0;
  const isDnb = params.style === 'dnb';
  const hasChords = params.chords.sound !== 'none';
  switch (kind) {
    case 'intro':
      return {
        kick: isDnb ? 0 : 1,
        backbeat: 0,
        hats: isDnb ? 1 - firstHalf : 0.7,
        perc: 1 - firstHalf,
        bass: 0,
        chords: isDnb ? 1 : 0.75,
        lead: isDnb && !hasChords ? 0.7 : 0,
      };
    case 'build':
      return { kick: 1, backbeat: 1, hats: 1, perc: 1, bass: isDnb ? 0 : 1, chords: 1, lead: 0 };
    case 'main':
      return { kick: 1, backbeat: 1, hats: 1, perc: 1, bass: 1, chords: 1, lead: hasLeadInMain ? 0.8 : 0 };
    case 'breakdown':
      return {
        kick: 0,
        backbeat: 0,
        hats: 0.35,
        perc: 0.5 * firstHalf,
        bass: hasChords ? 0 : 0.7,
        chords: 1,
        lead: 1,
      };
    case 'drop':
      return { kick: 1, backbeat: 1, hats: 1, perc: 1, bass: 1, chords: 1, lead: 1 };
    case 'outro':
      return {
        kick: 1,
        backbeat: firstHalf,
        hats: 1,
        perc: 1,
        bass: firstHalf,
        chords: 0.6 * firstHalf,
        lead: 0,
      };
  }
}

function getOpenness(kind: SectionKind, isDnb: boolean): [number, number] {
  switch (kind) {
    case 'intro':
      return isDnb ? [0.35, 0.7] : [0.2, 0.45];
    case 'build':
      return [0.5, 0.85];
    case 'breakdown':
      return [0.55, 1];
    case 'outro':
      return [1, 0.35];
    case 'main':
    case 'drop':
      return [1, 1];
  }
}

/** Plans every bar of a track. Very short renders (tests, < 8 bars) play everything at once. */
export function planArrangement(params: MusicParams, totalBars: number, hasLeadInMain: boolean): BarPlan[] {
  const isDnb = params.style === 'dnb';
  const sections: [SectionKind, number][] =
    totalBars < 8 ? [['drop', totalBars]] : allocateSections(TEMPLATES[params.arrangement], totalBars);
  const plans: BarPlan[] = [];
  sections.forEach(([kind, bars], sectionIndex) => {
    const [openStart, openEnd] = getOpenness(kind, isDnb);
    const isBeforeRise = kind === 'build' || kind === 'breakdown';
    for (let bar = 0; bar < bars; bar++) {
      const progress = bars <= 1 ? 0 : bar / bars;
      const isLastBar = bar === bars - 1 && sectionIndex < sections.length - 1;
      plans.push({
        section: kind,
        gains: getSectionGains(kind, params, progress, hasLeadInMain),
        openFrom: openStart + (openEnd - openStart) * progress,
        openTo: openStart + (openEnd - openStart) * ((bar + 1) / bars),
        isFill: isLastBar,
        isVariation: bar % 4 === 3 && !isLastBar,
        hasRiser: isBeforeRise && bar >= bars - 2 && bars >= 4,
        hasCrash: bar === 0 && (kind === 'main' || kind === 'drop') && sectionIndex > 0,
      });
    }
  });
  return plans;
}
