import { useEffect, useRef } from 'react';
import { getAnalyser } from '../audio/analyser';

const BARS = 72;
/** How far a bar reaches past the ring at full level, as a share of the canvas's half width. */
const REACH = 0.17;
/** Bins above this share of the spectrum carry little of most music: spread the rest round. */
const USED_SPECTRUM = 0.7;

interface RingVisualiserProps {
  isPlaying: boolean;
  /** The ring's radius as a share of the canvas's half width: bars start just outside it. */
  innerRadius: number;
}

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Bars round the Discover ring that move with the music, read from the playing audio through
 * Web Audio (audio/analyser.ts). Nothing is drawn when the analyser is not available (a
 * cross-origin source), when paused, or when the listener asked for reduced motion.
 */
export function RingVisualiser({ isPlaying, innerRadius }: RingVisualiserProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const draw = canvas?.getContext('2d');
    if (!canvas || !draw || !isPlaying || prefersReducedMotion()) return;
    // The theme's primary colour, read once per run rather than on every frame.
    const colour = getComputedStyle(canvas).color;
    let frame = 0;
    let levels: Uint8Array<ArrayBuffer> | undefined;
    const smoothed = new Float32Array(BARS);

    const paint = () => {
      frame = window.requestAnimationFrame(paint);
      const analyser = getAnalyser();
      if (!analyser) return;
      levels ??= new Uint8Array(analyser.frequencyBinCount);
      analyser.getByteFrequencyData(levels);

      const scale = window.devicePixelRatio || 1;
      const side = canvas.clientWidth * scale;
      if (canvas.width !== side) {
        canvas.width = side;
        canvas.height = side;
      }
      const half = side / 2;
      draw.clearRect(0, 0, side, side);
      draw.strokeStyle = colour;
      draw.lineCap = 'round';
      draw.lineWidth = Math.max(2, side / 150);

      const usedBins = Math.floor(levels.length * USED_SPECTRUM);
      for (let bar = 0; bar < BARS; bar++) {
        // Mirror the spectrum left and right of twelve o'clock, so the ring stays balanced.
        const fromTop = bar < BARS / 2 ? bar : BARS - 1 - bar;
        const bin = Math.floor((fromTop / (BARS / 2)) * usedBins);
        const level = (levels[bin] ?? 0) / 255;
        smoothed[bar] = Math.max(level, (smoothed[bar] ?? 0) * 0.9);
        const value = smoothed[bar] ?? 0;
        if (value < 0.02) continue;
        const angle = (bar / BARS) * Math.PI * 2 - Math.PI / 2;
        const start = half * (innerRadius + 0.035);
        const end = start + half * REACH * value;
        draw.globalAlpha = 0.25 + value * 0.6;
        draw.beginPath();
        draw.moveTo(half + Math.cos(angle) * start, half + Math.sin(angle) * start);
        draw.lineTo(half + Math.cos(angle) * end, half + Math.sin(angle) * end);
        draw.stroke();
      }
    };
    frame = window.requestAnimationFrame(paint);
    return () => {
      window.cancelAnimationFrame(frame);
      draw.clearRect(0, 0, canvas.width, canvas.height);
    };
  }, [innerRadius, isPlaying]);

  return (
    <canvas
      ref={canvasRef}
      aria-hidden="true"
      data-testid="ring-visualiser"
      className="pointer-events-none absolute inset-0 size-full text-primary"
    />
  );
}
