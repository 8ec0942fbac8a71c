import { TRACK_MESSAGES as M, type CoverArtResult } from '@klang/domain';
import { useMutation } from '@tanstack/react-query';
import { ImagePlus, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { Area } from 'react-easy-crop';
import { Button } from '../../../components/ui/button';
import { ImageCropper } from '../../../components/ui/image-cropper';
import { Input } from '../../../components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { isApiError } from '../../../lib/api-error';
import { usePickedImage } from '../../../lib/use-picked-image';
import { tracksApi } from '../api/tracks-api';
import { checkCoverFile } from '../upload-rules';

/** What the form holds for the cover: a picture still to crop, or one already stored. */
export type CoverChoice =
  | { kind: 'none' }
  | { kind: 'crop'; source: string; area: Area | null }
  | { kind: 'stored'; cover: CoverArtResult };

type CoverArtPickerProps = {
  value: CoverChoice;
  onChange: (choice: CoverChoice) => void;
  onRefusal: (error: unknown) => boolean;
  disabled: boolean;
};

/** Spec 001 §5: cover art by upload with a square crop (zoom 1 to 3), or generated from a prompt. */
export function CoverArtPicker({ value, onChange, onRefusal, disabled }: CoverArtPickerProps) {
  const picked = usePickedImage(checkCoverFile);
  const { error, setError } = picked;
  // A chosen picture opens its crop below the fold of the dialog: bring it into view.
  const cropper = useRef<HTMLDivElement>(null);
  const cropSource = value.kind === 'crop' ? value.source : null;
  useEffect(() => {
    if (cropSource) cropper.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [cropSource]);
  const [prompt, setPrompt] = useState('');
  const [seed, setSeed] = useState(0);
  // Each tap asks for a new picture (the seed moves on), stored by the server until the upload.
  const generation = useMutation({
    mutationFn: async (text: string) => {
      const cover = await tracksApi.generateCover(text, seed);
      if (!cover.url) throw new Error(M.coverNoUrl);
      return cover;
    },
    onSuccess: (cover) => {
      setSeed((s) => s + 1);
      onChange({ kind: 'stored', cover });
    },
    onError: (failure) => {
      if (onRefusal(failure)) return;
      setError(isApiError(failure) ? failure.message : M.coverGenerateFailed);
    },
  });
  function choose(file: File | undefined) {
    const source = picked.choose(file);
    if (source) onChange({ kind: 'crop', source, area: null });
  }

  function generate() {
    if (!prompt.trim()) {
      setError(M.promptRequired);
      return;
    }
    setError(null);
    generation.mutate(prompt.trim());
  }

  return (
    <fieldset className="flex flex-col gap-3" disabled={disabled}>
      <legend className="mb-1.5 text-sm font-medium text-fg">Cover art (optional)</legend>
      <Tabs defaultValue="upload" className="flex flex-col gap-3">
        <TabsList aria-label="Cover art source">
          <TabsTrigger value="upload">
            <ImagePlus aria-hidden="true" className="size-4" /> Upload
          </TabsTrigger>
          <TabsTrigger value="generate">
            <Sparkles aria-hidden="true" className="size-4" /> Generate
          </TabsTrigger>
        </TabsList>
        <TabsContent value="upload" className="mt-0 flex flex-col gap-3">
          {value.kind === 'crop' ? (
            <div ref={cropper} className="scroll-my-4">
              <ImageCropper
                key={value.source}
                image={value.source}
                className="h-56"
                onAreaChange={(area) => {
                  onChange({ kind: 'crop', source: value.source, area });
                }}
              />
            </div>
          ) : null}
          <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-dashed border-line px-4 py-3 text-sm text-muted hover:border-fg/40">
            <ImagePlus aria-hidden="true" className="size-5 shrink-0" />
            <span>{value.kind === 'crop' ? 'Choose another image' : 'Choose a JPEG or PNG (max 5MB)'}</span>
            <input
              type="file"
              accept="image/jpeg,image/png"
              className="sr-only"
              aria-label="Cover art image"
              onChange={(event) => {
                choose(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </label>
        </TabsContent>
        <TabsContent value="generate" className="mt-0 flex flex-col gap-3">
          <Input
            label="Prompt"
            placeholder="Neon ocean at night, liquid shapes"
            value={prompt}
            maxLength={500}
            onChange={(event) => {
              setPrompt(event.target.value);
            }}
          />
          <Button variant="secondary" onClick={generate} isLoading={generation.isPending}>
            <Sparkles aria-hidden="true" className="size-4" />
            {value.kind === 'stored' ? 'Generate again' : 'Generate cover art'}
          </Button>
        </TabsContent>
      </Tabs>
      {value.kind === 'stored' && (
        <img
          src={value.cover.url}
          alt="Cover art preview"
          className="size-40 self-center rounded-xl object-cover ring-1 ring-line"
        />
      )}
      {error && (
        <p role="alert" className="text-[0.8125rem] font-medium text-accent">
          {error}
        </p>
      )}
    </fieldset>
  );
}
