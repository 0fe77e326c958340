import { AppError } from '../../lib/errors.ts';

/** GETs JSON from an outside lookup service; any failure becomes a 503 the caller can retry. */
export async function getJson(url: URL, service: string, timeoutMs = 5000): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    throw new AppError('UNAVAILABLE', `The ${service} service is not answering`, { cause });
  }
  if (!response.ok) {
    throw new AppError('UNAVAILABLE', `The ${service} service answered ${response.status}`);
  }
  try {
    return await response.json();
  } catch (cause) {
    throw new AppError('UNAVAILABLE', `The ${service} service sent an unreadable answer`, { cause });
  }
}
