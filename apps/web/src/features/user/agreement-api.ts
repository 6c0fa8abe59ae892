import { queryOptions } from '@tanstack/react-query';
import { AGREEMENT_VERSION, agreementAccept, agreementDocument, agreementList, type AgreementKind } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getGuid } from '../../lib/session';

/** The 用户协议/隐私政策 documents and the learner's consents (docs/account-security.md). */
export const agreementKeys = {
  all: ['agreement'] as const,
  list: (guid: string | null) => ['agreement', 'list', guid] as const,
  document: (kind: AgreementKind, version: string | null) => ['agreement', 'document', kind, version] as const,
};

const silent = { silent: true } as const;

export const agreementListQuery = () => queryOptions({ queryKey: agreementKeys.list(getGuid()), queryFn: () => call(agreementList, {}, silent), retry: false, staleTime: 0 });

/** One text; the current version when `version` is null. Texts of a version never change, so they are kept. */
export const agreementDocumentQuery = (kind: AgreementKind, version: string | null) =>
  queryOptions({
    queryKey: agreementKeys.document(kind, version),
    queryFn: () => call(agreementDocument, version ? { kind, version } : { kind }, silent),
    retry: false,
    staleTime: version ? Infinity : 5 * 60_000,
  });

/** The learner accepts the current version (asked after a login answered consentNeeded). */
export const acceptAgreement = () => call(agreementAccept, { agreed: AGREEMENT_VERSION }, silent);
