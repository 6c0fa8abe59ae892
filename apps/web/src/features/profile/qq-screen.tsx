import { useState, type FormEvent } from 'react';
import { isInteger, PROFILE_MSG, QQ_RE } from '@kaoshi/contract';
import { ProfileEditorPage, useProfileSave } from './profile-edit';
import styles from './profile.module.css';

/** /setQQNum 设置QQ号: digits only (spec §5 integer), 5 to 11 of them; 清除 removes a saved number. */
export function QqScreen() {
  return <ProfileEditorPage title="设置QQ号">{(p) => <QqForm initial={p.qq} />}</ProfileEditorPage>;
}

function QqForm({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const { saving, error, setError, save } = useProfileSave();

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
      <button type="submit" className={styles.primary} disabled={saving !== null || !value.trim() || value.trim() === initial}>
        {saving ? '保存中…' : '保存'}
      </button>
      {initial ? (
        <button type="button" className={styles.secondary} disabled={saving !== null} onClick={() => void save({ clear: 'qq' })}>
          清除QQ号
        </button>
      ) : null}
    </form>
  );
}
