// @20minutes/s3rver (a fake S3 server, maintained fork of s3rver) ships no type declarations; the
// tests use a small part of it (modules/files/files-s3.int.test.ts).
declare module '@20minutes/s3rver' {
  interface S3rverOptions {
    address?: string;
    /** 0: a free port, read from run()'s answer. */
    port?: number;
    silent?: boolean;
    /** Where the buckets are kept on disk. */
    directory?: string;
    configureBuckets?: { name: string }[];
  }

  class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
    store: {
      listObjects(bucket: string, options: { prefix?: string }): Promise<{ objects: { key: string; size: number }[] }>;
    };
  }

  export = S3rver;
}
