import { useNavigate } from 'react-router';
import { bindNewPhone } from './api';
import { useQueryClient } from '@tanstack/react-query';
import { getUserName, renameAccount } from '../../lib/session';
import { toast } from '../../ui/dialogs';
import { Page } from '../../ui/page';
import { maskPhone } from '../../lib/format';
import { useUserInfo, userKeys } from '../../entities/user/api';
import { goBack } from '../../lib/go-back';
import { CodeField, smsCodeProps } from './code-field';
import { FormError, PhoneField } from './form-fields';
import { useForm } from './use-form';
import { codeProblem, phoneProblem } from './validate';
import styles from './form.module.css';

/** /bindphone — the current phone (masked), a new phone and its SMS code (op=bind) → bindPhone. */
export default function BindPhoneScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserInfo().data;
  const form = useForm({ phone: '', code: '' });
  const { phone, code } = form.values;

  const submit = form.submit(
    () => {
      const samePhone = user && phone.trim() === user.phone ? '新手机号不能与当前手机号相同' : null;
      return { phone: phoneProblem(phone) ?? samePhone, code: codeProblem(code) };
    },
    async () => {
      const bound = await bindNewPhone(phone, code);
      renameAccount(getUserName(), bound.userName);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      toast('手机号绑定成功');
      goBack(navigate, '/settings');
    },
  );

  return (
    <Page title="绑定手机" back>
      <div className={styles.screen}>
        <p className={styles.hint}>当前绑定手机：{user ? maskPhone(user.phone) || '未绑定' : '加载中…'}</p>
        <form onSubmit={submit} noValidate>
          <div className={styles.card}>
            <PhoneField label="新手机号" {...form.field('phone')} />
            <CodeField op="bind" {...smsCodeProps(form)} />
          </div>
          <FormError message={form.serverError} />
          <button type="submit" className={styles.primary} disabled={form.busy}>
            确认绑定
          </button>
        </form>
      </div>
    </Page>
  );
}
