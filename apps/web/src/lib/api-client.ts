// JSON over REST on top of apiFetch: paths are relative to VITE_API_URL, failures become ApiError with
// the API's error body (code, messageCode, fieldErrorCodes, ...) so forms can show them per field.
import type { ApiErrorBody as FullErrorBody } from '@garage/shared/message-catalogue';
import { env } from '../env.ts';
import { apiFetch } from './api-fetch.ts';

/** The API's error body; partial, as a proxy in front of the API may answer a failure of its own. */
export type ApiErrorBody = Partial<FullErrorBody>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody,
  ) {
    super(body.message ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
  get fieldErrors() {
    return this.body.fieldErrors;
  }
}

export interface ApiResult<T> {
  status: number;
  data: T;
}

/** Sends a request to `${VITE_API_URL}${path}` and returns the status with the parsed JSON body. */
export async function apiRequest<T>(path: string, init: Omit<RequestInit, 'body'> & { json?: unknown } = {}): Promise<ApiResult<T>> {
  const { json, ...rest } = init;
  const headers = new Headers(rest.headers);
  headers.set('accept', 'application/json');
  if (json !== undefined) headers.set('content-type', 'application/json');
  const response = await apiFetch(`${env.apiUrl}${path}`, {
    ...rest,
    headers,
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!response.ok) throw new ApiError(response.status, (body as ApiErrorBody) ?? {});
  return { status: response.status, data: body as T };
}

export async function apiGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await apiRequest<T>(path, { signal })).data;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text };
  }
}
