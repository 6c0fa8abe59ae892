import { resolve } from 'node:path';
import type { Config } from '../../config.ts';
import { localMediaStore, type MediaStore } from './media-store.ts';
import { s3MediaStore } from './s3-store.ts';

/** The configured store: the bucket when MEDIA_S3_BUCKET is set, else the MEDIA_DIR folder. */
export function mediaStoreOf(
  config: Pick<Config, 'MEDIA_DIR' | 'MEDIA_S3_BUCKET' | 'MEDIA_S3_ENDPOINT' | 'MEDIA_S3_REGION' | 'MEDIA_S3_ACCESS_KEY_ID' | 'MEDIA_S3_SECRET_ACCESS_KEY' | 'MEDIA_S3_PREFIX'>,
): MediaStore {
  if (!config.MEDIA_S3_BUCKET) return localMediaStore(resolve(config.MEDIA_DIR));
  return s3MediaStore({
    bucket: config.MEDIA_S3_BUCKET,
    endpoint: config.MEDIA_S3_ENDPOINT,
    region: config.MEDIA_S3_REGION,
    accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID,
    secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY,
    prefix: config.MEDIA_S3_PREFIX,
  });
}
