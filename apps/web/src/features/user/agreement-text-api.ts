import { agreementDocument, type AgreementKind } from '@kaoshi/contract';
import { call } from '../../api/client';

/**
 * The current text for the login form's 《用户协议》/《隐私政策》 sheet. Apart from agreement-api.ts: the login screen
 * stays outside the query layout and must not load TanStack Query (app/routes.test.ts).
 */
export const loadAgreementText = (kind: AgreementKind) => call(agreementDocument, { kind }, { silent: true });
