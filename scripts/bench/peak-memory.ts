/**
 * Preloaded into a benchmarked build (`node --import`): on exit, writes the process's peak
 * resident memory (kilobytes) and CPU time (microseconds) to BENCH_PEAK_FILE as JSON.
 * Works wherever Node does (no /usr/bin/time); CPU time is steadier than wall time on a busy machine.
 */
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_PEAK_FILE;
if (file) {
  process.on('exit', () => {
    const usage = process.resourceUsage();
    writeFileSync(
      file,
      JSON.stringify({
        maxRssKb: usage.maxRSS,
        cpuMicros: usage.userCPUTime + usage.systemCPUTime,
      }),
    );
  });
}
