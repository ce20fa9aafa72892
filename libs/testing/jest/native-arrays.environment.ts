// Jest's Node environment with the process's own typed arrays. A test file runs in a vm context whose
// Float32Array is not the one native addons create theirs with, so onnxruntime-node's check of an output tensor
// (`data instanceof Float32Array`) fails there. The unit and integration projects run in it (jest.config.js):
// the services and the AI's tests run the embedding model.
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment } from 'jest-environment-node';

const TYPED_ARRAYS = [
  'ArrayBuffer',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
];

export default class NativeArraysEnvironment extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const own = globalThis as unknown as Record<string, unknown>;
    for (const name of TYPED_ARRAYS) (this.global as unknown as Record<string, unknown>)[name] = own[name];
  }
}
