// The chart of a statistics screen (@mui/x-charts): bars or lines, one series per year.
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { formatStat, type StatChart as Chart } from '../../common/stats';

export function StatChart({ chart }: { chart: Chart }) {
  const fmt = (v: number | null) => (v === null ? '' : formatStat(chart.unit, v));
  const series = chart.series.map((s) => ({ data: s.data, label: s.label, valueFormatter: fmt }));
  const common = {
    height: 320,
    series,
    yAxis: [{ valueFormatter: (v: number) => formatStat(chart.unit, v), width: 80 }],
    margin: { bottom: 10 },
  };
  return (
    <div data-testid="stat-chart" role="img" aria-label="Graphique">
      {chart.kind === 'line' ? (
        <LineChart {...common} xAxis={[{ scaleType: 'point', data: chart.x }]} />
      ) : (
        <BarChart {...common} xAxis={[{ scaleType: 'band', data: chart.x }]} />
      )}
    </div>
  );
}
