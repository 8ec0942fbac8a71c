import { MOBILE_BREAKPOINT_PX } from '@klang/domain';
import { useEffect, useRef } from 'react';
import { usePrefersReducedMotion } from '../hooks/use-prefers-reduced-motion';

type ScrubbedVideoProps = { src: string; poster: string; className?: string };

/**
 * On wide screens the video follows the scroll: its time is the section's progress through the
 * viewport (spec 000 §2). On phones, or with reduced motion, it is a still poster.
 */
export function ScrubbedVideo({ src, poster, className }: ScrubbedVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const isReduced = usePrefersReducedMotion();

  useEffect(() => {
    const element = video.current;
    if (!element || isReduced || window.innerWidth <= MOBILE_BREAKPOINT_PX) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const rect = element.getBoundingClientRect();
      const travelled = window.innerHeight - rect.top;
      const progress = Math.min(1, Math.max(0, travelled / (window.innerHeight + rect.height)));
      if (Number.isFinite(element.duration) && element.duration > 0) {
        element.currentTime = progress * element.duration;
      }
    };
    const onScroll = () => {
      frame ||= window.requestAnimationFrame(update);
    };
    // Only load the video once the section is near: it is not needed for the first paint.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        element.preload = 'auto';
        element.load();
        observer.disconnect();
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    window.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('loadedmetadata', update);
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', onScroll);
      element.removeEventListener('loadedmetadata', update);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [isReduced]);

  return (
    <video
      ref={video}
      className={className}
      poster={poster}
      muted
      playsInline
      preload="none"
      aria-hidden="true"
      tabIndex={-1}
      src={src}
    />
  );
}
