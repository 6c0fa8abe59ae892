import Calendar, { type CalendarRef } from 'antd-mobile/es/components/calendar';
import { useQuery } from '@tanstack/react-query';
import { cloneElement, useMemo, useRef, useState, type KeyboardEvent, type ReactElement } from 'react';
import { positiveInt } from '../../lib/url-params';
import { type SelectedSubject } from '../../lib/subject';
import { queryState } from '../../ui/states';
import { SubjectPage } from '../../ui/subject-page';
import { useSearchParams } from 'react-router';
import { calendarQuery, type LiveItem } from './api';
import { LiveSection } from './components/live-card';
import { useNow } from './components/use-now';
import { chinaDate } from './live-format';
import styles from './calendar.module.css';

const two = (n: number) => String(n).padStart(2, '0');
/** A calendar cell's day (antd-mobile's cells are local dates) as the schedule's 'YYYY-MM-DD'. */
const dayOf = (d: Date) => `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
/** A schedule day as the local Date of its cell. */
const dateOf = (day: string) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/**
 * /liveCalendar: the month view (antd-mobile Calendar) with the days that have sessions marked; 上个月 / 下个月 load
 * that month (`month` YYYY-MM, China days); a tap on a day lists its sessions below.
 */
export function LiveCalendarScreen() {
  return <SubjectPage title="直播日历">{(subject) => <CalendarBody subject={subject} />}</SubjectPage>;
}

function CalendarBody({ subject }: { subject: SelectedSubject }) {
  const [params] = useSearchParams();
  const appID = positiveInt(params.get('appID')) ?? subject.AppID;
  const now = useNow();
  const today = chinaDate(now);
  const [selected, setSelected] = useState<string | null>(today);
  const [month, setMonth] = useState(today.slice(0, 7));
  const ref = useRef<CalendarRef>(null);
  const cal = useQuery(calendarQuery(appID, month));
  const byDay = useMemo(() => new Map((cal.data?.days ?? []).map((d) => [d.date, d.items] as const)), [cal.data]);
  const pending = queryState(cal, subject, { feature: '直播课堂' });
  const monthTotal = cal.data?.days.reduce((n, d) => n + d.items.length, 0) ?? 0;
  const [y, m] = month.split('-').map(Number) as [number, number];
  const dayItems: LiveItem[] = selected ? (byDay.get(selected) ?? []) : [];

  const cell = (node: ReactElement, { date }: { date: Date }) => {
    const day = dayOf(date);
    if (day.slice(0, 7) !== month) {
      // A neighbouring month's day is left blank; a week row of them all is left out (no empty row on top or below).
      const sunday = new Date(date.getFullYear(), date.getMonth(), date.getDate() - date.getDay());
      const saturday = new Date(sunday.getFullYear(), sunday.getMonth(), sunday.getDate() + 6);
      const gone = dayOf(saturday) < `${month}-01` || dayOf(sunday) > `${month}-31`;
      const props = node.props as { className?: string };
      return cloneElement(node as ReactElement<Record<string, unknown>>, { 'aria-hidden': true, className: gone ? `${props.className ?? ''} ${styles.gone}` : props.className });
    }
    const n = byDay.get(day)?.length ?? 0;
    const label = `${date.getMonth() + 1}月${date.getDate()}日${day === today ? ' 今天' : ''}${n > 0 ? `，${n}场直播` : ''}`;
    const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        e.currentTarget.click();
      }
    };
    return cloneElement(node as ReactElement<Record<string, unknown>>, { role: 'button', tabIndex: 0, 'aria-label': label, 'aria-pressed': day === selected, onKeyDown });
  };

  return (
    <div className={styles.screen}>
      <section className={styles.calendar} aria-label="直播日历">
        <div className={styles.head}>
          <button
            type="button"
            className={styles.arrow}
            aria-label="上个月"
            onClick={() => ref.current?.jumpTo((p) => (p.month === 1 ? { year: p.year - 1, month: 12 } : { year: p.year, month: p.month - 1 }))}
          >
            ‹
          </button>
          <h2 className={styles.month} aria-live="polite">{`${y}年${m}月`}</h2>
          <button
            type="button"
            className={styles.arrow}
            aria-label="下个月"
            onClick={() => ref.current?.jumpTo((p) => (p.month === 12 ? { year: p.year + 1, month: 1 } : { year: p.year, month: p.month + 1 }))}
          >
            ›
          </button>
          <button
            type="button"
            className={styles.today}
            onClick={() => {
              ref.current?.jumpToToday();
              setSelected(today);
            }}
          >
            今天
          </button>
        </div>
        <Calendar
          ref={ref}
          className={styles.antd}
          selectionMode="single"
          allowClear={false}
          value={selected ? dateOf(selected) : null}
          onChange={(d) => setSelected(d ? dayOf(d) : null)}
          onPageChange={(year, mon) => setMonth(`${year}-${two(mon)}`)}
          prevMonthButton={null}
          nextMonthButton={null}
          prevYearButton={null}
          nextYearButton={null}
          renderLabel={(d) => ((byDay.get(dayOf(d))?.length ?? 0) > 0 ? <span className={styles.dot} data-testid={`mark-${dayOf(d)}`} /> : null)}
          cellRender={cell}
        />
        <p className={styles.summary}>{cal.isSuccess ? (monthTotal > 0 ? `本月共 ${monthTotal} 场直播，带圆点的日期有直播` : '本月暂无直播') : ' '}</p>
      </section>
      {pending ??
        (selected && selected.slice(0, 7) === month ? (
          <LiveSection title={`${Number(selected.slice(5, 7))}月${Number(selected.slice(8, 10))}日的直播`} items={dayItems} from="calendar" now={now} empty="当天没有直播" />
        ) : (
          <p className={styles.hint}>点选带圆点的日期查看当天的直播</p>
        ))}
    </div>
  );
}
