import type { CaptchaConfig } from '@klang/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { useCaptchaConfigQuery } from '../api/forms-api';
import 'altcha/types/react';

type CaptchaFieldProps = {
  /** A solved token, or null when there is none (not yet solved, expired, failed). */
  onTokenChange: (token: string | null) => void;
  error?: string | undefined;
};

/**
 * The captcha of the contact and bug forms (spec 000 §2, §5). ALTCHA runs a proof of work against
 * our own server; hCaptcha and Turnstile load their script only on the pages that need it.
 * Remount it (change its key) after a submission: every token is accepted once.
 */
export function CaptchaField({ onTokenChange, error }: CaptchaFieldProps) {
  const config = useCaptchaConfigQuery();
  const errorId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-fg">Verification</span>
      <div aria-describedby={error ? errorId : undefined}>
        {config.data ? (
          config.data.provider === 'altcha' ? (
            <AltchaWidget challengeUrl={config.data.challengeUrl ?? ''} onTokenChange={onTokenChange} />
          ) : (
            <RemoteWidget config={config.data} onTokenChange={onTokenChange} />
          )
        ) : config.isError ? (
          <p className="text-sm text-muted">The captcha could not be loaded. Reload the page to try again.</p>
        ) : (
          <Spinner size="sm" label="Loading captcha" />
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-[0.8125rem] font-medium leading-snug text-accent">
          {error}
        </p>
      )}
    </div>
  );
}

type StateChange = CustomEvent<{ state: string; payload?: string }>;

function AltchaWidget({
  challengeUrl,
  onTokenChange,
}: {
  challengeUrl: string;
  onTokenChange: CaptchaFieldProps['onTokenChange'];
}) {
  const ref = useRef<HTMLElement>(null);
  const [isReady, setIsReady] = useState(false);
  const onChange = useRef(onTokenChange);
  useEffect(() => {
    onChange.current = onTokenChange;
  });

  useEffect(() => {
    let cancelled = false;
    // The widget registers a custom element; load it only where a form needs it.
    void import('altcha').then(() => {
      if (!cancelled) setIsReady(true);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const listener = (event: Event) => {
      const { state, payload } = (event as StateChange).detail;
      onChange.current(state === 'verified' && payload ? payload : null);
    };
    element.addEventListener('statechange', listener);
    return () => {
      element.removeEventListener('statechange', listener);
    };
  }, [isReady]);

  if (!isReady) return <Spinner size="sm" label="Loading captcha" />;
  return <altcha-widget ref={ref} challenge={challengeUrl} className="klang-altcha block max-w-xs" />;
}

type RemoteApi = {
  render(container: HTMLElement, options: Record<string, unknown>): string | undefined;
};

declare global {
  interface Window {
    hcaptcha?: RemoteApi;
    turnstile?: RemoteApi;
  }
}

/** hCaptcha or Turnstile: the script from their origin (allowed by the CSP only when configured). */
function RemoteWidget({
  config,
  onTokenChange,
}: {
  config: CaptchaConfig;
  onTokenChange: CaptchaFieldProps['onTokenChange'];
}) {
  const container = useRef<HTMLDivElement>(null);
  const onChange = useRef(onTokenChange);
  useEffect(() => {
    onChange.current = onTokenChange;
  });
  useEffect(() => {
    const kind = config.provider === 'hcaptcha' ? 'hcaptcha' : 'turnstile';
    const render = () => {
      const widgetApi = window[kind];
      if (!widgetApi || !container.current) return;
      widgetApi.render(container.current, {
        sitekey: config.siteKey,
        callback: (token: string) => {
          onChange.current(token);
        },
        'expired-callback': () => {
          onChange.current(null);
        },
        'error-callback': () => {
          onChange.current(null);
        },
      });
    };
    if (window[kind]) {
      render();
      return;
    }
    const script = document.createElement('script');
    script.src = config.challengeUrl ?? '';
    script.async = true;
    script.addEventListener('load', render);
    document.head.append(script);
    return () => {
      script.removeEventListener('load', render);
    };
  }, [config]);
  return <div ref={container} />;
}
