/**
 * Serves a test website from test/sites/<name> on loopback with node:http: '/x' serves x.html or x/index.html,
 * '/' index.html, other files as they are; {{HEADER}} and {{FOOTER}} include _header.html and _footer.html;
 * {{ORIGIN}} and {{OFFSITE}} become the site's own origin (from the Host header) and another site's. routes.json may declare redirects and
 * files served under another path and type. Every request's path is recorded, so tests can prove what was and was
 * not fetched.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const SITES = join(__dirname, 'sites');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
};

export interface ServedSite {
  origin: string;
  /** 'host:port' for allowedHosts. */
  hostPort: string;
  port: number;
  /** Paths (with query) of every request received, in order. */
  requests: string[];
  /** User-Agent of every request received. */
  userAgents: string[];
  close(): Promise<void>;
}

/** Handles a request itself and returns true, or returns false to let the site serve it. */
export type Override = (req: IncomingMessage, res: ServerResponse) => boolean;

interface Routes {
  redirects?: Record<string, string>;
  files?: Record<string, { file: string; type: string }>;
}

export async function serveHandler(
  handler: (req: IncomingMessage, res: ServerResponse, site: ServedSite) => void,
): Promise<ServedSite> {
  const site = { requests: [], userAgents: [] } as unknown as ServedSite;
  const sockets = new Set<import('node:net').Socket>();
  const server: Server = createServer((req, res) => {
    site.requests.push(req.url ?? '');
    site.userAgents.push(String(req.headers['user-agent'] ?? ''));
    handler(req, res, site);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  site.port = port;
  site.origin = `http://127.0.0.1:${port}`;
  site.hostPort = `127.0.0.1:${port}`;
  site.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return site;
}

export async function serveSite(
  name: string,
  options: { offsite?: string; override?: Override } = {},
): Promise<ServedSite> {
  const root = join(SITES, name);
  const routesFile = join(root, 'routes.json');
  const routes: Routes = existsSync(routesFile) ? JSON.parse(readFileSync(routesFile, 'utf8')) : {};
  const include = (file: string) =>
    existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : '';

  return serveHandler((req, res, site) => {
    if (options.override?.(req, res)) return;
    const path = new URL(req.url ?? '/', site.origin).pathname;
    const redirect = routes.redirects?.[path];
    if (redirect) {
      res.writeHead(301, { location: redirect }).end();
      return;
    }
    const declared = routes.files?.[path];
    const candidates = declared
      ? [declared.file]
      : path === '/'
        ? ['index.html']
        : [`${path}.html`, `${path}/index.html`, path].map((p) => p.replace(/^\/+/, ''));
    for (const candidate of candidates) {
      const file = normalize(join(root, candidate));
      if (!file.startsWith(root + '/') || candidate.startsWith('_') || candidate === 'routes.json') continue;
      if (!existsSync(file) || !statSync(file).isFile()) continue;
      const type = declared?.type ?? TYPES[extname(file)] ?? 'application/octet-stream';
      let body: Buffer | string = readFileSync(file);
      if (/^(text\/|application\/xml)/.test(type)) {
        body = body
          .toString('utf8')
          .replaceAll('{{HEADER}}', include('_header.html'))
          .replaceAll('{{FOOTER}}', include('_footer.html'))
          .replaceAll('{{ORIGIN}}', `http://${req.headers.host ?? site.hostPort}`)
          .replaceAll('{{OFFSITE}}', options.offsite ?? 'https://offsite.example');
      }
      res.writeHead(200, { 'content-type': type }).end(body);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
  });
}
