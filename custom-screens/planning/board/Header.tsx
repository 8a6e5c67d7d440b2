// Sticky header: months, price periods, days (or weeks), free places per day.
// Only the cells of the rendered day window are in the DOM.
import { memo, type CSSProperties } from 'react';
import { isoWeek, isWeekend, toDay } from './dates';
import {
  formatInt,
  longDateLabel,
  monthShortLabel,
  monthYearLabel,
  numericDateLabel,
  weekdayShortLabel,
} from './format';
import { freeCells, type HeaderBands } from './headerModel';
import { dayRange, dayToX, monthSegments, weekSegments, type TimeScale } from './timeScale';
import { weekendBackground } from './background';
import type { BoardMessages, IsoDate, PricePeriod } from './types';

export interface HeaderProps {
  scale: TimeScale;
  bands: HeaderBands;
  /** Rendered days [from, to) as day numbers. */
  from: number;
  to: number;
  today: number;
  labelWidth: number;
  pricePeriods?: readonly PricePeriod[];
  freeCounts?: Readonly<Record<IsoDate, number>>;
  messages: BoardMessages;
  /** ISO week numbers on Mondays (days) and on the week cells (the planning module's setting) */
  showWeekNumbers?: boolean;
}

const PERIOD_COLORS = ['#dbeafe', '#dcfce7', '#fef9c3', '#fce7f3', '#ede9fe'];

function Header(p: HeaderProps) {
  const { scale, bands, from, to, labelWidth, messages: m } = p;
  const band = (b: { top: number; height: number }): CSSProperties => ({ top: b.top, height: b.height });
  const todayX = p.today >= scale.origin && p.today < scale.origin + scale.dayCount ? dayToX(scale, p.today) : null;
  const perDay = scale.dayWidth >= 28;

  return (
    <div className="pb-header" style={{ height: bands.height }} role="presentation">
      <div className="pb-corner" style={{ width: labelWidth, height: bands.height }}>
        <div className="pb-corner-cell pb-corner-title" style={band(bands.months)}>
          {m.rowsHeader}
        </div>
        {bands.periods && (
          <div className="pb-corner-cell" style={band(bands.periods)}>
            {m.periods}
          </div>
        )}
        <div className="pb-corner-cell" style={band(bands.days)}>
          {m.days}
        </div>
        {bands.free && (
          <div className="pb-corner-cell pb-corner-free" style={band(bands.free)}>
            {m.freePlaces}
          </div>
        )}
      </div>
      <div className="pb-header-body" style={{ width: scale.width, height: bands.height }}>
        <div className="pb-band" style={band(bands.months)}>
          {monthSegments(scale, from, to).map((s) => (
            <div key={s.start} className="pb-month" style={{ left: s.left, width: s.width }}>
              <span className="pb-sticky-label" style={{ left: labelWidth + 4 }}>
                {s.width >= 70 ? monthYearLabel(s.start) : monthShortLabel(s.start)}
              </span>
            </div>
          ))}
        </div>
        {bands.periods && (
          <div className="pb-band" style={band(bands.periods)}>
            {(p.pricePeriods ?? []).map((pp, i) => {
              const [a, b] = dayRange(scale, Math.max(toDay(pp.startDate), from), Math.min(toDay(pp.endDate), to));
              if (b <= a) return null;
              const title =
                `${pp.label} : ` +
                `${m.range(numericDateLabel(toDay(pp.startDate)), numericDateLabel(toDay(pp.endDate)))}`;
              return (
                <div
                  key={pp.id}
                  className="pb-period"
                  title={title}
                  style={{
                    left: dayToX(scale, a),
                    width: (b - a) * scale.dayWidth,
                    background: pp.color ?? PERIOD_COLORS[i % PERIOD_COLORS.length],
                  }}
                >
                  <span className="pb-sticky-label" style={{ left: labelWidth + 4 }}>
                    {pp.label}
                  </span>
                </div>
              );
            })}
          </div>
        )}
        <div className="pb-band pb-days" style={{ ...band(bands.days), ...(perDay ? null : weekendBackground(scale)) }}>
          {perDay ? (
            <DayCells scale={scale} from={from} to={to} today={p.today} m={m} weeks={p.showWeekNumbers !== false} />
          ) : (
            <WeekCells scale={scale} from={from} to={to} m={m} weeks={p.showWeekNumbers !== false} />
          )}
        </div>
        {bands.free && p.freeCounts && (
          <div className="pb-band pb-free" style={band(bands.free)}>
            {freeCells(scale, from, to, p.freeCounts).map((c) => (
              <div
                key={c.start}
                className={c.value === 0 ? 'pb-free-cell pb-free-none' : 'pb-free-cell'}
                style={{ left: c.left, width: c.width }}
                title={
                  c.value === null
                    ? undefined
                    : `${m.freePlaces} : ${formatInt(c.value)}` +
                      (c.end - c.start > 1
                        ? ` (minimum ${m.range(numericDateLabel(c.start), numericDateLabel(c.end - 1))})`
                        : '')
                }
              >
                {c.value === null ? '' : c.value}
              </div>
            ))}
          </div>
        )}
        {todayX !== null && (
          <div
            className="pb-today-line"
            style={{ left: todayX, top: bands.days.top, height: bands.height - bands.days.top }}
            title={m.today}
          />
        )}
      </div>
    </div>
  );
}

function DayCells({
  scale,
  from,
  to,
  today,
  m,
  weeks,
}: {
  scale: TimeScale;
  from: number;
  to: number;
  today: number;
  m: BoardMessages;
  weeks: boolean;
}) {
  const [a, b] = dayRange(scale, from, to);
  const cells = [];
  for (let d = a; d < b; d++) {
    const cls = 'pb-day' + (isWeekend(d) ? ' pb-weekend' : '') + (d === today ? ' pb-today' : '');
    cells.push(
      <div
        key={d}
        className={cls}
        style={{ left: dayToX(scale, d), width: scale.dayWidth }}
        title={d === today ? `${m.today} – ${longDateLabel(d)}` : longDateLabel(d)}
      >
        <span className="pb-day-name">
          {weeks && new Date(d * 86_400_000).getUTCDay() === 1 ? m.weekShort(isoWeek(d)) : weekdayShortLabel(d)}
        </span>
        <span className="pb-day-num">{new Date(d * 86_400_000).getUTCDate()}</span>
      </div>,
    );
  }
  return <>{cells}</>;
}

function WeekCells({
  scale,
  from,
  to,
  m,
  weeks,
}: {
  scale: TimeScale;
  from: number;
  to: number;
  m: BoardMessages;
  weeks: boolean;
}) {
  return (
    <>
      {weekSegments(scale, from, to).map((w) => {
        const n = isoWeek(w.start);
        const label = !weeks
          ? numericDateLabel(w.start).slice(0, 5)
          : w.width >= 80
            ? `${m.weekShort(n)} · ${numericDateLabel(w.start).slice(0, 5)}`
            : w.width >= 24
              ? m.weekShort(n)
              : String(n);
        return (
          <div
            key={w.start}
            className="pb-week"
            style={{ left: w.left, width: w.width }}
            title={`${m.weekShort(n)} : ${m.range(numericDateLabel(w.start), numericDateLabel(w.start + 6))}`}
          >
            {w.width >= 12 ? label : ''}
          </div>
        );
      })}
    </>
  );
}

export default memo(Header);
