import { useNavigate } from 'react-router';
import { EDUCATIONS, PROFESSIONS } from '@kaoshi/contract';
import { goBack } from '../../lib/go-back';
import { ProfileEditorPage, useProfileSave } from './profile-edit';
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
  return <ProfileEditorPage title={title}>{(p) => <CodePicker title={title} field={field} list={list} current={p[field]} />}</ProfileEditorPage>;
}

function CodePicker({ title, field, list, current }: Props & { current: string }) {
  const navigate = useNavigate();
  const { saving, error, save } = useProfileSave();

  function pick(code: string) {
    if (saving) return;
    if (code === current) return goBack(navigate, '/userInfoPage');
    void save({ [field]: code }, code);
  }

  return (
    <div className={styles.screen}>
      <div className={styles.list} role="radiogroup" aria-label={`选择${title}`}>
        {list.map((x) => (
          <button key={x.code} type="button" role="radio" aria-checked={x.code === current} className={styles.row} disabled={saving !== null} onClick={() => pick(x.code)}>
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
    </div>
  );
}
