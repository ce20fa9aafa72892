import { testSecrets } from '../src/secrets';

// Integration tests boot real services against PostgreSQL, Redis and Kafka: hooks need more than 5 s.
jest.setTimeout(60_000);

// Fresh random secrets for the services this test file starts (libs/testing/src/secrets.ts), never constants.
testSecrets();
