import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DateTimePicker } from '../../../ui/date-time-picker';
import { alertMsg, toast } from '../../../ui/dialogs';
import { errorText } from '../../../lib/error-text';
import { refreshPlan, setWarn, type WarnReply } from '../api';
import { timeAsDate } from '../plan-format';
import shared from '../plan.module.css';
import styles from '../plan-form.module.css';

/**
 * The reminder row of /studyMain (spec §4): tapping the row turns the daily reminder on or off ('学习提醒已开启' /
 * '学习提醒已关闭'); the time opens the wheel picker (type time) and its confirmation shows hh:mm with the reminder
 * text. 添加到日历 opens the .ics daily event (the server signs the link).
 */
export function ReminderRow({ appID, warntime, warnopen }: { appID: number; warntime: string; warnopen: 0 | 1 }) {
  const client = useQueryClient();
  const [state, setState] = useState<{ on: boolean; time: string; ics: string | null }>({ on: warnopen === 1, time: warntime, ics: null });
  const [picking, setPicking] = useState(false);
  const save = useMutation({
    mutationFn: (warn: { warnopen: 0 | 1; warntime?: string; calendar?: boolean }) => setWarn(appID, { warnopen: warn.warnopen, warntime: warn.warntime }),
    onSuccess: (r: WarnReply, warn) => {
      setState({ on: r.warnopen === 1, time: r.warntime, ics: r.icsUrl });
      if (warn.calendar) window.location.assign(r.icsUrl);
      else toast(warn.warntime ? `${r.warntime} ${r.text}` : r.text);
      void refreshPlan(client);
    },
    onError: (err) => void alertMsg(errorText(err)),
  });

  return (
    <section className={shared.card} aria-labelledby="reminder-title">
      <h2 id="reminder-title" className={shared.cardTitle}>
        每日提醒
      </h2>
      <button
        type="button"
        role="switch"
        aria-checked={state.on}
        className={styles.switchRow}
        disabled={save.isPending}
        onClick={() => save.mutate({ warnopen: state.on ? 0 : 1 })}
      >
        <span className={styles.switchLabel}>学习提醒</span>
        <span className={shared.muted}>{state.on ? `每天 ${state.time} 提醒我学习` : '已关闭'}</span>
        <span className={state.on ? styles.switchOn : styles.switchOff} aria-hidden="true" />
      </button>
      <button type="button" className={styles.row} aria-label={`提醒时间 ${state.time}`} onClick={() => setPicking(true)}>
        <span>提醒时间</span>
        <span className={styles.rowValue}>
          {state.time} <span aria-hidden="true">›</span>
        </span>
      </button>
      {state.on ? (
        state.ics ? (
          <a className={styles.row} href={state.ics}>
            <span>添加到日历</span>
            <span aria-hidden="true">›</span>
          </a>
        ) : (
          <button type="button" className={styles.row} disabled={save.isPending} onClick={() => save.mutate({ warnopen: 1, calendar: true })}>
            <span>添加到日历</span>
            <span aria-hidden="true">›</span>
          </button>
        )
      ) : null}
      <p className={shared.muted}>到时会收到站内消息和短信提醒；添加到手机日历后，日历也会按时提醒。</p>
      <DateTimePicker
        type="time"
        visible={picking}
        title="提醒时间"
        value={timeAsDate(state.time)}
        onClose={() => setPicking(false)}
        onConfirm={(_d, text) => {
          setPicking(false);
          save.mutate({ warnopen: 1, warntime: text });
        }}
      />
    </section>
  );
}
