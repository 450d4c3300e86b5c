// `mcp`: the MCP server's start-up from the 8.2.0 snapshot, spawn to the answer of `tools/list`
// (JSON-RPC written on its stdin, as an MCP client does), against `node -e 0` started in the same
// rounds; and, as an extra, its first tool call (which generates and compiles the client) against
// the fake store. The target is start-up ≤ 1 s.
import { spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Runs the server until it answers `tools/list` (and, with `call`, one tool call); then closes its stdin. */
async function runServer(ctx, args, call) {
  const hook = pathToFileURL(ctx.libPath('rss-hook.mjs')).href;
  const rssFile = ctx.workPath(`mcp-rss-${process.pid}.txt`);
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', hook, join(ctx.root, 'dist', 'cli', 'bin.js'), 'mcp', ...args], {
    cwd: ctx.root,
    env: { PATH: process.env.PATH ?? '', BENCH_RSS_FILE: rssFile, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const waiting = new Map();
  let buffer = '';
  child.stdout.on('data', (d) => {
    buffer += d;
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const message = JSON.parse(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      waiting.get(message.id)?.(message);
    }
  });
  const exited = new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const request = (id, method, params) =>
    new Promise((resolve, reject) => {
      waiting.set(id, (m) => (m.error ? reject(new Error(`${method}: ${m.error.message}`)) : resolve(m.result)));
      child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    });
  try {
    await request(1, 'initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'bench', version: '1' },
    });
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    const { tools } = await request(2, 'tools/list', {});
    const ms = performance.now() - started;
    let firstCallMs = null;
    if (call !== undefined) {
      const before = performance.now();
      const result = await request(3, 'tools/call', call);
      if (result.isError) throw new Error(`${call.name}: ${result.content[0].text}`);
      firstCallMs = performance.now() - before;
    }
    child.stdin.end();
    const code = await exited;
    const rssMb = await readFile(rssFile, 'utf8').then(
      (kb) => Number(kb) / 1024,
      () => null,
    );
    await rm(rssFile, { force: true });
    return { ms, rssMb, code, stdout: '', stderr, tools: tools.length, firstCallMs };
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${error.message} | ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
  } finally {
    clearTimeout(timer);
  }
}

export default {
  name: 'mcp',
  title: 'mcp: server start-up (spawn → tools/list answered) and first call',
  async run(ctx) {
    ctx.requireSnapshot();
    if (!(await ctx.hasCommand('mcp'))) ctx.skip('the `mcp` command is not in dist/cli yet');
    const { startFakeStore, FAKE_STORE_KEY } = await import(
      pathToFileURL(join(ctx.root, 'dist', 'fakestore', 'index.js')).href
    );
    const { parseSnapshot } = await import(pathToFileURL(join(ctx.root, 'dist', 'model', 'index.js')).href);
    const schema = parseSnapshot(await readFile(ctx.snapshot, 'utf8'), ctx.snapshot);
    const store = await startFakeStore({ flavor: '8.x', crud: { schema } });
    try {
      const args = ['--schema', ctx.snapshot, '--url', store.url, '--key', FAKE_STORE_KEY];
      let tools = 0;
      const [startup, first, node] = await ctx.measureRounds([
        {
          id: 'mcp.startup',
          label: 'prestashop-codegen mcp: start-up to tools/list',
          async run() {
            const r = await runServer(ctx, args);
            tools = r.tools;
            return r;
          },
        },
        {
          id: 'mcp.first-call',
          label: 'prestashop-codegen mcp: start-up, then the first call (generates the client)',
          async run() {
            const r = await runServer(ctx, args, { name: 'categories_list', arguments: { limit: 1, display: ['id'] } });
            return { ...r, ms: r.firstCallMs };
          },
        },
        { id: 'mcp.node', label: 'node -e 0', run: () => ctx.runNode('-e', ['0']) },
      ]);
      return {
        measurements: [
          { ...startup, extra: { tools } },
          { ...first, label: 'prestashop-codegen mcp: first tool call (generate + compile the client)' },
          node,
        ],
        ratios: [
          { label: 'mcp start-up ÷ node -e 0', num: 'mcp.startup', den: 'mcp.node' },
          {
            label: 'mcp start-up (8.2.0 snapshot, read-only tools)',
            value: Math.round(startup.median),
            unit: 'ms',
            target: 1000,
          },
        ],
      };
    } finally {
      await store.close();
    }
  },
};
