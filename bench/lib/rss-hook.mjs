// Preloaded (`node --import`) into every measured process: records its peak RSS (kB) and its CPU
// time (user + system, µs, every thread of the process) at exit.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) {
  process.on('exit', () => {
    try {
      const usage = process.resourceUsage();
      writeFileSync(file, `${usage.maxRSS} ${usage.userCPUTime + usage.systemCPUTime}`);
    } catch {
      // the measurement then has no RSS; the timing still counts
    }
  });
}
