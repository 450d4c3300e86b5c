/** How the fake store writes an answer: Content-Sha1, Content-Length, and the body faults (cut, dropped, trickled). */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sleep, type Answer } from './request.js';
import type { FaultRule } from './types.js';

export async function send(res: ServerResponse, answer: Answer, fault: FaultRule | null): Promise<void> {
  let body = typeof answer.body === 'string' ? Buffer.from(answer.body, 'utf8') : Buffer.from(answer.body);
  const headers: Record<string, string> = { ...answer.headers };
  // A fault's own `content-sha1` header stands (an altered body with a valid length).
  if (answer.status >= 200 && answer.status < 300 && body.length > 0 && headers['content-sha1'] === undefined) {
    headers['content-sha1'] = createHash('sha1').update(body).digest('hex');
  }
  if (fault?.truncateTo !== undefined) body = body.subarray(0, fault.truncateTo);
  if (fault?.truncateFraction !== undefined) body = body.subarray(0, Math.floor(body.length * fault.truncateFraction));
  if (fault?.drop === 'mid-body' || fault?.drop === 'mid-body-chunked') {
    if (fault.drop === 'mid-body') headers['content-length'] = String(body.length);
    res.writeHead(answer.status, headers);
    res.write(body.subarray(0, Math.floor(body.length / 2)));
    await sleep(5);
    res.socket?.destroy();
    return;
  }
  headers['content-length'] = String(body.length);
  res.writeHead(answer.status, headers);
  const trickle = fault?.trickle;
  if (trickle !== undefined && body.length > 0) {
    const step = Math.max(1, trickle.bytes);
    for (let at = 0; at < body.length && !res.destroyed; at += step) {
      res.write(body.subarray(at, at + step));
      if (at + step < body.length) await sleep(trickle.intervalMs);
    }
    if (!res.destroyed) res.end();
    return;
  }
  res.end(body);
}
