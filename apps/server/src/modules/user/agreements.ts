import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { AGREEMENT_DOC_MSG, AGREEMENT_KINDS, AGREEMENT_TITLES, AGREEMENT_VERSION, type AgreementKind } from '@kaoshi/contract';
import type { Clock } from '../../platform/clock.ts';
import { notFound } from '../../platform/errors.ts';
import type { Session } from '../../platform/session/service.ts';
import type { UserStore } from './store.ts';

/** The 用户协议 and 隐私政策, one folder per version: content/agreements/<version>/{terms,privacy}.md, listed in index.json. */
export const AGREEMENTS_DIR = fileURLToPath(new URL('../../../../../content/agreements/', import.meta.url));

const indexFile = z.object({
  versions: z.array(z.object({ version: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), effectiveAt: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), summary: z.string().min(1) })).min(1),
});

export interface AgreementVersion {
  version: string;
  effectiveAt: string;
  summary: string;
  bodies: Record<AgreementKind, string>;
}

/**
 * Reads every version with both texts, newest first. Refuses (throws at start) a list that is not newest first or
 * whose newest version is not the contract's AGREEMENT_VERSION: the client would send a version the server does
 * not show.
 */
export function loadAgreements(dir = AGREEMENTS_DIR): AgreementVersion[] {
  const { versions } = indexFile.parse(JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8')));
  versions.forEach((v, i) => {
    if (i > 0 && v.version >= versions[i - 1]!.version) throw new Error(`content/agreements/index.json: versions must be newest first (${v.version})`);
  });
  if (versions[0]!.version !== AGREEMENT_VERSION)
    throw new Error(`content/agreements: newest version ${versions[0]!.version} is not the contract's AGREEMENT_VERSION ${AGREEMENT_VERSION}`);
  return versions.map((v) => ({
    ...v,
    bodies: Object.fromEntries(AGREEMENT_KINDS.map((k) => [k, readFileSync(join(dir, v.version, `${k}.md`), 'utf8')])) as Record<AgreementKind, string>,
  }));
}

const head = ({ version, effectiveAt, summary }: AgreementVersion) => ({ version, effectiveAt, summary });

/** /agreementList, /information and the ask-again after a new version (docs/account-security.md). */
export function createAgreementService(deps: { users: UserStore; clock: Clock; versions?: AgreementVersion[] }) {
  const versions = deps.versions ?? loadAgreements();
  const current = versions[0]!;
  return {
    current: current.version,

    /** Whether the learner has not accepted the current version yet. */
    async consentNeeded(userId: number): Promise<boolean> {
      return !(await deps.users.hasConsent(userId, current.version));
    },

    async list(session: Session) {
      const consents = await deps.users.consentsOf(session.userId);
      return {
        current: head(current),
        history: versions.slice(1).map(head),
        accepted: consents.some((c) => c.version === current.version),
        consents: consents.reverse().map((c) => ({ version: c.version, via: c.via, acceptedAt: c.acceptedAt.toISOString() })),
      };
    },

    document(kind: AgreementKind, version: string | undefined) {
      const v = version === undefined ? current : versions.find((x) => x.version === version);
      if (!v) throw notFound(AGREEMENT_DOC_MSG.unknown);
      return { kind, title: AGREEMENT_TITLES[kind], version: v.version, effectiveAt: v.effectiveAt, current: v === current, body: v.bodies[kind] };
    },

    /** Records the current version (a version already accepted keeps its first record). */
    async accept(session: Session, ip: string) {
      await deps.users.recordConsent(session.userId, { version: current.version, via: 'reconsent', ip, acceptedAt: new Date(deps.clock()) });
      const mine = (await deps.users.consentsOf(session.userId)).find((c) => c.version === current.version)!;
      return { version: current.version, acceptedAt: mine.acceptedAt.toISOString() };
    },
  };
}

export type AgreementService = ReturnType<typeof createAgreementService>;
