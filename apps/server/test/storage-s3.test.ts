import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { S3ObjectStorage, type S3StorageOptions } from '../src/storage/s3-storage';
import { describeStorageContract } from './support/storage-contract';

// s3rver accepts only its own default credentials; it checks expiry but not signatures, which is
// why signature tampering is tested on the fs driver only (storage-fs.test.ts).
describeStorageContract('s3 via s3rver', async () => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'ceppro-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, directory, silent: true });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: 'ceppro-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region: 'us-east-1',
  };
  const storage = new S3ObjectStorage(options);
  // The bucket does not exist yet: this is the path a fresh MinIO takes on first start.
  await storage.ensureReady();
  const extra: S3ObjectStorage[] = [];
  return {
    storage,
    withClockOffset(offsetMs) {
      const shifted = new S3ObjectStorage({ ...options, now: () => Date.now() + offsetMs });
      extra.push(shifted);
      return shifted;
    },
    async close() {
      for (const s of [storage, ...extra]) await s.close();
      server.httpServer?.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});
