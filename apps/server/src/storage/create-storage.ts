import type { AppConfig } from '../config/config';
import { FsObjectStorage } from './fs-storage';
import type { ObjectStorage } from './object-storage';
import { S3ObjectStorage } from './s3-storage';

export function createStorage(config: AppConfig['storage'], deps: { urlSigningSecret: string; publicUrl: () => string }): ObjectStorage {
  if (config.driver === 's3') return new S3ObjectStorage(config);
  return new FsObjectStorage({ root: config.root, signingSecret: deps.urlSigningSecret, baseUrl: deps.publicUrl });
}
