'use client'

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'

/**
 * One Insights chart (Recharts; docs/decisions/198-insights-charts-recharts.md). The chart is a
 * picture of the table beneath it, which carries the same figures for screen readers and
 * keyboards: the chart is hidden from assistive technology and takes no focus.
 */
export type ChartFormat = 'rupees' | 'count' | 'percent' | 'stars'
export type ChartSeries = { key: string; label: string; type: 'bar' | 'line'; axis?: 'left' | 'right'; colour: 1 | 2 | 3 }
export type ChartProps = {
  data: Record<string, string | number | null>[]
  /** The category of each point (a month's short name, a reason). */
  xKey: string
  series: ChartSeries[]
  format: ChartFormat
  rightFormat?: ChartFormat
  /** Categories down the side (long names such as refund reasons), bars across. */
  horizontal?: boolean
  /** The fixed top of the value axis (100 for percentages). */
  max?: number
}

const compactRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', notation: 'compact', maximumFractionDigits: 1 })
const fullRupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 })
const count = new Intl.NumberFormat('en-IN')

function tick(format: ChartFormat) {
  return (v: number) => (format === 'rupees' ? compactRupees.format(v) : format === 'percent' ? `${v}%` : count.format(v))
}

function full(format: ChartFormat) {
  return (v: unknown) => {
    if (v === null || v === undefined) return '—'
    const n = Number(v)
    return format === 'rupees' ? fullRupees.format(n) : format === 'percent' ? `${n}%` : format === 'stars' ? n.toFixed(2) : count.format(n)
  }
}

export default function InsightsChart({ data, xKey, series, format, rightFormat, horizontal, max }: ChartProps) {
  const hasRight = series.some((s) => s.axis === 'right')
  const height = horizontal ? Math.max(220, data.length * 44 + 60) : 280
  const valueAxis = { tickFormatter: tick(format), domain: max ? [0, max] : undefined, allowDecimals: format === 'stars' }
  return (
    <div className="ml-insights__chart" aria-hidden="true">
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart
          data={data}
          layout={horizontal ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: hasRight ? 0 : 12, bottom: 0, left: 0 }}
          accessibilityLayer={false}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="var(--theme-elevation-150)" />
          {horizontal ? (
            <>
              <XAxis type="number" {...valueAxis} stroke="var(--theme-elevation-600)" fontSize={12} />
              <YAxis type="category" dataKey={xKey} width={150} stroke="var(--theme-elevation-600)" fontSize={11} interval={0} />
            </>
          ) : (
            <>
              <XAxis dataKey={xKey} stroke="var(--theme-elevation-600)" fontSize={12} minTickGap={4} />
              <YAxis
                yAxisId="left"
                {...valueAxis}
                width={format === 'rupees' ? 64 : 44}
                stroke="var(--theme-elevation-600)"
                fontSize={12}
              />
              {hasRight && (
                <YAxis
                  yAxisId="right"
                  orientation="right"
                  width={36}
                  domain={rightFormat === 'stars' ? [0, 5] : undefined}
                  tickFormatter={tick(rightFormat ?? 'count')}
                  stroke="var(--theme-elevation-600)"
                  fontSize={12}
                />
              )}
            </>
          )}
          <Tooltip
            formatter={(value, _name, item) => {
              const s = series.find((x) => x.key === item.dataKey)
              return full(s?.axis === 'right' ? (rightFormat ?? 'count') : format)(value)
            }}
            contentStyle={{ background: 'var(--theme-elevation-0)', border: '1px solid var(--theme-elevation-150)' }}
          />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          {series.map((s) =>
            s.type === 'bar' ? (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                fill={`var(--ml-chart-${s.colour})`}
                yAxisId={horizontal ? undefined : (s.axis ?? 'left')}
                isAnimationActive={false}
              />
            ) : (
              <Line
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stroke={`var(--ml-chart-${s.colour})`}
                strokeWidth={2}
                yAxisId={horizontal ? undefined : (s.axis ?? 'left')}
                isAnimationActive={false}
                connectNulls={false}
              />
            ),
          )}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  )
}
