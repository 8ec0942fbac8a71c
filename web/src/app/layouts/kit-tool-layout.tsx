import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { pauseForNavigation, resumeFromNavigation } from '../../features/player/audio/audio-engine';

/**
 * The Kit's tools (spec 002 §4): background playback pauses on entering a tool and resumes on
 * leaving the tools, not when moving from one tool to another.
 */
export function KitToolLayout() {
  useEffect(() => {
    pauseForNavigation();
    return () => {
      void resumeFromNavigation();
    };
  }, []);
  return <Outlet />;
}
