/**
 * Peak resident set size of this process, in bytes (`process.resourceUsage().maxRSS` is in kilobytes
 * and is the high-water mark since start, worker threads included — they share the process).
 */
export function peakRssBytes(): number {
  return process.resourceUsage().maxRSS * 1024;
}

/** Current RSS in bytes. */
export function rssBytes(): number {
  return process.memoryUsage.rss();
}
