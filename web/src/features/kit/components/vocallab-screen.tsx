import { VOCALLAB } from '@klang/domain';
import { Download, Pause, Play, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Slider } from '../../../components/ui/slider';
import { Textarea } from '../../../components/ui/textarea';
import { cn } from '../../../components/ui/cn';
import { useVocalLab, type VocalSettings } from '../vocallab/use-vocallab';

/** Each slider with what it does to the voice, in an artist's words (issue 20). */
const SLIDERS: { key: keyof VocalSettings; label: string; help: string; format: (v: number) => string }[] = [
  { key: 'speed', label: 'Speed', help: 'How fast the words come.', format: (v) => `${v.toFixed(1)}×` },
  {
    key: 'stability',
    label: 'Stability',
    help: 'Low lets the pitch waver; high holds it steady.',
    format: (v) => v.toFixed(1),
  },
  {
    key: 'similarity',
    label: 'Similarity',
    help: 'Higher brings the voice forward and clearer.',
    format: (v) => v.toFixed(1),
  },
  {
    key: 'style',
    label: 'Style',
    help: 'Low is flat and calm; high is livelier and higher.',
    format: (v) => v.toFixed(1),
  },
  {
    key: 'volume',
    label: 'Volume',
    help: 'How loud it plays here; the saved file is unchanged.',
    format: (v) => `${Math.round(v * 100)}%`,
  },
];

function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The vocal's waveform, the part already played in the primary colour. */
function Waveform({ peaks, progress }: { peaks: number[]; progress: number }) {
  return (
    <svg
      aria-hidden="true"
      viewBox={`0 0 ${peaks.length * 3} 48`}
      preserveAspectRatio="none"
      className="h-14 w-full"
    >
      {peaks.map((peak, i) => {
        const height = Math.max(1.5, peak * 46);
        return (
          <rect
            key={i}
            x={i * 3}
            y={24 - height / 2}
            width={2}
            height={height}
            rx={1}
            className={i / peaks.length <= progress ? 'fill-primary' : 'fill-muted/40'}
          />
        );
      })}
    </svg>
  );
}

/**
 * VocalLab (spec 002 §2.3): sliders on the left, voice, text, generate, playback and save on the
 * right. On a phone the text and Generate come first and the sliders, under 'Adjust voice', after
 * them (issue 30 item 9).
 */
export function VocalLabScreen({ header }: { header: ReactNode }) {
  const lab = useVocalLab();
  const canGenerate = lab.text.trim() !== '' && lab.voiceId !== '' && !lab.isGenerating;
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 sm:py-10">
      {header}
      {lab.error && <Banner tone="error">{lab.error}</Banner>}
      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5 max-md:order-last">
          <h2 className="text-base font-semibold text-fg">Adjust voice</h2>
          {SLIDERS.map(({ key, label, help, format }) => (
            <div key={key} className="flex flex-col gap-1.5">
              <Slider
                label={label}
                value={lab.settings[key]}
                onValueChange={(value) => {
                  lab.setSetting(key, value);
                }}
                min={VOCALLAB[key].min}
                max={VOCALLAB[key].max}
                step={VOCALLAB[key].step}
                formatValue={format}
              />
              <p className="text-xs text-muted">{help}</p>
            </div>
          ))}
        </div>
        <div className="flex flex-col gap-4">
          <Textarea
            label="Text or lyrics"
            rows={6}
            value={lab.text}
            onChange={(event) => {
              lab.setText(event.target.value);
            }}
          />
          <Select
            label="Voice"
            // The engine behind a voice is not the artist's concern (health and logs say it).
            options={lab.voices.map((voice) => ({ value: voice.voice_id, label: voice.name }))}
            value={lab.voiceId || undefined}
            onValueChange={lab.setVoiceId}
            placeholder="Choose a voice"
          />
          <div
            role="group"
            aria-label="Delivery"
            className="grid grid-cols-2 gap-1 rounded-xl border border-line bg-surface p-1"
          >
            {(['speak', 'sing'] as const).map((mode) => (
              <button
                key={mode}
                type="button"
                aria-pressed={lab.mode === mode}
                onClick={() => {
                  lab.setMode(mode);
                }}
                className={cn(
                  'h-10 rounded-lg text-sm font-semibold transition-colors',
                  lab.mode === mode ? 'bg-primary text-on-primary' : 'text-fg hover:bg-fg/10',
                )}
              >
                {mode === 'speak' ? 'Speak' : 'Sing'}
              </button>
            ))}
          </div>
          {lab.mode === 'sing' && (
            <div className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-4">
              <p className="text-sm text-muted">
                Each word gets a note of a melody in your key, one beat per syllable; each new line starts a
                new phrase.
              </p>
              <div className="grid grid-cols-2 gap-3">
                <Select
                  label="Key"
                  options={VOCALLAB.keys.map((key) => ({ value: key, label: key }))}
                  value={lab.song.key}
                  onValueChange={(key) => {
                    const found = VOCALLAB.keys.find((k) => k === key);
                    if (found) lab.setSong({ key: found });
                  }}
                />
                <Select
                  label="Scale"
                  options={VOCALLAB.scales.map((scale) => ({
                    value: scale,
                    label: scale === 'major' ? 'Major' : 'Minor',
                  }))}
                  value={lab.song.scale}
                  onValueChange={(scale) => {
                    lab.setSong({ scale: scale === 'minor' ? 'minor' : 'major' });
                  }}
                />
              </div>
              <Slider
                label="Tempo"
                value={lab.song.bpm}
                onValueChange={(bpm) => {
                  lab.setSong({ bpm });
                }}
                min={VOCALLAB.bpm.min}
                max={VOCALLAB.bpm.max}
                step={VOCALLAB.bpm.step}
                formatValue={(bpm) => `${bpm} BPM`}
              />
            </div>
          )}
          <Button onClick={() => void lab.generate()} disabled={!canGenerate} isLoading={lab.isGenerating}>
            {lab.isGenerating ? 'Generating...' : 'Generate'}
          </Button>
          {lab.audioUrl && (
            <div className="flex flex-col gap-2 rounded-2xl border border-line bg-surface p-4">
              {lab.waveform.length > 0 && (
                <Waveform
                  peaks={lab.waveform}
                  progress={lab.duration > 0 ? lab.position / lab.duration : 0}
                />
              )}
              <div className="flex items-center gap-3">
                <input
                  type="range"
                  aria-label="Position in the vocal"
                  min={0}
                  max={lab.duration || 0}
                  step={0.01}
                  value={Math.min(lab.position, lab.duration || 0)}
                  onChange={(event) => {
                    lab.seek(Number(event.target.value));
                  }}
                  className="h-2 flex-1 cursor-pointer accent-[var(--color-primary)]"
                />
                <span className="shrink-0 text-sm text-muted tabular-nums">
                  {clock(lab.position)} / {clock(lab.duration)}
                </span>
              </div>
            </div>
          )}
          <Input
            label="File name"
            value={lab.fileName}
            onChange={(event) => {
              lab.setFileName(event.target.value);
            }}
            hint={
              lab.savedFileName
                ? `Saved as ${lab.savedFileName}`
                : 'Name the file to save the vocal as an MP3.'
            }
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button
              variant="secondary"
              onClick={() => {
                lab.togglePlay();
              }}
              disabled={!lab.audioUrl}
              aria-label={lab.isPlaying ? 'Pause' : 'Play'}
            >
              {lab.isPlaying ? <Pause className="size-4" /> : <Play className="size-4" />}
              {lab.isPlaying ? 'Pause' : 'Play'}
            </Button>
            <Button
              variant="ghost"
              onClick={() => {
                lab.reset();
              }}
            >
              <RotateCcw className="size-4" /> Reset
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                lab.save();
              }}
            >
              <Download className="size-4" /> Save
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
