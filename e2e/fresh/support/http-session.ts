import { entryUrl, type Endpoint } from '@klang/domain';

export interface Call {
  params?: Readonly<Record<string, string>>;
  query?: Readonly<Record<string, string>>;
  /** A JSON body. */
  json?: unknown;
  /** A raw body (an upload) and its type. */
  bytes?: { data: Uint8Array; type: string };
}

/**
 * One browser's conversation with the server over HTTP: it keeps the cookies the server sets and
 * says where its requests come from, as a page of the app would. It knows entries of the contract
 * (paths come from `@klang/domain`) and nothing of the server's code.
 */
export class HttpSession {
  private readonly cookies = new Map<string, string>();

  constructor(readonly origin: string) {}

  /** Sends the entry's request with the entry's own method. */
  call(entry: Endpoint, call: Call = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    let body: BodyInit | undefined;
    if (call.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.json);
    } else if (call.bytes) {
      headers['content-type'] = call.bytes.type;
      body = Uint8Array.from(call.bytes.data);
    }
    return this.fetch(entryUrl(entry, call), { method: entry.method, headers, ...(body && { body }) });
  }

  /** The entry's JSON answer, after checking its status. */
  async json<T>(entry: Endpoint, call: Call = {}, status = 200): Promise<T> {
    const response = await this.call(entry, call);
    const text = await response.text();
    if (response.status !== status)
      throw new Error(`${entry.path} answered ${String(response.status)}: ${text}`);
    return JSON.parse(text) as T;
  }

  /** The bytes at a URL the server handed out (media, pages), after checking it answered 200. */
  async bytes(url: string): Promise<Buffer> {
    const response = await this.fetch(url);
    if (response.status !== 200) throw new Error(`${url} answered ${String(response.status)}`);
    return Buffer.from(await response.arrayBuffer());
  }

  /** Any request, with this session's cookies, from the app's own origin. */
  async fetch(
    url: string,
    init: { method?: string; body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(new URL(url, this.origin), {
      ...init,
      redirect: 'manual',
      headers: { origin: this.origin, ...(cookie ? { cookie } : {}), ...init.headers },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  }

  /** The Cookie header a WebSocket of this session sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
