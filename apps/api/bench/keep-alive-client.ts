// The load generator's HTTP client: one keep-alive HTTP/1.1 connection per simulated user, one request at a
// time, answers read by their Content-Length. The load generator shares the 2 cores with the app and
// PostgreSQL, so its CPU is taken from what it measures: node:http (Agent, IncomingMessage streams) spent
// ~0.09 ms per request, this ~0.03. Only for the app's own JSON answers (Content-Length, never chunked).
import net from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');

export class KeepAliveConnection {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (status: number) => void; reject: (error: Error) => void } | null = null;

  constructor(port: number, host = '127.0.0.1') {
    this.socket = net.connect({ port, host, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  /** Sends a GET and resolves with the status code once the whole answer has arrived. */
  get(pathAndQuery: string, headers: Record<string, string>): Promise<number> {
    return this.send('GET', pathAndQuery, headers);
  }

  /** Sends a JSON body (POST, PUT, PATCH) and resolves with the status code once the answer has arrived. */
  sendJson(method: string, pathAndQuery: string, headers: Record<string, string>, body: unknown): Promise<number> {
    return this.send(method, pathAndQuery, { ...headers, 'content-type': 'application/json' }, Buffer.from(JSON.stringify(body)));
  }

  private send(method: string, pathAndQuery: string, headers: Record<string, string>, body?: Buffer): Promise<number> {
    if (this.waiting) throw new Error('one request at a time per connection');
    const lines = [
      `${method} ${pathAndQuery} HTTP/1.1`,
      'Host: 127.0.0.1',
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    if (body) lines.push(`content-length: ${body.length}`);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (body) this.socket.write(body);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private read(chunk: Buffer) {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const headEnd = this.buffered.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = this.buffered.subarray(0, headEnd).toString('latin1');
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) return this.fail(new Error(`answer without Content-Length: ${head.split('\r\n')[0]}`));
    const end = headEnd + HEAD_END.length + Number(length[1]);
    if (this.buffered.length < end) return;
    this.buffered = this.buffered.subarray(end);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve(Number(head.slice(9, 12)));
  }

  private fail(error: Error) {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}
