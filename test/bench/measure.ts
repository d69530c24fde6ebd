/** What one benchmark run reports back to scripts/bench.mjs. */
export interface RunResult {
  name: string;
  items: number;
  batches: number;
  /** Request body bytes sent. */
  bytes: number;
  seconds: number;
  /** RSS when the run started (modules loaded), and the highest RSS seen during it, in MiB. */
  baselineRssMiB: number;
  peakRssMiB: number;
  /** Items the emulator holds afterwards: must equal `items`. */
  stored: number;
  notes: string;
}

/** Samples RSS every 20 ms, and reads the kernel's lifetime peak at the end. */
export async function measured<T>(work: () => Promise<T>): Promise<{ value: T; seconds: number; baselineRssMiB: number; peakRssMiB: number }> {
  const mib = (bytes: number): number => bytes / (1024 * 1024);
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const started = performance.now();
  try {
    const value = await work();
    const seconds = (performance.now() - started) / 1000;
    // maxRSS (KiB) catches a peak between two samples.
    peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
    return { value, seconds, baselineRssMiB: mib(baseline), peakRssMiB: mib(peak) };
  } finally {
    clearInterval(timer);
  }
}

/** Counts of a source, read over the emulator's control API. */
export async function storedItems(url: string, id: string): Promise<number> {
  const response = await fetch(`${url}/_emulator/sources/${id}/counts`);
  if (!response.ok) throw new Error(`counts answered ${response.status}`);
  return ((await response.json()) as { total: number }).total;
}
