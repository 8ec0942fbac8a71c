import { randomBytes } from 'node:crypto';
import {
  BLIND_SHARE_CARD,
  BLIND_SHARE_EMBED,
  BLIND_SHARE_MESSAGES,
  BLIND_SHARE_RULES,
  EMBED_LINK_PATH,
  OEMBED_MESSAGES,
  PRODUCT_NAME,
  SHARE_LINK_PATH,
  type BlindShare,
  type Oembed,
  type OembedQuery,
  type ShareDealResponse,
  type SharedTrack,
  type ShareEventName,
  type SharePreview,
} from '@klang/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { escapeHtml } from '../../lib/html';
import { randomPadBytes, streamGrantPath } from '../../providers/storage/stream-grant';
import { createBlindSharesRepository } from './blind-shares.repository';
import { wholeSeconds, type PlayerService } from './player.service';
import { bytesOf, previewStretch } from './share-preview';

/**
 * Where the share funnel's steps go (the analytics area's, decision 0309). `isFirstDeal`: the
 * shared deal is the listener's first deal ever, a listener the share brought in.
 */
export interface ShareEvents {
  record(name: ShareEventName, accountId: string | null, isFirstDeal?: boolean): Promise<void>;
}

/**
 * Blind shares (issue 32 item 4, decision 0307): a listener who liked a track, or the artist who
 * made it, shares a link that opens it blind. The link names the track by a random token alone;
 * whoever opens it learns only that it plays and its length in whole seconds, and a signed-in
 * listener is dealt it as a chart's play is dealt, outside the deck's exposure and the verdict,
 * to like it (and learn who made it) or not. The link expires when the track leaves the deck;
 * an expired link and an unknown one are the same 404.
 */
export function createBlindShares(deps: {
  db: Db;
  player: PlayerService;
  /** Seals the preview's stream grant (decision 0131): the media signing secret. */
  streamSecret: string;
  /** The site's address: share links and embeds are on it (oEmbed). */
  publicUrl: string;
  events: ShareEvents;
  clock?: () => Date;
}) {
  const { db, player } = deps;
  const repo = createBlindSharesRepository(db);
  const now = deps.clock ?? (() => new Date());

  const expired = () => new AppError('NOT_FOUND', BLIND_SHARE_MESSAGES.expired);

  return {
    async share(userId: string, trackId: string): Promise<BlindShare> {
      const shared = await repo.share(userId, trackId, randomBytes(16).toString('base64url'));
      if (!shared) throw new AppError('NOT_FOUND', BLIND_SHARE_MESSAGES.notYours);
      if (shared.isNew) await deps.events.record('share_made', userId);
      return { token: shared.token };
    },

    async open(token: string): Promise<SharedTrack> {
      const shared = await repo.open(token);
      if (!shared) throw expired();
      await deps.events.record('share_opened', null);
      return { durationMs: wholeSeconds(shared.duration_ms) };
    },

    /**
     * The link's blind preview for anyone, signed in or not (decision 0308): a sealed grant to the
     * fullest half-minute of the rendition's bytes, with its own padding, so neither its URL nor
     * its length is the same twice; it is no deal, and no listener's exposure, verdict, credit or
     * points hangs on it.
     */
    async preview(token: string): Promise<SharePreview> {
      const source = await repo.previewSource(token);
      if (!source?.duration_ms) throw expired();
      const byteSize = Number(source.byte_size);
      const stretch = previewStretch(source.duration_ms, source.peaks);
      const window = bytesOf(stretch, byteSize, source.duration_ms);
      const url = streamGrantPath(deps.streamSecret, {
        id: null,
        bucket: source.bucket,
        key: source.storage_key,
        contentType: source.content_type,
        padBytes: randomPadBytes(window.length, stretch.lengthMs),
        window,
        expiresAt: Math.floor(now().getTime() / 1000) + BLIND_SHARE_RULES.previewUrlSeconds,
      });
      await deps.events.record('share_previewed', null);
      return { url, durationMs: Math.max(1000, wholeSeconds(stretch.lengthMs) ?? 0) };
    },

    /**
     * oEmbed for a share link or its embed on this site (decision 0308): the embedded blind
     * player's frame, no larger than asked (the page fits any width). The title is every share's; an expired
     * link embeds nothing.
     */
    async oembed(query: OembedQuery): Promise<Oembed> {
      const site = new URL(deps.publicUrl);
      let asked: URL;
      try {
        asked = new URL(query.url);
      } catch {
        throw new AppError('NOT_FOUND', OEMBED_MESSAGES.notOurs);
      }
      const { pathname } = asked;
      if (asked.host !== site.host || !(SHARE_LINK_PATH.test(pathname) || EMBED_LINK_PATH.test(pathname)))
        throw new AppError('NOT_FOUND', OEMBED_MESSAGES.notOurs);
      const token = pathname.split('/')[2] ?? '';
      if (!(await repo.open(token))) throw expired();
      const width = Math.min(BLIND_SHARE_EMBED.width, query.maxwidth ?? BLIND_SHARE_EMBED.width);
      const height = Math.min(BLIND_SHARE_EMBED.height, query.maxheight ?? BLIND_SHARE_EMBED.height);
      const src = new URL(`/embed/${token}`, site).toString();
      const html =
        `<iframe src="${escapeHtml(src)}" width="${String(width)}" height="${String(height)}" ` +
        `title="${escapeHtml(BLIND_SHARE_CARD.title)}" style="border:0;border-radius:16px" ` +
        'allow="autoplay; encrypted-media" loading="lazy"></iframe>';
      return {
        version: '1.0',
        type: 'rich',
        provider_name: PRODUCT_NAME,
        provider_url: site.origin,
        title: BLIND_SHARE_CARD.title,
        html,
        width,
        height,
      };
    },

    async deal(userId: string, token: string): Promise<ShareDealResponse> {
      const shared = await repo.open(token);
      if (!shared) throw expired();
      if (shared.artist_id === userId) return { state: 'yours' };
      // Their like's reveal, when they liked it; nothing when they did not.
      const reveal = await player.revealOf(db, userId, shared.track_id);
      if (reveal) return { state: 'revealed', reveal };
      const dealt = await repo.deal(userId, shared.track_id, now());
      if (!dealt) throw expired();
      await deps.events.record('share_dealt', userId, dealt.isFirstDeal);
      return { state: 'track', track: { id: dealt.alias, durationMs: wholeSeconds(dealt.durationMs) } };
    },
  };
}

export type BlindShares = ReturnType<typeof createBlindShares>;
