import type { Result as LighthouseResult } from 'lighthouse';

/**
 * Lighthouse's simulated FCP (Lantern) counts a high-priority script as render-blocking when it
 * finished loading before the first paint it observed, unless it finds the script's
 * `EvaluateScript` event after that paint. Module scripts never get that event (Chromium traces
 * them as `v8.evaluateModule`), so whenever the first-route modules arrive before the static shell
 * paints (on loopback they arrive in about 100 ms), the simulation adds their download to FCP and
 * LCP, although a module script never blocks rendering (GoogleChrome/lighthouse#17163). Whether
 * the shell or the modules win that race decides between an FCP near 0.8 s and one near 2 s for the
 * same page; each run reports which happened, so a figure can be read for what it is.
 */
export interface ModuleRace {
  /** The first contentful paint Chromium recorded, ms after navigation start. */
  observedPaintMs: number;
  /** High-priority scripts that had finished loading by then, which Lantern then counts. */
  scriptsBeforePaint: number;
  scriptKbBeforePaint: number;
}

interface NetworkRow {
  resourceType?: string;
  priority?: string;
  networkEndTime?: number;
  transferSize?: number;
}

export function moduleRace(lhr: LighthouseResult): ModuleRace {
  const metrics = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0];
  const network = lhr.audits['network-requests']?.details as
    { items?: NetworkRow[]; debugData?: { networkStartTimeTs?: number } } | undefined;
  const navigationTs = metrics?.observedNavigationStartTs ?? NaN;
  const observedPaintMs = metrics?.observedFirstContentfulPaint ?? NaN;
  // Request times in the audit are relative to its first request; shift them to navigation start.
  const offsetMs = ((network?.debugData?.networkStartTimeTs ?? NaN) - navigationTs) / 1000;
  const before = (network?.items ?? []).filter(
    (r) =>
      r.resourceType === 'Script' &&
      r.priority === 'High' &&
      r.networkEndTime !== undefined &&
      r.networkEndTime + offsetMs <= observedPaintMs,
  );
  return {
    observedPaintMs,
    scriptsBeforePaint: before.length,
    scriptKbBeforePaint: before.reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
  };
}
