import type { CaptchaConfig, CaptchaProviderName } from '@klang/domain';

/** A verified token: the key that makes it single-use, and until when it had to be redeemed. */
export interface CaptchaPass {
  /** Stable for one solved challenge however its token is re-encoded (the ALTCHA nonce, or the remote token). */
  redemptionKey: string;
  expiresAt: Date;
}

export interface CaptchaProvider {
  readonly name: CaptchaProviderName;
  /** Origins the browser must reach to show the widget (script, frames, calls); none for ALTCHA. */
  readonly origins: string[];
  /** What the web app needs to show the widget. */
  browserConfig(): CaptchaConfig;
  /** A fresh challenge, for providers that issue their own (ALTCHA); undefined otherwise. */
  createChallenge?(): Promise<unknown>;
  /** Checks a token; null when it is not a valid, unexpired solution. Single use is the caller's job. */
  verify(token: string, remoteIp: string | undefined): Promise<CaptchaPass | null>;
}
