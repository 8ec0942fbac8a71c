import { useState } from 'react';
import Cropper, { type Area } from 'react-easy-crop';
import { cn } from './cn';
import { Slider } from './slider';

type ImageCropperProps = {
  /** An object URL or data URL of the picked image. */
  image: string;
  /** The square of the image the user has chosen, in the image's own pixels. */
  onAreaChange: (area: Area) => void;
  cropShape?: 'rect' | 'round';
  className?: string;
};

/**
 * A square crop with a zoom of 1 to 3 in 0.1 steps (spec 001 §9), for profile photos and cover
 * art. The arrow keys move the image; the slider zooms it.
 */
export function ImageCropper({ image, onAreaChange, cropShape = 'rect', className }: ImageCropperProps) {
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  return (
    <>
      <div className={cn('relative h-64 overflow-hidden rounded-2xl bg-black', className)}>
        <Cropper
          image={image}
          crop={crop}
          zoom={zoom}
          minZoom={1}
          maxZoom={3}
          aspect={1}
          cropShape={cropShape}
          keyboardStep={1}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => {
            onAreaChange(pixels);
          }}
        />
      </div>
      <Slider
        label="Zoom"
        value={zoom}
        min={1}
        max={3}
        step={0.1}
        onValueChange={setZoom}
        formatValue={(value) => `${value.toFixed(1)}×`}
      />
    </>
  );
}
