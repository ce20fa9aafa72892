import { Logger } from '@nestjs/common';
import { KafkaConfig, logLevel, LogEntry } from 'kafkajs';

const LEVEL_NAMES: Record<number, 'error' | 'warn' | 'log' | 'debug'> = {
  [logLevel.ERROR]: 'error',
  [logLevel.WARN]: 'warn',
  [logLevel.INFO]: 'log',
  [logLevel.DEBUG]: 'debug',
};

/** kafkajs logs through Nest's logger (and so through pino). */
function logCreator() {
  const logger = new Logger('Kafka');
  return ({ level, log }: LogEntry) => {
    const { message, ...extra } = log;
    const method = LEVEL_NAMES[level] ?? 'log';
    logger[method](`${message} ${JSON.stringify(extra)}`);
  };
}

/** Client settings shared by producers, consumers and the admin of one service. */
export function kafkaClientConfig(clientId: string, brokers: string[]): KafkaConfig {
  return {
    clientId,
    brokers,
    connectionTimeout: 3000,
    requestTimeout: 10000,
    retry: { initialRetryTime: 200, retries: 8 },
    logLevel: logLevel.WARN,
    logCreator,
  };
}
