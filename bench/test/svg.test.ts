import { describe, expect, it } from 'vitest';
import { escapeXml, formatTick, renderBarChart, renderLineChart } from '../src/svg.js';

/** Returns the numeric attribute values of every element of a tag. */
function attrs(svg: string, tag: string, attr: string): number[] {
  return [...svg.matchAll(new RegExp(`<${tag}[^>]*\\s${attr}="([-0-9.]+)"`, 'g'))].map((m) => Number(m[1]));
}

describe('svg', () => {
  it('escapes text', () => {
    expect(escapeXml('<a & "b">')).toBe('&lt;a &amp; &quot;b&quot;&gt;');
    const svg = renderBarChart({ title: 'x < y', unit: 'ns', logScale: false, bars: [{ label: 'a&b', value: 1 }] });
    expect(svg).toContain('x &lt; y');
    expect(svg).toContain('a&amp;b');
    expect(svg).not.toContain('a&b<');
  });

  it('formats ticks', () => {
    expect(formatTick(1500)).toBe('1.5k');
    expect(formatTick(2_000_000)).toBe('2M');
    expect(formatTick(0.5)).toBe('0.5');
  });

  it('draws bars whose widths follow the values (linear)', () => {
    const svg = renderBarChart({ title: 't', unit: 'u', logScale: false, bars: [{ label: 'a', value: 10 }, { label: 'b', value: 20 }] });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    const widths = attrs(svg, 'rect', 'width').slice(1); // first rect is the background
    expect(widths).toHaveLength(2);
    expect((widths[1] as number) / (widths[0] as number)).toBeCloseTo(2, 1);
  });

  it('uses decades on a log scale', () => {
    const svg = renderBarChart({ title: 't', unit: 'u', logScale: true, bars: [{ label: 'a', value: 10 }, { label: 'b', value: 1000, lo: 900, hi: 1100 }] });
    const widths = attrs(svg, 'rect', 'width').slice(1);
    // 10 sits on the first decade tick (width ~1 px), 1000 two decades further.
    expect(widths[0]).toBeLessThan(2);
    expect(widths[1]).toBeGreaterThan(100);
    expect(svg).toContain('>1k<');
    expect(svg).toContain('>10<');
  });

  it('draws one path per series with monotone x', () => {
    const svg = renderLineChart({
      title: 't', xLabel: 'x', yLabel: 'y', logX: true, logY: true,
      series: [
        { name: 's1', points: [{ x: 10, y: 5 }, { x: 100, y: 50 }, { x: 1000, y: 500 }] },
        { name: 's2', points: [{ x: 10, y: 1 }, { x: 1000, y: 1 }] },
      ],
    });
    const paths = [...svg.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1] as string);
    expect(paths).toHaveLength(2);
    const xs = [...(paths[0] as string).matchAll(/[ML]([-0-9.]+) /g)].map((m) => Number(m[1]));
    expect(xs).toHaveLength(3);
    expect((xs[2] as number) - (xs[1] as number)).toBeCloseTo((xs[1] as number) - (xs[0] as number), 0);
    expect(svg).toContain('>s2<');
  });
});
