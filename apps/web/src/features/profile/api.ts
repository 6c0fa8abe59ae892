import type { QueryClient } from '@tanstack/react-query';
import { profileUpdate, type Profile, type RequestOf } from '@kaoshi/contract';
import { call } from '../../api/client';
import { storeProfile } from '../../entities/user/profile-api';
import { uploadImage } from './upload-api';

/**
 * Profile edits (docs/profile.md): each answers the new profile, stored in the shared profile query (src/entities/user/profile-api.ts)
 * so the page, the home header and 我的 show it at once.
 */

export { displayName, useProfileQuery } from '../../entities/user/profile-api';
export { IMAGE_ACCEPT } from './upload-api';

export type ProfileEdit = Omit<RequestOf<typeof profileUpdate>, 'guid'>;

export async function saveProfile(client: QueryClient, edit: ProfileEdit): Promise<Profile> {
  const profile = await call(profileUpdate, edit, { silent: true });
  storeProfile(client, profile);
  return profile;
}

/** A new avatar: the picture is uploaded (checked and re-encoded by the server), then set; the old one is deleted. */
export async function changeAvatar(client: QueryClient, file: Blob): Promise<Profile> {
  const { key } = await uploadImage(file, 'avatar');
  return saveProfile(client, { avatar: key });
}
