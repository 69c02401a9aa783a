import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Candle } from '@contract/market';
import { activeBcp47 } from '@/lib/i18n';
import { chartLocalization, toChartData } from '../model/candles';
import { DOWN, UP } from '../model/display';
import styles from './pair.module.css';

type Charts = typeof import('lightweight-charts');

type Api = { setData(list: readonly Candle[]): void; remove(): void };

/** Builds the chart; lightweight-charts is imported here only, so it loads with the pair page. */
function build(lib: Charts, el: HTMLElement, timeVisible: boolean, decimals: number): Api {
  let last: number | undefined;
  const localization = chartLocalization(activeBcp47(), decimals, () => last);
  const chart = lib.createChart(el, {
    autoSize: true,
    localization,
    layout: {
      background: { type: lib.ColorType.Solid, color: 'rgb(20, 21, 26)' },
      textColor: '#9ea1ab',
      fontSize: 11,
      attributionLogo: false,
    },
    grid: { vertLines: { color: '#1f2129' }, horzLines: { color: '#1f2129' } },
    rightPriceScale: { borderColor: '#2a2d36' },
    // The newest candles at a readable width, with room after the last one for its time label:
    // every candle fitted into the width made one-pixel bars and cut that label at the price axis.
    timeScale: { borderColor: '#2a2d36', timeVisible, secondsVisible: false, barSpacing: 5, rightOffset: 5 },
    crosshair: { mode: lib.CrosshairMode.Normal },
  });
  const candles = chart.addSeries(lib.CandlestickSeries, {
    upColor: UP,
    downColor: DOWN,
    borderVisible: false,
    wickUpColor: UP,
    wickDownColor: DOWN,
    // The series' own formatter is what the price scale and the last price's tag use.
    priceFormat: { type: 'custom', formatter: localization.priceFormatter, minMove: 10 ** -decimals },
  });
  candles.priceScale().applyOptions({ scaleMargins: { top: 0.08, bottom: 0.28 } });
  // No last-value tag or line for volume: drawn on the price axis, its tag covered the price labels.
  const volume = chart.addSeries(lib.HistogramSeries, {
    priceFormat: { type: 'volume' },
    priceScaleId: 'volume',
    lastValueVisible: false,
    priceLineVisible: false,
  });
  volume.priceScale().applyOptions({ scaleMargins: { top: 0.78, bottom: 0 } });
  return {
    setData(list) {
      const { bars, volumes } = toChartData(list, UP, DOWN);
      const close = list.at(-1)?.close;
      last = close === undefined ? undefined : Number(close);
      candles.setData(bars as Parameters<typeof candles.setData>[0]);
      volume.setData(volumes as Parameters<typeof volume.setData>[0]);
    },
    remove: () => chart.remove(),
  };
}

/** Candlesticks with volume; redrawn in place as the forming candle changes. */
export function CandleChart({
  candles,
  intraday,
  decimals,
}: {
  candles: Candle[] | undefined;
  intraday: boolean;
  /** The pair's price decimals. */
  decimals: number;
}) {
  const { i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const api = useRef<Api | null>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(0);

  useEffect(() => {
    let live = true;
    import('lightweight-charts')
      .then((lib) => {
        if (!live || !box.current) return;
        api.current = build(lib, box.current, intraday, decimals);
        setReady((n) => n + 1);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
      api.current?.remove();
      api.current = null;
    };
    // The language is read when the chart is built: a switch rebuilds it.
  }, [intraday, decimals, i18n.locale]);

  useEffect(() => {
    if (candles) api.current?.setData(candles);
  }, [candles, ready]);

  return (
    <div className={styles.chart} data-testid="candle-chart">
      <div ref={box} style={{ position: 'absolute', inset: 0 }} />
      {failed ? (
        <span className={styles.chartNote}>
          <Trans>The chart could not load.</Trans>
        </span>
      ) : candles === undefined ? (
        <span className={styles.chartNote}>
          <Trans>Loading chart…</Trans>
        </span>
      ) : candles.length === 0 ? (
        <span className={styles.chartNote}>
          <Trans>No candles for this period yet.</Trans>
        </span>
      ) : null}
    </div>
  );
}
