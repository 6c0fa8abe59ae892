import { useState, type FormEvent } from 'react';
import { CONTENT_MSG, cutToWidth, hasBannedWords, NICKNAME_MAX_WIDTH, PROFILE_MSG, textWidth } from '@kaoshi/contract';
import { ProfileEditorPage, useProfileSave } from './profile-edit';
import styles from './profile.module.css';

/**
 * /changeNickname 修改昵称: the input is cut at the spec §5 width as typed (汉字 count 2, others 1; the counter shows the
 * width); the nickname is saved as typed (docs/profile.md). A banned word is refused here before any call, and by the
 * server too (CONTENT_MSG.banned).
 */
export function NicknameScreen() {
  return <ProfileEditorPage title="修改昵称">{(p) => <NicknameForm initial={p.nickName} />}</ProfileEditorPage>;
}

function NicknameForm({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const { saving, error, setError, save } = useProfileSave();
  const width = textWidth(value);

  function submit(e: FormEvent) {
    e.preventDefault();
    const typed = value.trim();
    if (!typed) return setError(PROFILE_MSG.nickEmpty);
    if (hasBannedWords(typed)) return setError(CONTENT_MSG.banned);
    void save({ nickName: typed }, 'form', (saved) => (saved.nickName === typed ? PROFILE_MSG.saved : PROFILE_MSG.nickChanged));
  }

  return (
    <form className={styles.screen} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label className={styles.fieldLabel} htmlFor="nickname">
          昵称
        </label>
        <input
          id="nickname"
          className={styles.input}
          value={value}
          autoComplete="nickname"
          placeholder="请输入昵称"
          aria-describedby="nickname-help"
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const cut = cutToWidth(e.target.value, NICKNAME_MAX_WIDTH);
            // Preact keeps the typed text on screen when the state does not change (a character past the limit): cut it there too.
            if (cut !== e.target.value) e.target.value = cut;
            setValue(cut);
          }}
        />
        {value ? (
          <button type="button" className={styles.clear} aria-label="清空昵称" onClick={() => setValue('')}>
            ×
          </button>
        ) : null}
      </div>
      <p id="nickname-help" className={styles.help}>
        <span>
          最多{NICKNAME_MAX_WIDTH / 2}个汉字或{NICKNAME_MAX_WIDTH}个字母、数字
        </span>
        <span className={styles.counter} aria-label={`已用宽度${width}，上限${NICKNAME_MAX_WIDTH}`}>
          {width}/{NICKNAME_MAX_WIDTH}
        </span>
      </p>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.primary} disabled={saving !== null || !value.trim() || value.trim() === initial}>
        {saving ? '保存中…' : '保存'}
      </button>
    </form>
  );
}
