/**
 * SSRF refusals. The target is a real server on loopback that records every request; each refusal must leave
 * it untouched (no byte reaches it). Literal private addresses that have no server here (10.0.0.5,
 * 169.254.169.254) are refused before any socket is opened, which the net.Socket#connect spy proves.
 */
import * as net from 'node:net';
import { crawlSite, UnsafeUrlError, type HostResolver } from '@pp/crawler';
import { serveHandler, serveSite, type ServedSite } from './site-server';

let target: ServedSite;
let target6: ServedSite | null;

beforeEach(async () => {
  target = await serveHandler((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Internal admin</title><p>secret</p>');
  });
  target6 = await serveOnIpv6Loopback(target.port);
});
afterEach(async () => {
  jest.restoreAllMocks();
  await target.close();
  await target6?.close();
});

/** A second listener on [::1] with the same port when this machine has IPv6 loopback (else null). */
async function serveOnIpv6Loopback(port: number): Promise<ServedSite | null> {
  const { createServer } = await import('node:http');
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(req.url ?? '');
    res.end('secret');
  });
  const ok = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '::1', () => resolve(true));
  });
  if (!ok) return null;
  return {
    origin: `http://[::1]:${port}`,
    hostPort: `[::1]:${port}`,
    port,
    requests,
    userAgents: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const nothingReachedTheTarget = () => {
  expect(target.requests).toEqual([]);
  expect(target6?.requests ?? []).toEqual([]);
};

describe('literal addresses are refused before any connection', () => {
  it.each([
    ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/`],
    ['127.1', (port: number) => `http://127.1:${port}/`],
    ['0x7f.1', (port: number) => `http://0x7f.1:${port}/`],
    ['2130706433', (port: number) => `http://2130706433:${port}/`],
    ['017700000001', (port: number) => `http://017700000001:${port}/`],
    ['[::1]', (port: number) => `http://[::1]:${port}/`],
    ['[::ffff:127.0.0.1]', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ['localhost', (port: number) => `http://localhost:${port}/`],
  ])('%s', async (_label, url) => {
    const connect = jest.spyOn(net.Socket.prototype, 'connect');
    await expect(crawlSite({ startUrl: url(target.port) })).rejects.toThrow(UnsafeUrlError);
    expect(connect).not.toHaveBeenCalled();
    nothingReachedTheTarget();
  });

  it.each([
    ['169.254.169.254 (cloud metadata)', 'http://169.254.169.254/latest/meta-data/'],
    ['10.0.0.5', 'http://10.0.0.5/'],
    ['[fd00:ec2::254]', 'http://[fd00:ec2::254]/latest/meta-data/'],
  ])('%s', async (_label, url) => {
    const connect = jest.spyOn(net.Socket.prototype, 'connect');
    await expect(crawlSite({ startUrl: url })).rejects.toThrow(
      'This address points to a private or reserved network, which the crawler does not visit.',
    );
    expect(connect).not.toHaveBeenCalled();
  });

  it.each([
    ['file:', 'file:///etc/passwd'],
    ['gopher:', 'gopher://127.0.0.1:6379/_INFO'],
  ])('the %s scheme', async (_label, url) => {
    const connect = jest.spyOn(net.Socket.prototype, 'connect');
    await expect(crawlSite({ startUrl: url })).rejects.toThrow(
      'Only http and https addresses can be crawled.',
    );
    expect(connect).not.toHaveBeenCalled();
    nothingReachedTheTarget();
  });
});

describe('host names are checked at connect time, on the addresses the socket uses', () => {
  it('refuses a host name resolving to a private address', async () => {
    const lookup: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const result = await crawlSite({ startUrl: `http://clinic.test:${target.port}/`, lookup });
    expect(result.pages).toEqual([]);
    expect(result.failures).toEqual([
      {
        url: `http://clinic.test:${target.port}/`,
        reason: 'This address points to a private or reserved network, which the crawler does not visit.',
        code: 'unsafe_url',
      },
    ]);
    nothingReachedTheTarget();
  });

  it('refuses a name with one public and one private address', async () => {
    // The private address first: even a broken check would then reach loopback, never the public address.
    const lookup: HostResolver = async () => [
      { address: '127.0.0.1', family: 4 },
      { address: '93.184.216.34', family: 4 },
    ];
    const result = await crawlSite({ startUrl: `http://clinic.test:${target.port}/`, lookup });
    expect(result.failures).toEqual([expect.objectContaining({ code: 'unsafe_url' })]);
    nothingReachedTheTarget();
  });

  it('refuses a DNS rebinding: public when checked apart from the connection, private when the socket connects', async () => {
    const calls: string[] = [];
    // Answers like a rebinding DNS server would: a public address to any lookup made apart from the connection
    // (a pre-check), the target's loopback address to the socket's own lookup.
    const lookup: HostResolver = async () => {
      const fromSocket = /lookupAndConnect/.test(new Error().stack ?? '');
      calls.push(fromSocket ? 'socket' : 'elsewhere');
      return [{ address: fromSocket ? '127.0.0.1' : '93.184.216.34', family: 4 }];
    };
    const result = await crawlSite({ startUrl: `http://rebind.test:${target.port}/`, lookup });
    expect(result.failures).toEqual([expect.objectContaining({ code: 'unsafe_url' })]);
    expect(calls).toEqual(['socket']);
    nothingReachedTheTarget();
  });

  it('refuses a redirect from an allowed loopback site to a private address that is not allowed', async () => {
    const site = await serveSite('medspa', {
      override: (req, res) => {
        if (req.url !== '/') return false;
        res.writeHead(302, { location: `http://127.0.0.1:${target.port}/admin` }).end();
        return true;
      },
    });
    try {
      const result = await crawlSite({ startUrl: site.origin, allowedHosts: [site.hostPort], maxDepth: 0 });
      expect(result.pages).toEqual([]);
      expect(result.failures).toEqual([
        {
          url: `${site.origin}/`,
          reason: 'This address points to a private or reserved network, which the crawler does not visit.',
          code: 'unsafe_url',
        },
      ]);
      nothingReachedTheTarget();
    } finally {
      await site.close();
    }
  });

  it('refuses a same-site redirect whose host is not allowed and resolves to a private address', async () => {
    // clinic.test:<port> is allowed; its www. twin is the same site but not allowed, and resolves to loopback.
    const lookup: HostResolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const site: ServedSite = await serveSite('medspa', {
      override: (req, res) => {
        if (req.url !== '/') return false;
        res.writeHead(301, { location: `http://www.clinic.test:${site.port}/` }).end();
        return true;
      },
    });
    try {
      const result = await crawlSite({
        startUrl: `http://clinic.test:${site.port}/`,
        allowedHosts: [`clinic.test:${site.port}`],
        lookup,
        maxDepth: 0,
      });
      expect(result.failures).toEqual([expect.objectContaining({ code: 'unsafe_url' })]);
      expect(site.requests).toEqual(['/robots.txt', '/']);
      nothingReachedTheTarget();
    } finally {
      await site.close();
    }
  });

  it('checks https connections the same way', async () => {
    const calls: string[] = [];
    const lookup: HostResolver = async (hostname) => {
      calls.push(hostname);
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const result = await crawlSite({ startUrl: `https://secure-clinic.test:${target.port}/`, lookup });
    expect(result.failures).toEqual([expect.objectContaining({ code: 'unsafe_url' })]);
    expect(calls).toEqual(['secure-clinic.test']);
    nothingReachedTheTarget();
  });

  it('refuses a redirect to a file: URL', async () => {
    const site = await serveSite('medspa', {
      override: (req, res) => {
        if (req.url !== '/') return false;
        res.writeHead(302, { location: 'file:///etc/passwd' }).end();
        return true;
      },
    });
    try {
      const result = await crawlSite({ startUrl: site.origin, allowedHosts: [site.hostPort], maxDepth: 0 });
      expect(result.failures).toEqual([
        {
          url: `${site.origin}/`,
          reason: 'Only http and https addresses can be crawled.',
          code: 'unsafe_url',
        },
      ]);
    } finally {
      await site.close();
    }
  });

  it('refuses a redirect to a cloud metadata address', async () => {
    const connect = jest.spyOn(net.Socket.prototype, 'connect');
    const site = await serveSite('medspa', {
      override: (req, res) => {
        if (req.url !== '/') return false;
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return true;
      },
    });
    try {
      const result = await crawlSite({ startUrl: site.origin, allowedHosts: [site.hostPort], maxDepth: 0 });
      expect(result.failures).toEqual([expect.objectContaining({ code: 'unsafe_url' })]);
      // Only the connection to the allowed site itself (robots.txt and the page may share one keep-alive socket).
      for (const [options] of connect.mock.calls) {
        expect(JSON.stringify(options)).not.toContain('169.254');
      }
    } finally {
      await site.close();
    }
  });
});

describe('allowed hosts', () => {
  it('crawls a loopback site listed in allowedHosts', async () => {
    const site = await serveSite('dental');
    try {
      const result = await crawlSite({
        startUrl: `${site.origin}/`,
        allowedHosts: [site.hostPort.toUpperCase()],
      });
      expect(result.failures).toEqual([]);
      expect(result.pages.map((p) => p.title)).toContain(
        'Bright Smile Family Dentistry – Dentist in Austin, TX',
      );
    } finally {
      await site.close();
    }
  });
});
