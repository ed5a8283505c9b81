// node scripts/object-store-copy.mjs <from> <to>
//
// Copies every object of Ceppro's object store, with its content type, for backups and restores
// (docs/deploy.md, "Backups"). <from> and <to> are each either
//   s3://<bucket>  a bucket: S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY, S3_SECRET_KEY as the server reads
//                  them; for <to>, TO_S3_ENDPOINT, TO_S3_REGION, TO_S3_ACCESS_KEY, TO_S3_SECRET_KEY
//                  when set (another site); a missing target bucket is created;
//   a folder       the fs storage driver's layout (apps/server/src/storage/fs-storage.ts): each object a
//                  file under the folder, its content type in .meta/<key>.json. A bucket copied to a
//                  folder is therefore also a store STORAGE_DRIVER=fs can serve.
// Objects already in the target are overwritten; objects only in the target are left alone. Ends with
// one line: `copied N objects (B bytes) from <from> to <to>`; any failure exits 1.
import {
  CreateBucketCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const META = '.meta';
const TMP = '.tmp';

function s3Store(url, prefix) {
  const bucket = url.slice('s3://'.length).replace(/\/+$/, '');
  const env = (name) => process.env[`${prefix}${name}`] ?? process.env[name];
  const endpoint = env('S3_ENDPOINT');
  if (!bucket || !endpoint) throw new Error(`${url}: needs a bucket name and ${prefix}S3_ENDPOINT (or S3_ENDPOINT)`);
  const client = new S3Client({
    endpoint,
    region: env('S3_REGION') ?? 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: env('S3_ACCESS_KEY') ?? '', secretAccessKey: env('S3_SECRET_KEY') ?? '' },
    // As the server's driver: checksums only where an operation needs them (MinIO, s3rver).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    async *keys() {
      let token;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    async read(key) {
      const result = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      return {
        bytes: Buffer.from(await result.Body.transformToByteArray()),
        contentType: result.ContentType ?? 'application/octet-stream',
      };
    },
    async prepare() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      }
    },
    async write(key, { bytes, contentType }) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes, ContentType: contentType }));
    },
    close: () => client.destroy(),
  };
}

function folderStore(dir) {
  const root = path.resolve(dir);
  const metaFile = (key) => path.join(root, META, `${key}.json`);
  return {
    async *keys() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      const keys = entries
        .filter((e) => e.isFile())
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
        .filter((key) => !key.startsWith(`${META}/`) && !key.startsWith(`${TMP}/`))
        .sort();
      yield* keys;
    },
    async read(key) {
      const bytes = await readFile(path.join(root, key));
      const meta = JSON.parse(await readFile(metaFile(key), 'utf8').catch(() => '{}'));
      return { bytes, contentType: typeof meta.contentType === 'string' ? meta.contentType : 'application/octet-stream' };
    },
    prepare: () => mkdir(root, { recursive: true }),
    async write(key, { bytes, contentType }) {
      const file = path.join(root, key);
      if (!file.startsWith(root + path.sep)) throw new Error(`refusing the key ${key}: it leaves ${root}`);
      await mkdir(path.dirname(file), { recursive: true });
      await mkdir(path.dirname(metaFile(key)), { recursive: true });
      await writeFile(file, bytes);
      await writeFile(metaFile(key), JSON.stringify({ contentType }));
    },
    close: () => undefined,
  };
}

const open = (spec, prefix) => (spec.startsWith('s3://') ? s3Store(spec, prefix) : folderStore(spec));

const [from, to] = process.argv.slice(2);
if (!from || !to) {
  console.error('usage: node scripts/object-store-copy.mjs <s3://bucket | folder> <s3://bucket | folder>');
  process.exit(2);
}
const source = open(from, '');
const target = open(to, 'TO_');
try {
  await target.prepare();
  let count = 0;
  let bytes = 0;
  for await (const key of source.keys()) {
    const object = await source.read(key);
    await target.write(key, object);
    count += 1;
    bytes += object.bytes.length;
  }
  console.log(`copied ${count} objects (${bytes} bytes) from ${from} to ${to}`);
} catch (error) {
  console.error(`object-store-copy failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  source.close();
  target.close();
}
