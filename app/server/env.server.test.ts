import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.server';

describe('map settings in the environment (MAP_TILE_URL, MAP_ATTRIBUTION)', () => {
  it('defaults to OpenStreetMap tiles and attribution, and lets images come from that host only', () => {
    const env = parseEnv({ NODE_ENV: 'production' });
    expect(env.MAP_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(env.MAP_ATTRIBUTION).toBe('© [OpenStreetMap contributors](https://www.openstreetmap.org/copyright)');
    expect(env.mapTileSources).toEqual(['https://tile.openstreetmap.org']);
  });

  it('takes another provider, with one image source per {s} subdomain', () => {
    const env = parseEnv({
      NODE_ENV: 'production',
      MAP_TILE_URL: 'https://{s}.tiles.example.com/{z}/{x}/{y}.png',
      MAP_ATTRIBUTION: '© [Example](https://example.com)',
    });
    expect(env.mapTileSources).toEqual(['https://a.tiles.example.com', 'https://b.tiles.example.com', 'https://c.tiles.example.com']);
    expect(env.MAP_ATTRIBUTION).toBe('© [Example](https://example.com)');
  });

  it('takes a loopback stand-in over http, even in production', () => {
    expect(parseEnv({ NODE_ENV: 'production', MAP_TILE_URL: 'http://127.0.0.1:8088/{z}/{x}/{y}.png' }).mapTileSources).toEqual([
      'http://127.0.0.1:8088',
    ]);
  });

  it('refuses at start-up, naming the variable: no {z}/{x}/{y}, plain http to a real host in production, a bad attribution', () => {
    expect(() => parseEnv({ MAP_TILE_URL: 'https://tile.example.com/tiles.png' })).toThrow(/MAP_TILE_URL: must contain \{z\}/);
    expect(() => parseEnv({ NODE_ENV: 'production', MAP_TILE_URL: 'http://tile.example.com/{z}/{x}/{y}.png' })).toThrow(
      /MAP_TILE_URL: must use https in production/,
    );
    expect(() => parseEnv({ MAP_ATTRIBUTION: '© [x](javascript:alert(1))' })).toThrow(/MAP_ATTRIBUTION: link/);
    expect(parseEnv({ NODE_ENV: 'development', MAP_TILE_URL: 'http://tiles.lan/{z}/{x}/{y}.png' }).mapTileSources).toEqual([
      'http://tiles.lan',
    ]);
  });

  it('treats empty values as unset (the defaults apply)', () => {
    expect(parseEnv({ MAP_TILE_URL: '', MAP_ATTRIBUTION: '' }).mapTileSources).toEqual(['https://tile.openstreetmap.org']);
  });
});

describe('safe production defaults (decision 023): mail and payments on an https PUBLIC_URL', () => {
  const https = { NODE_ENV: 'production', PUBLIC_URL: 'https://dimora.example' } as const;
  const smtp = { SMTP_URL: 'smtp://mail.example.com:587' } as const;
  const stripe = { STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' } as const;

  it('refuses to start without SMTP_URL, naming the variable and the way out', () => {
    expect(() => parseEnv({ ...https, ...stripe })).toThrow(/SMTP_URL: is required when PUBLIC_URL is https.*MAIL_TRANSPORT=mailbox/);
  });

  it('refuses the sandbox payment provider unless PAYMENT_PROVIDER=sandbox is set', () => {
    expect(() => parseEnv({ ...https, ...smtp })).toThrow(/PAYMENT_PROVIDER: payments would use the sandbox.*PAYMENT_PROVIDER=sandbox/);
  });

  it('names both problems at once when neither is configured', () => {
    expect(() => parseEnv(https)).toThrow(/SMTP_URL: is required[\s\S]*PAYMENT_PROVIDER: payments would use the sandbox/);
  });

  it('starts with SMTP and Stripe configured', () => {
    expect(parseEnv({ ...https, ...smtp, ...stripe })).toMatchObject({
      mailTransport: 'smtp',
      paymentProvider: 'stripe',
      secureTransport: true,
      demoMode: false,
    });
  });

  it('accepts the dev mailbox and the sandbox when chosen explicitly', () => {
    const env = parseEnv({ ...https, MAIL_TRANSPORT: 'mailbox', PAYMENT_PROVIDER: 'sandbox' });
    expect(env).toMatchObject({ mailTransport: 'mailbox', paymentProvider: 'sandbox' });
    // An explicit choice wins over a configured SMTP server or Stripe key.
    expect(parseEnv({ ...https, ...smtp, ...stripe, MAIL_TRANSPORT: 'mailbox', PAYMENT_PROVIDER: 'sandbox' })).toMatchObject({
      mailTransport: 'mailbox',
      paymentProvider: 'sandbox',
    });
  });

  it('refuses explicit choices that cannot work: smtp without SMTP_URL, stripe without a key', () => {
    expect(() => parseEnv({ MAIL_TRANSPORT: 'smtp' })).toThrow(/MAIL_TRANSPORT: is smtp but SMTP_URL is not set/);
    expect(() => parseEnv({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/PAYMENT_PROVIDER: is stripe but STRIPE_SECRET_KEY is not set/);
    expect(() => parseEnv({ MAIL_TRANSPORT: 'pigeon' })).toThrow(/MAIL_TRANSPORT/);
  });

  it('keeps the local defaults on http: the dev mailbox and the sandbox, no refusal', () => {
    expect(parseEnv({ NODE_ENV: 'production' })).toMatchObject({ mailTransport: 'mailbox', paymentProvider: 'sandbox' });
    expect(parseEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://10.0.0.5:3000' })).toMatchObject({
      mailTransport: 'mailbox',
      paymentProvider: 'sandbox',
    });
    expect(parseEnv({ ...smtp, ...stripe })).toMatchObject({ mailTransport: 'smtp', paymentProvider: 'stripe' });
  });
});

describe('demo mode (decision 023): who may read the dev mailbox links whole', () => {
  it('is on for a loopback PUBLIC_URL (the README demo, the default) and off on a real host', () => {
    expect(parseEnv({}).demoMode).toBe(true);
    expect(parseEnv({ PUBLIC_URL: 'http://127.0.0.1:3000' }).demoMode).toBe(true);
    expect(parseEnv({ PUBLIC_URL: 'http://dimora.example' }).demoMode).toBe(false);
    expect(parseEnv({ PUBLIC_URL: 'https://dimora.example', MAIL_TRANSPORT: 'mailbox', PAYMENT_PROVIDER: 'sandbox' }).demoMode).toBe(false);
  });

  it('follows DEMO_MODE when set', () => {
    expect(parseEnv({ DEMO_MODE: 'false' }).demoMode).toBe(false);
    expect(parseEnv({ PUBLIC_URL: 'http://dimora.example', DEMO_MODE: 'true' }).demoMode).toBe(true);
    expect(() => parseEnv({ DEMO_MODE: 'yes' })).toThrow(/DEMO_MODE/);
  });
});

describe('database timeouts (decision 023)', () => {
  it('defaults to a 5 s connect timeout, a 30 s statement timeout and a 2 s readiness check', () => {
    expect(parseEnv({})).toMatchObject({ DB_CONNECT_TIMEOUT_MS: 5_000, DB_STATEMENT_TIMEOUT_MS: 30_000, READYZ_DB_TIMEOUT_MS: 2_000 });
  });

  it('takes other values, and refuses nonsense', () => {
    expect(parseEnv({ DB_CONNECT_TIMEOUT_MS: '1500', DB_STATEMENT_TIMEOUT_MS: '0', READYZ_DB_TIMEOUT_MS: '500' })).toMatchObject({
      DB_CONNECT_TIMEOUT_MS: 1_500,
      DB_STATEMENT_TIMEOUT_MS: 0,
      READYZ_DB_TIMEOUT_MS: 500,
    });
    expect(() => parseEnv({ DB_CONNECT_TIMEOUT_MS: '-1' })).toThrow(/DB_CONNECT_TIMEOUT_MS/);
    expect(() => parseEnv({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });
});

describe('WEB_CONCURRENCY (decision 032): HTTP workers', () => {
  const postgres = { DATABASE_URL: 'postgresql://dimora@127.0.0.1:5432/dimora' } as const;

  it('defaults to the CPU count on PostgreSQL and to 1 on the embedded database', () => {
    expect(parseEnv(postgres, { cpus: 8 })).toMatchObject({ webConcurrency: 8, webConcurrencyRefused: false });
    expect(parseEnv({}, { cpus: 8 })).toMatchObject({ webConcurrency: 1, webConcurrencyRefused: false });
  });

  it('takes an explicit count on PostgreSQL, more or fewer than the CPUs', () => {
    expect(parseEnv({ ...postgres, WEB_CONCURRENCY: '2' }, { cpus: 8 }).webConcurrency).toBe(2);
    expect(parseEnv({ ...postgres, WEB_CONCURRENCY: '12' }, { cpus: 4 }).webConcurrency).toBe(12);
    expect(parseEnv({ ...postgres, WEB_CONCURRENCY: '1' }, { cpus: 4 }).webConcurrency).toBe(1);
  });

  it('refuses more than one worker on PGlite, which one process owns: 1 is used and the refusal is flagged', () => {
    expect(parseEnv({ WEB_CONCURRENCY: '4' }, { cpus: 8 })).toMatchObject({ webConcurrency: 1, webConcurrencyRefused: true });
    expect(parseEnv({ WEB_CONCURRENCY: '1' }, { cpus: 8 })).toMatchObject({ webConcurrency: 1, webConcurrencyRefused: false });
  });

  it('refuses nonsense, naming the variable; an empty value is unset', () => {
    for (const value of ['0', '-2', '1.5', 'two', '1000']) {
      expect(() => parseEnv({ ...postgres, WEB_CONCURRENCY: value })).toThrow(/WEB_CONCURRENCY/);
    }
    expect(parseEnv({ ...postgres, WEB_CONCURRENCY: '' }, { cpus: 3 }).webConcurrency).toBe(3);
  });
});

describe('object storage (S3_*, DESIGN §6)', () => {
  it('keeps uploads on the local disk when no bucket is named', () => {
    expect(parseEnv({}).s3).toBeNull();
  });

  it('names a bucket on a custom endpoint: path-style by default, us-east-1 unless told, static keys', () => {
    expect(
      parseEnv({ S3_BUCKET: 'dimora-files', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' })
        .s3,
    ).toEqual({
      bucket: 'dimora-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
  });

  it('on AWS: virtual-hosted addressing and the default credential chain, unless told otherwise', () => {
    expect(parseEnv({ S3_BUCKET: 'dimora-files', S3_REGION: 'eu-south-1' }).s3).toEqual({
      bucket: 'dimora-files',
      region: 'eu-south-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(parseEnv({ S3_BUCKET: 'b12', S3_ENDPOINT: 'https://s3.example.com', S3_FORCE_PATH_STYLE: 'false' }).s3?.forcePathStyle).toBe(
      false,
    );
  });

  it('refuses at start-up, naming the variable: settings without a bucket, one key of two, a bad name, endpoint or flag', () => {
    expect(() => parseEnv({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET: is required when S3_ENDPOINT is set/);
    expect(() => parseEnv({ S3_BUCKET: 'files', S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /S3_SECRET_ACCESS_KEY: is required with the other S3 key/,
    );
    expect(() => parseEnv({ S3_BUCKET: 'files', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/S3_ACCESS_KEY_ID: is required/);
    expect(() => parseEnv({ S3_BUCKET: 'Files_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => parseEnv({ S3_BUCKET: 'files', S3_ENDPOINT: 'ftp://files.example.com' })).toThrow(/S3_ENDPOINT: must be an http\(s\) URL/);
    expect(() => parseEnv({ S3_BUCKET: 'files', S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
  });

  it('treats empty values as unset', () => {
    expect(parseEnv({ S3_BUCKET: '', S3_ENDPOINT: '', S3_ACCESS_KEY_ID: '' }).s3).toBeNull();
  });
});
