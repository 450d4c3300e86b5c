/** Small text helpers that must stay linear on any input. Pure. */

/** `text` without its trailing `/`s: a scan from the end, linear where `/\/+$/` is quadratic. */
export function trimSlashes(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0x2f) end--;
  return text.slice(0, end);
}
