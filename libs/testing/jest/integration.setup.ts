// Integration tests boot real services against PostgreSQL, Redis and Kafka: hooks need more than 5 s.
jest.setTimeout(60_000);
