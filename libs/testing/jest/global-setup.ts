import { startContainers } from './containers';

export default async function globalSetup(): Promise<void> {
  await startContainers();
}
