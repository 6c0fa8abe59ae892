import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isInteger, PROFILE_MSG, QQ_RE } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { goBack } from '../../lib/go-back';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { saveProfile, useProfileQuery, type ProfileEdit } from './api';
import styles from './profile.module.css';

/** /setQQNum 设置QQ号: digits only (spec §5 integer), 5 to 11 of them; 清除 removes a saved number. */
export function QqScreen() {
  const q = useProfileQuery();
  return (
    <Page title="设置QQ号">
      {q.data ? <QqForm initial={q.data.qq} /> : <StateMessage text={q.isError ? errorText(q.error) : '加载中…'} onRetry={q.isError ? () => void q.refetch() : undefined} />}
    </Page>
  );
}

function QqForm({ initial }: { initial: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  async function save(edit: ProfileEdit) {
    setSaving(true);
    setError('');
    try {
      await saveProfile(client, edit);
      toast(PROFILE_MSG.saved);
      goBack(navigate, '/userInfoPage');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const qq = value.trim();
    if (!isInteger(qq) || !QQ_RE.test(qq)) return setError(PROFILE_MSG.qq);
    void save({ qq });
  }

  return (
    <form className={styles.screen} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label className={styles.fieldLabel} htmlFor="qq">
          QQ号
        </label>
        <input
          id="qq"
          className={styles.input}
          value={value}
          inputMode="numeric"
          maxLength={11}
          placeholder="请输入QQ号"
          aria-describedby="qq-help"
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            setError('');
          }}
        />
      </div>
      <p id="qq-help" className={styles.help}>
        5至11位数字，方便客服与您联系
      </p>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={saving || !value.trim() || value.trim() === initial}>
        {saving ? '保存中…' : '保存'}
      </button>
      {initial ? (
        <button type="button" className={styles.secondary} disabled={saving} onClick={() => void save({ clear: 'qq' })}>
          清除QQ号
        </button>
      ) : null}
    </form>
  );
}
