// The outbox's sending, with the network faked (apiFetch) and no IndexedDB (node): it keeps the queue in memory,
// which is the same code path a browser without storage takes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const apiFetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
vi.mock('../../lib/api-fetch.ts', () => ({ apiFetch: (url: string, init: RequestInit) => apiFetch(url, init) }));

const INSPECTION = '00000000-0000-4000-8000-000000000001';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A fresh outbox module per test: its state is module-wide. */
async function freshOutbox() {
  vi.resetModules();
  return import('./outbox.ts');
}

describe('outbox', () => {
  beforeEach(() => {
    apiFetch.mockReset();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => vi.useRealTimers());

  it('sends the latest value of an item once, and tells the screen what the server saved', async () => {
    const outbox = await freshOutbox();
    const delivered: unknown[] = [];
    outbox.onDelivery((delivery) => delivered.push(delivery));
    let release: (response: Response) => void = () => {};
    apiFetch.mockImplementationOnce(() => new Promise((resolve) => (release = resolve)));
    outbox.queueResult(INSPECTION, 'a', { condition: 'GOOD' });
    // While the first request is on its way, two more taps on the same item: they merge into one entry.
    outbox.queueResult(INSPECTION, 'a', { condition: 'SOON' });
    outbox.queueResult(INSPECTION, 'a', { condition: 'URGENT', note: 'cracked' });
    apiFetch.mockResolvedValue(json(200, { id: 'a', condition: 'URGENT' }));
    release(json(200, { id: 'a', condition: 'GOOD' }));
    await vi.waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(delivered).toHaveLength(2));
    expect(JSON.parse(String(apiFetch.mock.calls[1]![1].body))).toEqual({ condition: 'URGENT', note: 'cracked' });
    expect(apiFetch.mock.calls[1]![0]).toMatch(new RegExp(`/inspections/${INSPECTION}/items/a$`));
  });

  it('keeps what failed for lack of network or a server error, and sends it on the next try', async () => {
    const outbox = await freshOutbox();
    apiFetch.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(json(503, {}));
    outbox.queueResult(INSPECTION, 'a', { condition: 'GOOD' });
    await vi.waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(vi.getTimerCount()).toBe(1));
    await vi.advanceTimersByTimeAsync(2_000);
    await vi.waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(2));
    apiFetch.mockResolvedValue(json(200, { id: 'a' }));
    await vi.advanceTimersByTimeAsync(4_000);
    await vi.waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(outbox.outboxState().queue).toHaveLength(0));
  });

  it('drops a refused result and keeps the refusal for its item; a new result of the item clears it', async () => {
    const outbox = await freshOutbox();
    apiFetch.mockResolvedValueOnce(json(400, { messageCode: 'inspections.valueRange', params: { minValue: 0, maxValue: 20, unit: 'mm' } }));
    outbox.queueResult(INSPECTION, 'tread', { value: 25 });
    await vi.waitFor(() => expect(outbox.outboxState().refusals.get('tread')?.messageCode).toBe('inspections.valueRange'));
    expect(outbox.outboxState().queue).toHaveLength(0);
    apiFetch.mockResolvedValue(json(200, { id: 'tread' }));
    outbox.queueResult(INSPECTION, 'tread', { value: 2.4 });
    expect(outbox.outboxState().refusals.has('tread')).toBe(false);
  });

  it('uploads a photo under the id made on the phone, as multipart', async () => {
    const outbox = await freshOutbox();
    apiFetch.mockResolvedValue(json(201, { id: 'media-1', url: '/backend/media/media-1/file', thumbnailUrl: null }));
    outbox.queuePhoto(INSPECTION, 'pads', new Blob(['jpeg-bytes'], { type: 'image/jpeg' }));
    await vi.waitFor(() => expect(apiFetch).toHaveBeenCalledTimes(1));
    const [url, init] = apiFetch.mock.calls[0]!;
    expect(url).toMatch(new RegExp(`/inspections/${INSPECTION}/items/pads/photos/[0-9a-f-]{36}$`));
    expect(init.method).toBe('PUT');
    expect(init.body).toBeInstanceOf(FormData);
    await vi.waitFor(() => expect(outbox.outboxState().queue).toHaveLength(0));
  });
});
