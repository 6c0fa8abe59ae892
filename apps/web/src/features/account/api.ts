import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { accountDeletionCode, accountDeletionInfo, accountDevices, accountRequestDeletion, accountSignOutDevice, accountSignOutOthers, captchaNew } from '@kaoshi/contract';
import { call } from '../../api/client';
import { getGuid } from '../../lib/session';

/**
 * Data of /accountKeys and /cancelAccount (docs/account-deletion.md): the learner's devices, signing them out, what
 * deletion would erase and the deletion request with its SMS code.
 */

const silent = { silent: true } as const;

export const accountKeys = {
  all: ['account'] as const,
  devices: (guid: string | null) => ['account', 'devices', guid] as const,
  deletion: (guid: string | null) => ['account', 'deletion', guid] as const,
};

export const devicesQuery = () => queryOptions({ queryKey: accountKeys.devices(getGuid()), queryFn: () => call(accountDevices, {}, silent), staleTime: 0, retry: false });

export const deletionInfoQuery = () =>
  queryOptions({ queryKey: accountKeys.deletion(getGuid()), queryFn: () => call(accountDeletionInfo, {}, silent), staleTime: 0, retry: false });

const refreshDevices = (client: QueryClient) => client.invalidateQueries({ queryKey: accountKeys.devices(getGuid()) });

export async function signOutDevice(client: QueryClient, id: string): Promise<void> {
  try {
    await call(accountSignOutDevice, { id }, silent);
  } finally {
    await refreshDevices(client);
  }
}

export async function signOutOthers(client: QueryClient): Promise<number> {
  try {
    return (await call(accountSignOutOthers, {}, silent)).ended;
  } finally {
    await refreshDevices(client);
  }
}

export const sendDeletionCode = (captcha?: { captchaId: string; validate: string }) => call(accountDeletionCode, { ...captcha }, silent);
export const newCaptcha = () => call(captchaNew, {}, silent);
export const requestDeletion = (code: string) => call(accountRequestDeletion, { code: code.trim(), confirm: '1' }, silent);
