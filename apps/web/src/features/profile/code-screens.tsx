import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { EDUCATIONS, PROFESSIONS, PROFILE_MSG } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { goBack } from '../../lib/go-back';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { saveProfile, useProfileQuery } from './api';
import styles from './profile.module.css';

/** /eduCational 学历: tap one to save it. */
export function EducationScreen() {
  return <CodeScreen title="学历" field="education" list={EDUCATIONS} />;
}

/** /Professional 职业: tap one to save it. */
export function ProfessionScreen() {
  return <CodeScreen title="职业" field="profession" list={PROFESSIONS} />;
}

interface Props {
  title: string;
  field: 'education' | 'profession';
  list: readonly { code: string; name: string }[];
}

/** A picker of one code list: the saved choice is checked; tapping another saves it and goes back. */
function CodeScreen({ title, field, list }: Props) {
  const q = useProfileQuery();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState('');
  const current = q.data?.[field] ?? '';

  async function pick(code: string) {
    if (saving) return;
    if (code === current) return goBack(navigate, '/userInfoPage');
    setSaving(code);
    setError('');
    try {
      await saveProfile(client, { [field]: code });
      toast(PROFILE_MSG.saved);
      goBack(navigate, '/userInfoPage');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(null);
    }
  }

  return (
    <Page title={title}>
      <div className={styles.screen}>
        {!q.data ? (
          <StateMessage text={q.isError ? errorText(q.error) : '加载中…'} onRetry={q.isError ? () => void q.refetch() : undefined} />
        ) : (
          <>
            <div className={styles.list} role="radiogroup" aria-label={`选择${title}`}>
              {list.map((x) => (
                <button
                  key={x.code}
                  type="button"
                  role="radio"
                  aria-checked={x.code === current}
                  className={styles.row}
                  disabled={saving !== null}
                  onClick={() => void pick(x.code)}
                >
                  <span className={styles.label}>{x.name}</span>
                  <span className={styles.check} aria-hidden="true">
                    {saving === x.code ? '…' : x.code === current ? '✓' : ''}
                  </span>
                </button>
              ))}
            </div>
            {error ? (
              <p className={styles.error} role="alert">
                {error}
              </p>
            ) : null}
          </>
        )}
      </div>
    </Page>
  );
}
