import type { ReactNode } from 'react';
import { getSelectedSubject, type SelectedSubject } from '../lib/subject';
import { Page } from './page';
import { NoSubject } from './states';

/** A screen of the chosen subject: the nav bar and, with a selected subject, the content; without one, '选择科目'. */
export function SubjectPage({ title, right, children }: { title: ReactNode; right?: ReactNode; children: (subject: SelectedSubject) => ReactNode }) {
  const subject = getSelectedSubject();
  return (
    <Page title={title} right={right}>
      {subject ? children(subject) : <NoSubject />}
    </Page>
  );
}
