import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { cutToWidth, NICKNAME_MAX_WIDTH, PROFILE_MSG, textWidth } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { goBack } from '../../lib/go-back';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { saveProfile, useProfileQuery } from './api';
import styles from './profile.module.css';

/**
 * /changeNickname 修改昵称: the input is cut at the spec §5 width as typed (汉字 count 2, others 1; the counter shows the
 * width); saving applies the content filter (links, tags and emoji become '#') on the server too.
 */
export function NicknameScreen() {
  const q = useProfileQuery();
  return (
    <Page title="修改昵称">
      {q.data ? (
        <NicknameForm initial={q.data.nickName} />
      ) : (
        <StateMessage text={q.isError ? errorText(q.error) : '加载中…'} onRetry={q.isError ? () => void q.refetch() : undefined} />
      )}
    </Page>
  );
}

function NicknameForm({ initial }: { initial: string }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const width = textWidth(value);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const typed = value.trim();
    if (!typed) return setError(PROFILE_MSG.nickEmpty);
    setSaving(true);
    setError('');
    try {
      const saved = await saveProfile(client, { nickName: typed });
      toast(saved.nickName === typed ? PROFILE_MSG.saved : PROFILE_MSG.nickChanged);
      goBack(navigate, '/userInfoPage');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className={styles.screen} onSubmit={(e) => void submit(e)} noValidate>
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
          最多{NICKNAME_MAX_WIDTH / 2}个汉字或{NICKNAME_MAX_WIDTH}个字母、数字；链接和表情会被替换为#
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
      <button type="submit" className={styles.primary} disabled={saving || !value.trim() || value.trim() === initial}>
        {saving ? '保存中…' : '保存'}
      </button>
    </form>
  );
}
