// Preloaded (`node --import`) into every measured process: records its peak RSS (kB) at exit.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    try {
      writeFileSync(file, String(process.resourceUsage().maxRSS));
    } catch {
      // the measurement then has no RSS; the timing still counts
    }
  });
}
