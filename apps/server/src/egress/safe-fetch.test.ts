import { describe, expect, it } from 'vitest';
import type { ErrorCode } from '../errors';
import { REFUSED_MESSAGE } from './guarded-lookup';
import { useLoopbackServers } from '../../test/loopback-server';
import { safeFetch } from './safe-fetch';
import { cannedTransport, recordingTransport, stubResolver } from '../../test/egress-doubles';

interface Vector {
  /** `{port}` is the 127.0.0.1 test server, `{port6}` the ::1 one. */
  url: string;
  code: ErrorCode;
  /** The allow-list entry that opens this URL, for the paired positive control. */
  allowAs?: string;
}

const refused = (url: string, allowAs?: string): Vector => ({ url, code: 'FORBIDDEN', allowAs });
const invalid = (url: string): Vector => ({ url, code: 'VALIDATION' });

const VECTORS: Vector[] = [
  // Loopback in every spelling, aimed at a live test server that counts requests.
  refused('http://127.0.0.1:{port}/page', '127.0.0.1'),
  refused('http://127.1:{port}/page', '127.0.0.1'),
  refused('http://2130706433:{port}/page', '127.0.0.1'),
  refused('http://0177.0.0.1:{port}/page', '127.0.0.1'),
  refused('http://0x7f000001:{port}/page', '0x7f.1'),
  refused('http://0x7f.0.0.1:{port}/page', '127.0.0.1'),
  refused('http://127.0.0.1.:{port}/page', '127.0.0.1'),
  refused('http://１２７.０.０.１:{port}/page', '127.0.0.1'),
  refused('http://user:secret@127.0.0.1:{port}/page', '127.0.0.1'),
  refused('http://[::1]:{port6}/page', '::1'),
  refused('http://[0:0:0:0:0:0:0:1]:{port6}/page', '[::1]'),
  refused('http://[::ffff:127.0.0.1]:{port}/page', '::ffff:127.0.0.1'),
  refused('http://[::ffff:7f00:1]:{port}/page', '::ffff:7f00:1'),
  refused('http://localhost:{port}/page', 'localhost'),
  refused('http://LOCALHOST:{port}/page', 'localhost'),
  refused('http://loopback.example:{port}/page', 'loopback.example'),
  refused('http://v6-loopback.example:{port6}/page', 'v6-loopback.example'),
  refused('http://127.0.0.2:{port}/page'),
  refused('http://0:{port}/page'),
  refused('http://0.0.0.0:{port}/page'),
  refused('http://[::]:{port6}/page'),
  refused('http://[::127.0.0.1]:{port}/page'),
  refused('http://[64:ff9b::7f00:1]:{port}/page'),
  refused('http://[2002:7f00:1::]:{port}/page'),
  refused('http://[2001:0:4136:e378:8000:63bf:80ff:fffe]:{port}/page'),
  refused('http://non-canonical-answer.example:{port}/page'),
  // Cloud metadata.
  refused('http://169.254.169.254/latest/meta-data/'),
  refused('http://[fd00:ec2::254]/latest/meta-data/'),
  refused('http://100.100.100.200/latest/meta-data/'),
  refused('http://168.63.129.16/machine'),
  refused('http://metadata.google.internal/computeMetadata/v1/'),
  refused('http://0xa9fea9fe/latest/meta-data/'),
  refused('http://[::ffff:a9fe:a9fe]/latest/meta-data/'),
  // Private, link-local, shared, multicast, broadcast, reserved and documentation space.
  refused('http://10.0.0.1/'),
  refused('http://012.0.0.1/'),
  refused('http://172.16.5.4/'),
  refused('http://192.168.1.1/'),
  refused('http://100.64.0.1/'),
  refused('http://169.254.1.1/'),
  refused('http://[fe80::1]/'),
  refused('http://[fc00::1]/'),
  refused('http://224.0.0.1/'),
  refused('http://[ff02::1]/'),
  refused('http://255.255.255.255/'),
  refused('http://198.18.0.1/'),
  refused('http://192.0.2.1/'),
  refused('http://[2001:db8::1]/'),
  refused('http://240.0.0.1/'),
  refused('http://[::ffff:10.0.0.1]/'),
  refused('http://mixed.example/'),
  refused('http://mapped.example/'),
  // Schemes other than http(s), and addresses that are not URLs at all.
  invalid('ftp://example.com/'),
  invalid('file:///etc/passwd'),
  invalid('javascript:alert(1)'),
  invalid('gopher://x/'),
  invalid('data:text/html,<h1>hi</h1>'),
  invalid('ws://127.0.0.1:{port}/page'),
  invalid('http://256.0.0.1/'),
  invalid('not a url'),
];

const resolve = stubResolver({
  'loopback.example': ['127.0.0.1'],
  'v6-loopback.example': ['::1'],
  'non-canonical-answer.example': ['0177.0.0.1'],
  'metadata.google.internal': ['169.254.169.254'],
  'mixed.example': ['93.184.216.34', '10.0.0.1'],
  'mapped.example': ['::ffff:192.168.0.1'],
  'public.example': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
});

const servers = useLoopbackServers();

const { fill } = servers;

describe('SSRF vectors', () => {
  it('covers at least 30 vectors', () => {
    expect(VECTORS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(VECTORS)('refuses $url with $code, fetching nothing', async ({ url, code }) => {
    const transport = recordingTransport();
    const fetching = safeFetch(fill(url), {
      allowHosts: ['unrelated.example'],
      resolve,
      transport,
    });
    await expect(fetching).rejects.toMatchObject({ code });
    if (code === 'FORBIDDEN') await expect(fetching).rejects.toThrow(REFUSED_MESSAGE);
    expect(transport.hops).toEqual([]);
    expect(servers.seen).toEqual([]);
  });

  // Positive controls: the same URLs load once their host is allow-listed, so the refusals
  // above are the guard's doing and not a broken server or URL.
  it.each(VECTORS.filter((vector) => vector.allowAs))(
    'loads $url once $allowAs is allow-listed',
    async ({ url, allowAs }) => {
      const page = await safeFetch(fill(url), {
        allowHosts: [allowAs!],
        resolve,
        transport: recordingTransport(),
      });
      expect(page.status).toBe(200);
      expect(page.body.toString()).toBe('<h1>hello</h1>');
      expect(servers.seen).toHaveLength(1);
    },
  );
});

describe('allow-list', () => {
  it('matches names and addresses separately: a name never opens its address, nor back', async () => {
    const byName = { allowHosts: ['localhost'], resolve, transport: recordingTransport() };
    await expect(safeFetch(fill('http://127.0.0.1:{port}/page'), byName)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const byAddress = { allowHosts: ['127.0.0.1'], resolve, transport: recordingTransport() };
    await expect(safeFetch(fill('http://localhost:{port}/page'), byAddress)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(servers.seen).toEqual([]);
  });

  it('never opens cloud metadata, even when its address or name is listed', async () => {
    const transport = recordingTransport();
    const options = {
      allowHosts: ['169.254.169.254', 'metadata.google.internal', 'fd00:ec2::254'],
      resolve,
      transport,
    };
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://[fd00:ec2::254]/latest/meta-data/',
    ]) {
      await expect(safeFetch(url, options)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(transport.hops).toEqual([]);
  });
});

describe('public addresses', () => {
  it('connects to exactly the addresses the check approved (no network: canned transport)', async () => {
    const transport = cannedTransport();
    const page = await safeFetch('http://PUBLIC.example/path?q=1', {
      allowHosts: [],
      resolve,
      transport,
    });
    expect(page).toMatchObject({
      finalUrl: 'http://public.example/path?q=1',
      status: 200,
      contentType: 'text/html',
    });
    expect(transport.hops.map((hop) => hop.addresses)).toEqual([
      [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
      ],
    ]);
  });

  it('answers an unknown name with "could not be found", fetching nothing', async () => {
    const transport = recordingTransport();
    await expect(
      safeFetch('http://no-such-host.example/', { allowHosts: [], resolve, transport }),
    ).rejects.toMatchObject({ code: 'VALIDATION', message: 'This address could not be found' });
    expect(transport.hops).toEqual([]);
  });
});
