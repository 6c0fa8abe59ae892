import { checkIsTourist, getAgentInfo, getUserInfo } from '@kaoshi/contract';
import { call } from '../../api/client';

// quiet: an entry link handles its own refusals (a rejected guid leads to '/', not to the client's
// usual 401 → /login; an unknown agent code is said on the entry screen).

/** The account behind a handed-over session (/way). */
export const handedUser = (guid: string) => call(getUserInfo, { guid }, { quiet: true });

/** The agent of a partner entry link (/gateway). */
export const entryAgent = (agentCode: string) => call(getAgentInfo, { agentCode }, { quiet: true });

/** Asks the server for tourist mode on the free-try entry (/pfway). */
export const startFreeTry = () => call(checkIsTourist, { freeTry: true }, { silent: true });
