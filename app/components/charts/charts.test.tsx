import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { BarChart } from './bar-chart.tsx'
import { timeFormatter } from './chart-parts.tsx'
import { DonutChart } from './donut-chart.tsx'
import { RingGauge } from './ring-gauge.tsx'
import { Sparkline } from './sparkline.tsx'
import { TimeSeriesChart } from './time-series-chart.tsx'

const DAY = 86_400_000
const start = Date.UTC(2025, 0, 1)
const formatTime = timeFormatter('en')

function timeSeries(x: number[], values: number[][], mode: 'stacked' | 'line' = 'stacked') {
  return renderToStaticMarkup(
    <TimeSeriesChart
      title="Vulnerabilities"
      x={x}
      series={values.map((v, i) => ({ key: `s${i}`, label: `Series ${i}`, values: v }))}
      mode={mode}
      formatTime={formatTime}
      timeLabel="Date"
      tableCaption="Chart data"
      emptyText="No measurements yet"
    />,
  )
}

/** Data rows of the charts' tables (the header row sits in thead). */
const rows = (html: string) =>
  (html.match(/<tbody[^>]*>[\s\S]*?<\/tbody>/g) ?? []).join('').match(/<tr>/g)?.length ?? 0
const hasNaN = (html: string) => /NaN|Infinity|undefined/.test(html)

describe('TimeSeriesChart', () => {
  it('names itself, labels its series and lists every sample', () => {
    const html = timeSeries(
      [start, start + DAY, start + 2 * DAY],
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
    )
    expect(html).toContain('role="img"')
    expect(html).toMatch(/<title id="[^"]+">Vulnerabilities<\/title>/)
    expect(html).toContain('Series 0')
    expect(html).toContain('Series 1')
    expect(rows(html)).toBe(3)
    // The stacked top reaches 9, so the value axis goes at least that far.
    expect(html).toMatch(/>1[0-9]<\/span>/)
    expect(html).toContain('Series 1: 6')
    expect(hasNaN(html)).toBe(false)
  })

  it('says when there is nothing to draw', () => {
    const html = timeSeries([], [[], []])
    expect(html).toContain('No measurements yet')
    expect(rows(html)).toBe(0)
    expect(hasNaN(html)).toBe(false)
  })

  it('draws a single sample as a dot', () => {
    const html = timeSeries([start], [[3]], 'line')
    expect(html).toMatch(/d="M[\d.]+ [\d.]+h0"/)
    expect(rows(html)).toBe(1)
    expect(hasNaN(html)).toBe(false)
  })

  it('draws all zeros on an axis from 0 to 1', () => {
    const html = timeSeries([start, start + DAY], [[0, 0]], 'line')
    expect(html).toContain('>1</span>')
    expect(hasNaN(html)).toBe(false)
  })

  it('thins a thousand samples in the drawing but tables all of them', () => {
    const x = Array.from({ length: 1000 }, (_, i) => start + i * 3_600_000)
    const html = timeSeries(x, [x.map((_, i) => i % 50)])
    expect(rows(html)).toBe(1000)
    expect(html.match(/<rect/g)!.length).toBeLessThanOrEqual(320)
    expect(hasNaN(html)).toBe(false)
  })
})

describe('BarChart', () => {
  const categories = ['2023', '2024', '2025'].map((year) => ({ key: year, label: year }))

  it('draws a bar per category and series with tooltips, grouped or stacked', () => {
    for (const mode of ['grouped', 'stacked'] as const) {
      const html = renderToStaticMarkup(
        <BarChart
          title="By year"
          categories={categories}
          series={[
            { key: 'a', label: 'A', values: [1, 2, 3] },
            { key: 'b', label: 'B', values: [0, 5, 1] },
          ]}
          mode={mode}
          categoryLabel="Year"
          tableCaption="Chart data"
        />,
      )
      expect(html.match(/<rect/g)).toHaveLength(6)
      expect(html).toContain('2024 · B: 5')
      expect(rows(html)).toBe(3)
      expect(hasNaN(html)).toBe(false)
    }
  })

  it('copes with no categories and all zeros', () => {
    const empty = renderToStaticMarkup(
      <BarChart
        title="By year"
        categories={[]}
        series={[{ key: 'a', label: 'A', values: [] }]}
        mode="grouped"
        categoryLabel="Year"
        tableCaption="Chart data"
        emptyText="Nothing"
      />,
    )
    expect(empty).toContain('Nothing')
    const zeros = renderToStaticMarkup(
      <BarChart
        title="By year"
        categories={categories}
        series={[{ key: 'a', label: 'A', values: [0, 0, 0] }]}
        mode="stacked"
        categoryLabel="Year"
        tableCaption="Chart data"
      />,
    )
    expect(hasNaN(empty + zeros)).toBe(false)
  })
})

describe('DonutChart', () => {
  const donut = (values: number[]) =>
    renderToStaticMarkup(
      <DonutChart
        title="Projects"
        slices={values.map((value, i) => ({ key: `k${i}`, label: `Part ${i}`, value }))}
        centre={{ value: String(values.reduce((a, b) => a + b, 0)), label: 'projects' }}
        labelHeader="Part"
        valueHeader="Count"
        shareHeader="Share"
        tableCaption="Chart data"
      />,
    )

  it('gives each part its count and share', () => {
    const html = donut([1, 3])
    expect(html).toContain('Part 0: 1 (25 %)')
    expect(html).toContain('Part 1: 3 (75 %)')
    expect(rows(html)).toBe(2)
  })

  it('draws a whole ring for one part and an empty ring for nothing', () => {
    expect(donut([5])).toContain('Part 0: 5 (100 %)')
    const empty = donut([0, 0])
    expect(empty).toContain('Part 0: 0 (0 %)')
    expect(hasNaN(donut([5]) + empty)).toBe(false)
  })
})

describe('small charts', () => {
  it('a ring gauge says what it counts', () => {
    const html = renderToStaticMarkup(<RingGauge value={3} max={0} label="Critical" />)
    expect(html).toContain('Critical: 3')
    expect(hasNaN(html)).toBe(false)
  })

  it('a sparkline has a tooltip per sample and survives none', () => {
    const html = renderToStaticMarkup(
      <Sparkline
        label="Vulnerabilities over 90 days"
        x={[start, start + DAY]}
        values={[2, 4]}
        formatTime={formatTime}
      />,
    )
    expect(html).toContain('1 Jan 2025, 00:00: 2')
    const empty = renderToStaticMarkup(
      <Sparkline label="Nothing" x={[]} values={[]} formatTime={formatTime} />,
    )
    expect(hasNaN(html + empty)).toBe(false)
  })
})
