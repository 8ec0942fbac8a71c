import { KIT_LIMITS, SOUNDLAB } from '@klang/domain';
import { Play, Plus, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import { Input } from '../../../components/ui/input';
import { Slider } from '../../../components/ui/slider';
import { Textarea } from '../../../components/ui/textarea';
import { roleOf, type Pad } from '../soundlab/pads';
import { useSoundLab, type SoundLabState } from '../soundlab/use-soundlab';

type SoundLabScreenProps = {
  /** Back button, logo and title, given by the route (it knows the paths). */
  header: ReactNode;
};

function PresetPad({ pad, lab }: { pad: Pad; lab: SoundLabState }) {
  const [draft, setDraft] = useState<string | null>(null);
  const name = lab.presetNames[pad.id - 1] ?? '';
  if (draft !== null) {
    return (
      <input
        aria-label={`Rename ${name}`}
        autoFocus
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            lab.rename(pad.id, draft);
            setDraft(null);
          } else if (event.key === 'Escape') setDraft(null);
        }}
        onBlur={() => {
          lab.rename(pad.id, draft);
          setDraft(null);
        }}
        className="aspect-square w-full rounded-xl border-2 border-primary bg-field px-2 text-center text-sm text-fg"
      />
    );
  }
  const isSelected = lab.selectedPreset === pad.id;
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      onClick={() => {
        lab.press(pad);
      }}
      onDoubleClick={() => {
        setDraft(name);
      }}
      className={cn(
        'aspect-square w-full rounded-xl border px-1 text-xs font-semibold break-words sm:text-sm',
        isSelected
          ? 'border-primary bg-primary text-on-primary'
          : 'border-line bg-surface text-fg hover:bg-field',
      )}
    >
      {name}
    </button>
  );
}

function PadButton({ pad, lab }: { pad: Pad; lab: SoundLabState }) {
  const role = roleOf(pad.id);
  if (role === 'hidden') return null;
  if (role === 'preset') return <PresetPad pad={pad} lab={lab} />;
  if (role === 'volume') {
    return (
      <div className="row-span-2 flex flex-col items-center justify-center rounded-xl border border-line bg-surface py-3">
        <Slider
          label="Volume"
          hideLabel
          orientation="vertical"
          value={lab.volume}
          onValueChange={lab.setVolume}
          min={0}
          max={1}
          step={0.01}
          formatValue={(v) => `${Math.round(v * 100)}%`}
        />
        <span className="mt-2 text-[0.6875rem] text-muted">volume</span>
      </div>
    );
  }
  const isSound = role === 'sound';
  const isSelected = lab.selectedPad === pad.id;
  const isActive = (role === 'edit' && lab.isEditing) || isSelected;
  const isSounding = isSound && lab.sounding.has(pad.id);
  return (
    <button
      type="button"
      aria-pressed={role === 'edit' ? lab.isEditing : isSound && lab.isEditing ? isSelected : undefined}
      aria-label={isSound ? `Pad ${pad.id}: ${pad.label}${pad.sound ? '' : ' (no sound)'}` : undefined}
      disabled={role === 'save' && lab.isSaving}
      onClick={() => {
        lab.press(pad);
      }}
      data-sounding={isSounding || undefined}
      className={cn(
        'aspect-square w-full rounded-xl border px-1 text-xs font-semibold break-words transition-[color,background-color,box-shadow,transform] duration-75 sm:text-sm',
        // A sounding pad lights up: filled with the primary colour, glowing, pressed in.
        isSounding &&
          'scale-95 border-primary bg-primary text-on-primary shadow-[0_0_24px_var(--color-primary)]',
        !isSounding && isActive && 'border-primary bg-primary/20 text-fg',
        !isSounding &&
          !isActive &&
          isSound &&
          pad.sound &&
          'border-accent/60 bg-accent/15 text-fg hover:bg-accent/25',
        !isSounding &&
          !isActive &&
          (!isSound || !pad.sound) &&
          'border-line bg-surface text-muted hover:bg-field hover:text-fg',
        lab.isEditing && isSound && 'border-dashed',
      )}
    >
      {pad.label}
    </button>
  );
}

function SidePanel({ lab }: { lab: SoundLabState }) {
  const pad = lab.pads.find((p) => p.id === lab.selectedPad);
  const isOpen = lab.isEditing && pad !== undefined;
  const isGenerating = lab.progress !== null;
  return (
    <aside
      aria-label="Sound editor"
      aria-hidden={!isOpen}
      inert={!isOpen}
      style={{ width: SOUNDLAB.panelWidthPx, transitionDuration: `${SOUNDLAB.panelSlideSeconds}s` }}
      className={cn(
        'flex flex-col gap-4 border-line bg-surface p-4',
        // Phone: it slides over the screen from the right edge, above the header, the bottom nav
        // and the forum button (z-40).
        'max-lg:fixed max-lg:top-0 max-lg:right-0 max-lg:z-50 max-lg:h-full max-lg:overflow-y-auto max-lg:border-l max-lg:shadow-2xl max-lg:transition-transform max-lg:ease-out',
        isOpen ? 'max-lg:translate-x-0' : 'max-lg:translate-x-full',
        // Desktop: beside the pads, in the page, covering none of them (issue 30 item 9).
        'lg:sticky lg:top-6 lg:shrink-0 lg:rounded-2xl lg:border',
        !isOpen && 'lg:hidden',
      )}
    >
      <div className="flex items-center justify-between">
        <h2 className="text-base font-semibold text-fg">Pad {pad?.id ?? ''}</h2>
        <Button
          variant="ghost"
          size="icon"
          className="size-9"
          aria-label="Close the sound editor"
          onClick={lab.closePanel}
        >
          <X className="size-4" />
        </Button>
      </div>
      <Textarea
        label="Sound description"
        rows={4}
        maxLength={KIT_LIMITS.soundPromptMax}
        value={lab.description}
        onChange={(event) => {
          lab.setDescription(event.target.value);
        }}
        placeholder="short dark kick with a little reverb"
      />
      <Input
        label="Name"
        value={lab.soundName}
        onChange={(event) => {
          lab.setSoundName(event.target.value);
        }}
      />
      <Button
        onClick={() => void lab.generate()}
        disabled={!lab.description.trim() || !pad || isGenerating}
        aria-live="polite"
      >
        {isGenerating ? `Generating ${lab.progress ?? 0}/${KIT_LIMITS.generationsPerClick}...` : 'Generate'}
      </Button>
      <ul className="flex flex-col gap-2" aria-label="Generated sounds">
        {lab.results.map((result) => (
          <li
            key={result.id}
            className="flex items-center gap-1.5 rounded-xl border border-line bg-field px-2 py-1.5"
          >
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Play ${result.name}`}
              onClick={() => {
                lab.preview(result);
              }}
            >
              <Play className="size-4" />
            </Button>
            <span className="min-w-0 flex-1 truncate text-sm text-fg">{result.name}</span>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                lab.add(result);
              }}
              aria-label={`add ${result.name}`}
            >
              <Plus className="size-4" /> add
            </Button>
          </li>
        ))}
      </ul>
    </aside>
  );
}

/**
 * SoundLab (spec 002 §2.2): the 25-pad grid, and the side panel that generates sounds in edit
 * mode. On a desktop the square grid is as wide as the window's height allows, so its last row
 * stays above the now-playing bar, and the panel opens beside it.
 */
export function SoundLabScreen({ header }: SoundLabScreenProps) {
  const lab = useSoundLab();
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-6 sm:py-10 lg:max-w-4xl lg:py-6">
      {header}
      <p className="-mt-3 text-sm text-muted">
        {lab.isEditing
          ? 'Edit mode: choose a sound pad, describe a sound and add one of the four results.'
          : 'Tap a pad to play it. Choose edit to make sounds, save to keep the preset and download it.'}
      </p>
      {lab.message && <Banner tone="error">{lab.message}</Banner>}
      {lab.confirmation && <Banner tone="success">{lab.confirmation}</Banner>}
      {lab.isStarting && (
        <p role="status" className="text-sm text-muted">
          Making your starter drum kit…
        </p>
      )}
      <div className="flex items-start gap-6">
        <div
          className="grid w-full grid-cols-5 gap-2 sm:gap-3 lg:max-w-[min(36rem,calc(100dvh-21rem))]"
          role="group"
          aria-label="Pads"
        >
          {lab.pads.map((pad) => (
            <PadButton key={pad.id} pad={pad} lab={lab} />
          ))}
        </div>
        <SidePanel lab={lab} />
      </div>
    </section>
  );
}
