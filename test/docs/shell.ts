/**
 * Test helper: the shell commands the docs show. A command is a line of a ```sh (or bash, shell)
 * fenced block in README.md or docs/*.md, with its trailing comment removed; comment lines and
 * output lines (`# …`) are not commands. Lines ending in `\` are joined with the next one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DocCommand {
  /** The command as shown, white space collapsed, without its comment. */
  command: string;
  /** `README.md:20` or `docs/recipes.md:41`. */
  where: string;
}

const SHELL = new Set(['sh', 'bash', 'shell', 'console']);

/** The markdown files of the docs, README first. */
function docFiles(root: string): string[] {
  const pages = readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...pages];
}

/** The text before an unquoted `#` that starts a word (a shell comment). */
function withoutComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '#' && (i === 0 || line[i - 1] === ' ' || line[i - 1] === '\t')) {
      return line.slice(0, i);
    }
  }
  return line;
}

/** Every shell command of one markdown text, in order. */
function shellCommands(markdown: string, file: string): DocCommand[] {
  const out: DocCommand[] = [];
  let inShell = false;
  let inFence = false;
  let pending = '';
  let pendingLine = 0;
  markdown.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line.startsWith('```')) {
      if (inFence) {
        inFence = false;
        inShell = false;
      } else {
        inFence = true;
        inShell = SHELL.has(line.slice(3).trim().split(/\s/)[0] ?? '');
      }
      return;
    }
    if (!inShell) return;
    const text = withoutComment(line).trim();
    if (text === '') return;
    if (pending === '') pendingLine = index + 1;
    if (text.endsWith('\\')) {
      pending += `${text.slice(0, -1).trim()} `;
      return;
    }
    const command = `${pending}${text}`.replace(/\s+/g, ' ').trim();
    pending = '';
    out.push({ command, where: `${file}:${pendingLine}` });
  });
  return out;
}

/** The shell commands of every docs file under `root`. */
export function allDocCommands(root: string): DocCommand[] {
  return docFiles(root).flatMap((file) => shellCommands(readFileSync(join(root, file), 'utf8'), file));
}

/** Splits a command line into words, as a POSIX shell would for these simple commands. */
export function words(command: string): string[] {
  const out: string[] = [];
  let word: string | null = null;
  let quote: string | null = null;
  for (const c of command) {
    if (quote !== null) {
      if (c === quote) quote = null;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (c === ' ') {
      if (word !== null) out.push(word);
      word = null;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote !== null) throw new Error(`unbalanced quote in: ${command}`);
  if (word !== null) out.push(word);
  return out;
}
