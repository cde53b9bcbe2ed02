import { buildConsolePage } from './build.ts';

// `npm run build -w @casino/console`: the page into apps/console/dist.
await buildConsolePage();
