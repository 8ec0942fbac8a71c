import {
  GENRE_NAMES,
  isActiveChartGenre,
  TUTOR_LIMITS,
  TUTOR_MESSAGES,
  type KitTool,
  type TutorCatalogueTrack,
  type TutorRequest,
  type TutorResponse,
} from '@klang/domain';
import { AppError } from '../../errors';
import type { SessionAccount } from '../../plugins/session';
import type { ChatMessage, ChatProvider } from '../../providers/llm/chat';
import {
  relevantTopics,
  spotifySearchUrl,
  suggestedTopics,
  type Turn,
} from '../../providers/llm/local-tutor/local-tutor';
import { runFfmpeg } from '../../providers/audio/ffmpeg';
import type { TtsProvider } from '../../providers/tts/tts';
import { AGENT_SAMPLE_RATE } from './agent-audio';
import type { CatalogueService } from '../catalogue/catalogue.service';

export type TutorVariant = 'tutorlab' | 'abel';

export interface TutorServiceDeps {
  llm: ChatProvider;
  tts: TtsProvider;
  /** The Kit's own access rule (kit service): the tutor is a Kit tool like any other. */
  assertAllowed(account: SessionAccount | null, tool: KitTool): Promise<SessionAccount>;
  catalogue: Pick<CatalogueService, 'library' | 'chart'>;
  log: { warn(details: object, message: string): void };
}

/** Both variants are Abel (spec 002 §2.4 'Abel is thinking...'); the instructions are the same. */
export const TUTOR_SYSTEM_PROMPT = [
  "You are Abel, Klang's music-production tutor for independent electronic music artists.",
  'Answer clearly and practically as a one-line opening and a few short numbered steps (simple markdown: numbered or bulleted lists and bold only, no HTML, no tables).',
  'If the question is not about making music (contracts, money, legal matters, anything else), say plainly that you cannot advise on it and name two or three production topics you can help with instead; never answer a different question.',
  'Give concrete settings (frequencies, ratios, times, BPM) where they help, and say why.',
  'When the user asks for tracks, name real released tracks as "Title" by Artist.',
  `Klang genres: ${GENRE_NAMES.join(', ')}.`,
].join(' ');

/** How much of an answer is read aloud: long answers are cut at a sentence, not mid-word. */
const SPOKEN_CHARS_MAX = 2400;
const KLANG_TRACKS_MAX = 3;

/** Text as it should be heard: no markdown markers, no bare links. */
export function speakable(text: string): string {
  const plain = text
    .replace(/\*\*|__|`/g, '')
    .replace(/https?:\/\/\S+/g, '')
    .replace(/^#+\s*/gm, '')
    .replace(/^[-*]\s+/gm, '')
    .trim();
  if (plain.length <= SPOKEN_CHARS_MAX) return plain;
  const cut = plain.slice(0, SPOKEN_CHARS_MAX);
  return cut.slice(0, Math.max(cut.lastIndexOf('. ') + 1, SPOKEN_CHARS_MAX / 2));
}

/** The client's history as chat turns: the most recent ones the engines read, oldest first. */
export function toTurns(history: TutorRequest['conversationHistory']): Turn[] {
  return history
    .filter((message) => message.content.trim() !== '')
    .slice(-TUTOR_LIMITS.historyTurnsRead)
    .map((message) => ({ role: message.type === 'user' ? 'user' : 'assistant', content: message.content }));
}

export function createTutorService(deps: TutorServiceDeps) {
  let voiceId: Promise<string | null> | null = null;
  /** The speaking voice: the TTS engine's first voice, asked once (a remote list costs a call). */
  function tutorVoice(): Promise<string | null> {
    voiceId ??= deps.tts
      .listVoices(AbortSignal.timeout(20_000))
      .then((voices) => voices[0]?.voice_id ?? null)
      .catch((error: unknown) => {
        voiceId = null;
        deps.log.warn({ err: error }, 'tutor voice lookup failed');
        return null;
      });
    return voiceId;
  }

  /** MP3 of the reply, or null: a reply without audio still reaches the user (spec 002 §8). */
  async function speak(text: string, signal?: AbortSignal): Promise<Buffer | null> {
    const voice = await tutorVoice();
    if (!voice) return null;
    try {
      const audio = await deps.tts.synthesize(
        {
          text: speakable(text),
          voiceId: voice,
          stability: 0.6,
          similarityBoost: 0.75,
          style: 0.4,
          speed: 1,
        },
        signal ?? AbortSignal.timeout(60_000),
      );
      return audio.audio;
    } catch (error) {
      // A caller that cancelled (the voice agent, interrupted) needs no report.
      if (!signal?.aborted) deps.log.warn({ err: error }, 'tutor reply speech failed');
      return null;
    }
  }

  /**
   * Klang tracks in the genre under discussion that this user may already see: tracks they liked
   * (their library) and revealed chart entries. A masked chart entry is never named; it is only
   * counted, with the way to reveal it (DECISIONS, 0050).
   */
  async function klangTracks(userId: string, genre: string) {
    const library = (await deps.catalogue.library(userId)).tracks.filter((t) => t.genre === genre);
    const seen = new Set(library.map((t) => t.id));
    const chart = isActiveChartGenre(genre) ? (await deps.catalogue.chart(userId, genre)).entries : [];
    const revealedOnChart = chart.flatMap((entry) =>
      entry.track.isRevealed && !seen.has(entry.track.id) ? [entry.track] : [],
    );
    const tracks = [...library, ...revealedOnChart]
      .slice(0, KLANG_TRACKS_MAX)
      .map((t) => ({ id: t.id, title: t.title, artist: t.artist, artistId: t.artistId, genre: t.genre }));
    const hidden = chart.filter((entry) => !entry.track.isRevealed).length;
    return { tracks, hidden };
  }

  function klangParagraph(genre: string, found: Awaited<ReturnType<typeof klangTracks>>): string | null {
    const parts: string[] = [];
    if (found.tracks.length > 0) {
      const named = found.tracks.map((t) => `"${t.title}" by ${t.artist}`).join(', ');
      parts.push(`On Klang, you already know ${named} in ${genre}.`);
    }
    if (found.hidden > 0) {
      parts.push(
        `${found.hidden} more ${genre} ${found.hidden === 1 ? 'track is' : 'tracks are'} on Klang's chart, still anonymous to you: listen blind in Discover and like the ones that move you to reveal who made them.`,
      );
    }
    return parts.length > 0 ? parts.join(' ') : null;
  }

  return {
    /** Spec 002 §7 tutor-response / abel-response. */
    async respond(
      account: SessionAccount | null,
      variant: TutorVariant,
      request: TutorRequest,
    ): Promise<TutorResponse> {
      const { id } = await deps.assertAllowed(account, variant);
      const history = toTurns(request.conversationHistory);
      const messages: ChatMessage[] = [
        { role: 'system', content: TUTOR_SYSTEM_PROMPT },
        ...history,
        { role: 'user', content: request.prompt },
      ];
      let content: string;
      try {
        content = (await deps.llm.complete(messages, AbortSignal.timeout(90_000))).trim();
      } catch (error) {
        deps.log.warn({ err: error }, 'tutor answer failed');
        throw new AppError('UNAVAILABLE', TUTOR_MESSAGES.failedToGenerate);
      }
      if (!content) throw new AppError('UNAVAILABLE', TUTOR_MESSAGES.failedToGenerate);

      const topics = relevantTopics(request.prompt, history);
      const spotifyUrls = (topics[0]?.references ?? []).slice(0, 3).map(spotifySearchUrl);
      const genre = topics.find((topic) => topic.genre)?.genre;
      let tracks: TutorResponse['klangTracks'] = [];
      if (genre) {
        const found = await klangTracks(id, genre);
        tracks = found.tracks;
        const paragraph = klangParagraph(genre, found);
        if (paragraph) content = `${content}\n\n${paragraph}`;
      }
      // The notes' nearest topics, as data the screen offers as questions, whichever engine
      // answered: a configured language model may say more, but the buttons ask the notes.
      const suggested = suggestedTopics(request.prompt, history).map(({ id, title }) => ({ id, title }));
      const audio = await speak(content);
      return {
        content,
        audio: audio ? audio.toString('base64') : null,
        spotifyUrls,
        klangTracks: tracks,
        suggestedTopics: suggested,
      };
    },

    /** The Klang tracks in a genre the voice agent may name to this account (the same rule as above). */
    async catalogueTracks(accountId: string, genre: string): Promise<TutorCatalogueTrack[]> {
      return (await klangTracks(accountId, genre)).tracks;
    },

    /** The reply read aloud as the voice agent streams it: 16 kHz 16-bit mono PCM. */
    async speakPcm(text: string, signal: AbortSignal): Promise<Buffer | null> {
      const mp3 = await speak(text, signal);
      if (!mp3) return null;
      const rate = String(AGENT_SAMPLE_RATE);
      return runFfmpeg(['-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', rate, 'pipe:1'], mp3, signal);
    },
  };
}

export type TutorService = ReturnType<typeof createTutorService>;
