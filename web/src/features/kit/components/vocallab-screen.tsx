import { VOCALLAB } from '@klang/domain';
import { Download, Pause, Play, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Slider } from '../../../components/ui/slider';
import { Textarea } from '../../../components/ui/textarea';
import { useVocalLab, type VocalSettings } from '../vocallab/use-vocallab';

const SLIDERS: { key: keyof VocalSettings; label: string; format: (v: number) => string }[] = [
  { key: 'speed', label: 'Speed', format: (v) => `${v.toFixed(1)}×` },
  { key: 'stability', label: 'Stability', format: (v) => v.toFixed(1) },
  { key: 'similarity', label: 'Similarity', format: (v) => v.toFixed(1) },
  { key: 'style', label: 'Style', format: (v) => v.toFixed(1) },
  { key: 'volume', label: 'Volume', format: (v) => `${Math.round(v * 100)}%` },
];

/** VocalLab (spec 002 §2.3): sliders on the left, voice, text, generate, playback and save on the right. */
export function VocalLabScreen({ header }: { header: ReactNode }) {
  const lab = useVocalLab();
  const canGenerate = lab.text.trim() !== '' && lab.voiceId !== '' && !lab.isGenerating;
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-5 px-4 py-6 sm:py-10">
      {header}
      {lab.error && <Banner tone="error">{lab.error}</Banner>}
      <div className="grid gap-6 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="flex flex-col gap-5 rounded-2xl border border-line bg-surface p-5">
          {SLIDERS.map(({ key, label, format }) => (
            <Slider
              key={key}
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
          ))}
        </div>
        <div className="flex flex-col gap-4">
          <Select
            label="Voice"
            options={lab.voices.map((voice) => ({
              value: voice.voice_id,
              label: voice.name,
              note: voice.category,
            }))}
            value={lab.voiceId || undefined}
            onValueChange={lab.setVoiceId}
            placeholder="Choose a voice"
          />
          <Textarea
            label="Text or lyrics"
            rows={6}
            value={lab.text}
            onChange={(event) => {
              lab.setText(event.target.value);
            }}
          />
          <Button onClick={() => void lab.generate()} disabled={!canGenerate} isLoading={lab.isGenerating}>
            {lab.isGenerating ? 'Generating...' : 'Generate'}
          </Button>
          <Input
            label="File name"
            value={lab.fileName}
            onChange={(event) => {
              lab.setFileName(event.target.value);
            }}
            hint="Saved as name.mp3"
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
