import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { bindPhone } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getGuid } from '../../lib/session';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { errorText } from '../common/errors';
import { maskPhone } from '../common/format';
import { useUserInfo } from '../common/user-info';
import { goBack } from '../common/go-back';
import { CodeField } from './code-field';
import { FormError, PhoneField } from './form-fields';
import { codeProblem, collect, phoneProblem } from './validate';
import form from './form.module.css';

/** /bindphone — the current phone (masked), a new phone and its SMS code (op=bind) → bindPhone. */
export default function BindPhoneScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserInfo().data;
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const samePhone = user && phone.trim() === user.phone ? '新手机号不能与当前手机号相同' : null;
    const found = collect({ phone: phoneProblem(phone) ?? samePhone, code: codeProblem(code) });
    setErrors(found);
    setServerError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await call(bindPhone, { guid: getGuid() ?? '', phone: phone.trim(), verifyCode: code.trim() }, { silent: true });
      await queryClient.invalidateQueries({ queryKey: ['user'] });
      toast('手机号绑定成功');
      goBack(navigate, '/settings');
    } catch (err) {
      setServerError(errorText(err));
      setBusy(false);
    }
  }

  return (
    <Page title="绑定手机" back>
      <div className={form.screen}>
        <p className={form.hint}>当前绑定手机：{user ? maskPhone(user.phone) || '未绑定' : '加载中…'}</p>
        <form onSubmit={submit} noValidate>
          <div className={form.card}>
            <PhoneField
              label="新手机号"
              value={phone}
              onValue={(v) => {
                setPhone(v);
                setErrors((x) => ({ ...x, phone: undefined }));
              }}
              error={errors.phone}
            />
            <CodeField
              phone={phone}
              op="bind"
              value={code}
              onValue={(v) => {
                setCode(v);
                setErrors((x) => ({ ...x, code: undefined }));
              }}
              error={errors.code}
              onPhoneProblem={(m) => setErrors((x) => ({ ...x, phone: m }))}
              onSendResult={setServerError}
            />
          </div>
          <FormError message={serverError} />
          <button type="submit" className={form.primary} disabled={busy}>
            确认绑定
          </button>
        </form>
      </div>
    </Page>
  );
}
