import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PROFILE_MSG, type Profile } from '@kaoshi/contract';
import { errorText } from '../../lib/error-text';
import { goBack } from '../../lib/go-back';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { StateMessage } from '../../ui/states';
import { saveProfile, useProfileQuery, type ProfileEdit } from './api';

/** An editor's page: its form once the profile is loaded, the loading or error state (with 重试) before. */
export function ProfileEditorPage({ title, children }: { title: string; children: (profile: Profile) => ReactNode }) {
  const q = useProfileQuery();
  return (
    <Page title={title}>
      {q.data ? children(q.data) : <StateMessage text={q.isError ? errorText(q.error) : '加载中…'} onRetry={q.isError ? () => void q.refetch() : undefined} />}
    </Page>
  );
}

/**
 * Saving one edit of an editor: `save` stores it (the shared profile query hears of it), toasts, and goes back to
 * /userInfoPage; an error stays on the form in Chinese. `saving` names what is being saved (a picker's code), or null.
 */
export function useProfileSave() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState('');

  async function save(edit: ProfileEdit, what = 'form', said: (saved: Profile) => string = () => PROFILE_MSG.saved) {
    setSaving(what);
    setError('');
    try {
      toast(said(await saveProfile(client, edit)));
      goBack(navigate, '/userInfoPage');
    } catch (err) {
      setError(errorText(err));
    } finally {
      setSaving(null);
    }
  }

  return { saving, error, setError, save };
}
