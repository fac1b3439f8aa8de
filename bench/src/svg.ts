/**
 * Hand-rolled SVG charts (no chart dependency): a horizontal bar chart with an optional log
 * scale and error whiskers, and a line chart with log or linear axes.
 */

/** One bar of {@link renderBarChart}. */
export interface Bar {
  readonly label: string;
  readonly value: number;
  /** Optional spread shown as a whisker (low and high values). */
  readonly lo?: number;
  readonly hi?: number;
}

/** Input of {@link renderBarChart}. */
export interface BarChart {
  readonly title: string;
  /** Axis label, e.g. 'ns per check (log scale)'. */
  readonly unit: string;
  readonly bars: readonly Bar[];
  readonly logScale: boolean;
}

/** One series of {@link renderLineChart}. */
export interface Series {
  readonly name: string;
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

/** Input of {@link renderLineChart}. */
export interface LineChart {
  readonly title: string;
  readonly xLabel: string;
  readonly yLabel: string;
  readonly logX: boolean;
  readonly logY: boolean;
  readonly series: readonly Series[];
}

/** Series colours (Okabe-Ito, colour-blind safe). */
const COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#F0E442', '#000000'] as const;

/** Returns the text with XML special characters escaped. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

/** Returns a number formatted compactly for axis labels (1.2k, 3M, 0.5). */
export function formatTick(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e9) return `${+(v / 1e9).toPrecision(3)}G`;
  if (a >= 1e6) return `${+(v / 1e6).toPrecision(3)}M`;
  if (a >= 1e3) return `${+(v / 1e3).toPrecision(3)}k`;
  if (a === 0) return '0';
  return `${+v.toPrecision(3)}`;
}

/** A mapping from data values to pixel positions along one axis. */
interface _Scale {
  readonly map: (v: number) => number;
  readonly ticks: readonly number[];
}

/** Returns a linear or log10 scale from [lo, hi] onto [p0, p1] with tick values. */
function _scale(lo: number, hi: number, p0: number, p1: number, log: boolean): _Scale {
  if (log) {
    const safeLo = lo > 0 ? lo : 1e-3;
    const a = Math.floor(Math.log10(safeLo));
    let b = Math.ceil(Math.log10(Math.max(hi, safeLo)));
    if (b === a) b = a + 1;
    const ticks: number[] = [];
    for (let e = a; e <= b; e++) ticks.push(10 ** e);
    const map = (v: number): number => p0 + ((Math.log10(Math.max(v, 10 ** a)) - a) / (b - a)) * (p1 - p0);
    return { map, ticks };
  }
  const top = hi > lo ? hi : lo + 1;
  const step = _niceStep((top - Math.min(0, lo)) / 5);
  const start = Math.min(0, Math.floor(lo / step) * step);
  const end = Math.ceil(top / step) * step;
  const ticks: number[] = [];
  for (let v = start; v <= end + step / 2; v += step) ticks.push(v);
  const map = (v: number): number => p0 + ((v - start) / (end - start)) * (p1 - p0);
  return { map, ticks };
}

/** Returns a 1/2/5 x 10^k step near `raw`. */
function _niceStep(raw: number): number {
  const e = 10 ** Math.floor(Math.log10(raw));
  const f = raw / e;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * e;
}

/** Returns `n` rounded to 0.1 px for compact output. */
function _px(n: number): string {
  return (Math.round(n * 10) / 10).toString();
}

/**
 * Returns a standalone SVG document of a horizontal bar chart (one row per bar, value label at
 * the bar's end, optional whiskers). O(bars).
 */
export function renderBarChart(chart: BarChart): string {
  const rowH = 28;
  const left = 190;
  const right = 90;
  const width = 760;
  const top = 44;
  const height = top + chart.bars.length * rowH + 46;
  const values = chart.bars.flatMap((b) => [b.value, b.hi ?? b.value, b.lo ?? b.value]).filter((v) => Number.isFinite(v));
  const lo = chart.logScale ? Math.min(...values.filter((v) => v > 0)) : 0;
  const hi = Math.max(...values, 1e-9);
  const sc = _scale(lo, hi, left, width - right, chart.logScale);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  out.push(`<text x="${width / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${escapeXml(chart.title)}</text>`);
  const axisY = top + chart.bars.length * rowH;
  for (const t of sc.ticks) {
    const x = _px(sc.map(t));
    out.push(`<line x1="${x}" y1="${top - 4}" x2="${x}" y2="${axisY}" stroke="#ddd"/>`);
    out.push(`<text x="${x}" y="${axisY + 16}" text-anchor="middle" fill="#444">${escapeXml(formatTick(t))}</text>`);
  }
  out.push(`<text x="${(left + width - right) / 2}" y="${axisY + 36}" text-anchor="middle" fill="#222">${escapeXml(chart.unit)}</text>`);
  chart.bars.forEach((b, i) => {
    const y = top + i * rowH;
    const x0 = sc.map(chart.logScale ? sc.ticks[0] ?? lo : 0);
    const x1 = Number.isFinite(b.value) ? sc.map(b.value) : x0;
    const colour = COLOURS[i % COLOURS.length] as string;
    out.push(`<text x="${left - 8}" y="${y + rowH / 2 + 4}" text-anchor="end">${escapeXml(b.label)}</text>`);
    out.push(`<rect x="${_px(x0)}" y="${y + 5}" width="${_px(Math.max(1, x1 - x0))}" height="${rowH - 10}" fill="${colour}"/>`);
    if (b.lo !== undefined && b.hi !== undefined && Number.isFinite(b.lo) && Number.isFinite(b.hi)) {
      const wy = y + rowH / 2;
      out.push(`<line x1="${_px(sc.map(b.lo))}" y1="${wy}" x2="${_px(sc.map(b.hi))}" y2="${wy}" stroke="#000"/>`);
      out.push(`<line x1="${_px(sc.map(b.lo))}" y1="${wy - 4}" x2="${_px(sc.map(b.lo))}" y2="${wy + 4}" stroke="#000"/>`);
      out.push(`<line x1="${_px(sc.map(b.hi))}" y1="${wy - 4}" x2="${_px(sc.map(b.hi))}" y2="${wy + 4}" stroke="#000"/>`);
    }
    out.push(`<text x="${_px(Math.max(x1, b.hi !== undefined ? sc.map(b.hi) : x1) + 6)}" y="${y + rowH / 2 + 4}">${escapeXml(formatTick(b.value))}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/**
 * Returns a standalone SVG document of a line chart with markers, axes, ticks and a legend.
 * O(total points).
 */
export function renderLineChart(chart: LineChart): string {
  const width = 760;
  const height = 440;
  const left = 70;
  const right = 180;
  const top = 44;
  const bottom = 56;
  const pts = chart.series.flatMap((s) => s.points).filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  const xs = pts.map((p) => p.x);
  const ys = pts.map((p) => p.y);
  const sx = _scale(Math.min(...xs, chart.logX ? 1 : 0), Math.max(...xs, 1), left, width - right, chart.logX);
  const sy = _scale(Math.min(...ys.filter((v) => !chart.logY || v > 0), chart.logY ? 1 : 0), Math.max(...ys, 1e-9), height - bottom, top, chart.logY);
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${width}" height="${height}" fill="#fff"/>`);
  out.push(`<text x="${(left + width - right) / 2}" y="22" text-anchor="middle" font-size="15" font-weight="bold">${escapeXml(chart.title)}</text>`);
  for (const t of sx.ticks) {
    const x = _px(sx.map(t));
    out.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${height - bottom}" stroke="#e4e4e4"/>`);
    out.push(`<text x="${x}" y="${height - bottom + 16}" text-anchor="middle" fill="#444">${escapeXml(formatTick(t))}</text>`);
  }
  for (const t of sy.ticks) {
    const y = _px(sy.map(t));
    out.push(`<line x1="${left}" y1="${y}" x2="${width - right}" y2="${y}" stroke="#e4e4e4"/>`);
    out.push(`<text x="${left - 6}" y="${_px(sy.map(t) + 4)}" text-anchor="end" fill="#444">${escapeXml(formatTick(t))}</text>`);
  }
  out.push(`<rect x="${left}" y="${top}" width="${width - right - left}" height="${height - bottom - top}" fill="none" stroke="#888"/>`);
  out.push(`<text x="${(left + width - right) / 2}" y="${height - 16}" text-anchor="middle">${escapeXml(chart.xLabel)}</text>`);
  out.push(`<text transform="translate(16 ${(top + height - bottom) / 2}) rotate(-90)" text-anchor="middle">${escapeXml(chart.yLabel)}</text>`);
  chart.series.forEach((s, i) => {
    const colour = COLOURS[i % COLOURS.length] as string;
    const valid = s.points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y) && (!chart.logY || p.y > 0));
    if (valid.length > 0) {
      const d = valid.map((p, j) => `${j === 0 ? 'M' : 'L'}${_px(sx.map(p.x))} ${_px(sy.map(p.y))}`).join(' ');
      out.push(`<path d="${d}" fill="none" stroke="${colour}" stroke-width="2"/>`);
      for (const p of valid) out.push(`<circle cx="${_px(sx.map(p.x))}" cy="${_px(sy.map(p.y))}" r="3" fill="${colour}"/>`);
    }
    const ly = top + 8 + i * 20;
    out.push(`<line x1="${width - right + 12}" y1="${ly}" x2="${width - right + 32}" y2="${ly}" stroke="${colour}" stroke-width="2"/>`);
    out.push(`<text x="${width - right + 38}" y="${ly + 4}">${escapeXml(s.name)}</text>`);
  });
  out.push('</svg>');
  return out.join('\n') + '\n';
}
