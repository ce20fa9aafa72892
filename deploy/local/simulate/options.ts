// The command line of `npm run simulate` (pure: options.spec.ts).
import { parseArgs } from 'node:util';
import type { Practice } from './client';
import { GEO_HEADER_PROVIDERS, type GeoHeaderProvider } from './traffic';

export interface SimulateOptions {
  /** The gateway, as browsers reach it. */
  url: string;
  email: string;
  password: string;
  /** A site key, practice id or name; null: the signed-in user's first practice. */
  practice: string | null;
  /** Live mode: how long to run (0: until Ctrl-C). */
  minutes: number;
  /** Live mode: visitors a minute on average. */
  rate: number;
  /** Quick fill: this many visitors of the last half hour at once, then exit; null: live mode. */
  burst: number | null;
  /** Share of visits that end in a form. */
  formRate: number;
  /** Share of new leads that reply to the AI (sandbox channels only). */
  replyRate: number;
  /** Share of new leads the front desk books a consultation for. */
  bookRate: number;
  /** Which CDN's visitor-location headers to send ('none': no location). */
  geo: GeoHeaderProvider | 'none';
  seed: number | null;
  help: boolean;
}

export const USAGE = `Usage: npm run simulate -- [options]

Drives the running local stack (npm start) with a demo practice's website traffic: visitors from search, ads,
social and referrals in US cities, pages with reading times, forms that become leads, replies, bookings.

  --practice <site key|id|name>  the practice (default: the first practice of the signed-in user)
  --minutes, --duration <n>      run for n minutes (default 10; 0 runs until Ctrl-C)
  --rate <n>                     visitors a minute on average (default 6)
  --once, --burst [n]            quick fill: n visitors of the last 25 minutes at once (default 40), then exit
  --forms <0..1>                 share of visits that send a form (default 0.12)
  --replies <0..1>               share of new leads that reply to the AI (default 0.5)
  --bookings <0..1>              share of new leads booked for a consultation (default 0.3)
  --geo <cloudflare|cloudfront|vercel|none>  visitor-location headers to send (default cloudflare)
  --url <address>                the gateway (default $PP_URL or http://localhost:8080)
  --email <e-mail>, --password <password>   staff sign-in (default the demo user)
  --seed <n>                     plan the same visits and people every time (always new ids)
  -h, --help                     this text
`;

export class UsageError extends Error {}

function number(text: string | undefined, name: string, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new UsageError(`${name} must be a number from ${min} to ${max}`);
  }
  return value;
}

/** Reads the arguments after `npm run simulate --`; a bad one throws UsageError with what is wrong. */
export function parseOptions(argv: string[], env: Record<string, string | undefined> = {}): SimulateOptions {
  // --burst takes an optional count: a bare --burst (or --once) is the default fill.
  const args = [...argv];
  let burst: number | null = null;
  for (let index = 0; index < args.length; index++) {
    if (args[index] === '--burst' || args[index] === '--once') {
      const next = args[index + 1];
      if (args[index] === '--burst' && next !== undefined && /^\d+$/.test(next)) {
        burst = number(next, '--burst', 40, 1, 1000);
        args.splice(index, 2);
      } else {
        burst = 40;
        args.splice(index, 1);
      }
      index--;
    }
  }
  let values;
  try {
    ({ values } = parseArgs({
      args,
      strict: true,
      allowPositionals: false,
      options: {
        practice: { type: 'string' },
        minutes: { type: 'string' },
        duration: { type: 'string' },
        rate: { type: 'string' },
        forms: { type: 'string' },
        replies: { type: 'string' },
        bookings: { type: 'string' },
        geo: { type: 'string' },
        url: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        seed: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const geo = (values.geo ?? 'cloudflare').toLowerCase();
  if (geo !== 'none' && !(GEO_HEADER_PROVIDERS as readonly string[]).includes(geo)) {
    throw new UsageError(`--geo must be one of ${[...GEO_HEADER_PROVIDERS, 'none'].join(', ')}`);
  }
  const url = values.url ?? env.PP_URL ?? 'http://localhost:8080';
  try {
    new URL(url);
  } catch {
    throw new UsageError(`--url is not an address: ${url}`);
  }
  return {
    url: url.replace(/\/+$/, ''),
    email: values.email ?? 'demo@practicepilot.example',
    password: values.password ?? 'practicepilot',
    practice: values.practice?.trim() || null,
    minutes: number(values.minutes ?? values.duration, '--minutes', 10, 0, 24 * 60),
    rate: number(values.rate, '--rate', 6, 0.1, 600),
    burst,
    formRate: number(values.forms, '--forms', 0.12, 0, 1),
    replyRate: number(values.replies, '--replies', 0.5, 0, 1),
    bookRate: number(values.bookings, '--bookings', 0.3, 0, 1),
    geo: geo as SimulateOptions['geo'],
    seed: values.seed === undefined ? null : number(values.seed, '--seed', 0, 0, 2 ** 32 - 1),
    help: values.help ?? false,
  };
}

/** The practice `--practice` names (its site key, id or name, any case), else the user's first. */
export function choosePractice(practices: Practice[], wanted: string | null): Practice {
  if (practices.length === 0) throw new UsageError('The signed-in user has no practice.');
  if (!wanted) return practices[0];
  const lower = wanted.toLowerCase();
  const found = practices.find(
    (practice) =>
      practice.site_key === wanted || practice.id === wanted || practice.name.toLowerCase() === lower,
  );
  if (!found) {
    const known = practices.map((practice) => `${practice.site_key} (${practice.name})`).join(', ');
    throw new UsageError(`No practice "${wanted}" for this user. Choose one of: ${known}.`);
  }
  return found;
}

/** A location as a website's form offers it: 'Glow Aesthetics - Plano' → 'Plano'. */
export const shortLocationName = (name: string) => name.split(' - ').pop()!.trim();
