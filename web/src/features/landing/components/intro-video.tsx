import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';

/** The hero's intro video: muted and looping, a still poster when motion is reduced. Decorative. */
export function IntroVideo({ src, poster, className }: { src: string; poster: string; className?: string }) {
  const isReduced = usePrefersReducedMotion();
  if (isReduced) return <img src={poster} alt="" aria-hidden="true" className={className} />;
  return (
    <video
      className={className}
      src={src}
      poster={poster}
      autoPlay
      muted
      loop
      playsInline
      preload="metadata"
      aria-hidden="true"
      tabIndex={-1}
    />
  );
}
