import { useState } from 'react';
import { PLAN_DEFAULT_WARN_TIME, PLAN_MAX_DAYS, PLAN_MINUTES_CHOICES, PLAN_MINUTES_MAX, PLAN_MINUTES_MIN, PLAN_MSG, type PlanInfo } from '@kaoshi/contract';
import { DateTimePicker } from '../../../ui/date-time-picker';
import type { PlanForm as PlanFormValue } from '../api';
import { addDays, chinaToday, dayAsDate, shortDay, timeAsDate } from '../plan-format';
import shared from '../plan.module.css';
import styles from '../plan-form.module.css';

/** Fewer days than this (one per stage) cannot be planned. */
const MIN_DAYS = 3;
/** The date the wheel opens at when no date is chosen yet. */
const DEFAULT_DAYS = 90;

/** Why an exam date cannot be planned, or null. */
export function dateError(mdate: string, today: string): string | null {
  if (!mdate) return '请选择考试日期';
  if (mdate <= today) return PLAN_MSG.pastDate;
  if (mdate < addDays(today, MIN_DAYS)) return PLAN_MSG.tooFewDays;
  if (mdate > addDays(today, PLAN_MAX_DAYS)) return PLAN_MSG.tooFar;
  return null;
}

/** The minutes of the custom field, or null when they are not a whole number in range. */
export function customMinutes(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= PLAN_MINUTES_MIN && n <= PLAN_MINUTES_MAX ? n : null;
}

/**
 * Step 2 of /openStudy: the exam date (wheel picker, type date, at least 3 days ahead), the minutes a day (chips or
 * any whole number 10–600), the reminder (on/off and its time on the wheel). Prefilled from an existing plan.
 */
export function PlanForm({ plan, busy, serverError, onSubmit }: { plan: PlanInfo | null; busy: boolean; serverError: string | null; onSubmit: (form: PlanFormValue) => void }) {
  const today = chinaToday();
  const initialCustom = plan !== null && !(PLAN_MINUTES_CHOICES as readonly number[]).includes(plan.timesize);
  const [mdate, setMdate] = useState(plan?.mdate ?? '');
  const [chip, setChip] = useState<number | 'custom'>(initialCustom ? 'custom' : (plan?.timesize ?? 60));
  const [custom, setCustom] = useState(initialCustom ? String(plan!.timesize) : '');
  const [warnopen, setWarnopen] = useState<0 | 1>(plan?.warnopen ?? 0);
  const [warntime, setWarntime] = useState(plan?.warntime ?? PLAN_DEFAULT_WARN_TIME);
  const [picker, setPicker] = useState<'date' | 'time' | null>(null);
  const [errors, setErrors] = useState<{ date?: string | null; minutes?: string | null }>({});

  const submit = () => {
    const date = dateError(mdate, today);
    const minutes = chip === 'custom' ? customMinutes(custom) : chip;
    setErrors({ date, minutes: minutes === null ? PLAN_MSG.minutes : null });
    if (date || minutes === null) return;
    onSubmit({ mdate, timesize: minutes, warntime, warnopen });
  };

  return (
    <section className={shared.card} aria-labelledby="form-title">
      <h2 id="form-title" className={styles.stepTitle}>
        <span className={styles.stepNo}>2</span>
        {plan ? '调整计划' : '制定计划'}
      </h2>
      <div className={styles.field}>
        <span className={styles.fieldLabel} id="mdate-label">
          考试日期
        </span>
        <button type="button" className={styles.row} aria-labelledby="mdate-label mdate-value" onClick={() => setPicker('date')}>
          <span id="mdate-value" className={mdate ? undefined : styles.placeholder}>
            {mdate ? `${mdate}（${shortDay(mdate)}）` : '选择日期'}
          </span>
          <span aria-hidden="true">›</span>
        </button>
        {errors.date ? (
          <p className={styles.error} role="alert">
            {errors.date}
          </p>
        ) : null}
      </div>
      <fieldset className={styles.field}>
        <legend className={styles.fieldLabel}>每天学习时长</legend>
        <div className={styles.chips}>
          {PLAN_MINUTES_CHOICES.map((m) => (
            <button key={m} type="button" className={chip === m ? styles.chipOn : styles.chip} aria-pressed={chip === m} onClick={() => setChip(m)}>
              {`${m}分钟`}
            </button>
          ))}
          <button type="button" className={chip === 'custom' ? styles.chipOn : styles.chip} aria-pressed={chip === 'custom'} onClick={() => setChip('custom')}>
            自定义
          </button>
        </div>
        {chip === 'custom' ? (
          <label className={styles.customRow}>
            <input
              className={styles.input}
              inputMode="numeric"
              aria-label="自定义每天学习分钟数"
              placeholder={`${PLAN_MINUTES_MIN}–${PLAN_MINUTES_MAX}`}
              value={custom}
              onChange={(e) => setCustom(e.target.value)}
            />
            <span>分钟/天</span>
          </label>
        ) : null}
        {errors.minutes ? (
          <p className={styles.error} role="alert">
            {errors.minutes}
          </p>
        ) : null}
      </fieldset>
      <div className={styles.field}>
        <label className={styles.switchRow}>
          <span className={styles.switchLabel}>学习提醒</span>
          <input type="checkbox" role="switch" className={styles.switch} checked={warnopen === 1} onChange={(e) => setWarnopen(e.target.checked ? 1 : 0)} />
        </label>
        {warnopen === 1 ? (
          <button type="button" className={styles.row} aria-label={`提醒时间 ${warntime}`} onClick={() => setPicker('time')}>
            <span>提醒时间</span>
            <span className={styles.rowValue}>
              {warntime} <span aria-hidden="true">›</span>
            </span>
          </button>
        ) : null}
      </div>
      {serverError ? (
        <p className={styles.error} role="alert">
          {serverError}
        </p>
      ) : null}
      <button type="button" className={shared.primary} disabled={busy} onClick={submit}>
        {busy ? '正在生成计划…' : '生成学习计划'}
      </button>
      <DateTimePicker
        type="date"
        visible={picker === 'date'}
        title="考试日期"
        value={dayAsDate(mdate || addDays(today, DEFAULT_DAYS))}
        minYear={Number(today.slice(0, 4))}
        maxYear={Number(today.slice(0, 4)) + 2}
        onClose={() => setPicker(null)}
        onConfirm={(_d, text) => {
          setPicker(null);
          setMdate(text);
          setErrors((e) => ({ ...e, date: dateError(text, today) }));
        }}
      />
      <DateTimePicker
        type="time"
        visible={picker === 'time'}
        title="提醒时间"
        value={timeAsDate(warntime)}
        onClose={() => setPicker(null)}
        onConfirm={(_d, text) => {
          setPicker(null);
          setWarntime(text);
        }}
      />
    </section>
  );
}
